#include "thermofluid/thermal/insulated_rod.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace lied::thermofluid {

namespace {
constexpr int kMaxVolumes = 100000;
std::string volume_name(std::size_t i) { return "T[" + std::to_string(i + 1) + "]"; }
}  // namespace

// The heat entering volume 1 through the half volume to the face at a. Both blocks compute it: a value shared
// through a member would be a dependency the schedule cannot see.
double InsulatedRod::heat_in_at_a() const {
    return 2 * lambda * A / (L / static_cast<double>(m_)) * (a.T.value() - (*T_.front())());
}

void InsulatedRod::evalPorts() {
    Q_a_ = heat_in_at_a();
    a.Q_flow.value() = -Q_a_;          // into the body at a: what the rod takes from it, negated
    b.T.value() = (*T_[m_ - 1])();
}

void InsulatedRod::evalDerivatives() {
    const std::size_t m = m_;
    const double dx = L / static_cast<double>(m), G = lambda * A / dx, C = rho * c * A * dx;
    U_ = 0.0;
    for (std::size_t i = 0; i < m; ++i) {
        double Q = (i == 0 ? heat_in_at_a() : G * ((*T_[i - 1])() - (*T_[i])())) + (i + 1 == m ? b.Q_flow() : G * ((*T_[i + 1])() - (*T_[i])()));
        T_[i]->der.value() = Q / C;
        U_ += C * (*T_[i])();
    }
}

void InsulatedRod::metainfo(Meta& meta) {
    meta.parameter(n, "n", ParameterSpec::count_up_to(kMaxVolumes, "number of volumes"));
    meta.require(n >= 1 && n == std::floor(n), [&] { return std::string("n = " + std::to_string(n)); }, "the number of volumes is a whole number from 1");
    m_ = static_cast<std::size_t>(std::clamp(n, 1.0, static_cast<double>(kMaxVolumes)));
    // States are objects with an identity that a built simulator points at: they are only ever added, never
    // destroyed, so a crawl with a new n (a change being prepared) leaves the running structure intact.
    while (T_.size() < m_) T_.push_back(std::make_unique<State>(T_start));
    const std::size_t m = m_;
    meta.plug(a, "a");
    meta.plug(b, "b");
    BlockLists& balance = lists_[1].reset();
    for (std::size_t i = 0; i < m; ++i) {
        T_[i]->start = T_start;
        meta.state(*T_[i], volume_name(i), 300.0, "K");
        meta.valid_range(volume_name(i), ValidRange::above(0.0, "an absolute temperature is positive"));
        balance.reads.push_back(&T_[i]->value);
        balance.writes.push_back(&T_[i]->der);
    }
    BlockLists& ports = lists_[0].reset({&a.T, &T_.front()->value, &T_[m - 1]->value}, {&a.Q_flow, &b.T});
    meta.block<&InsulatedRod::evalPorts>(this, "evalPorts", ports.reads, ports.writes);
    balance.reads.push_back(&a.T);
    b.append_heat_flow_signals(balance.reads);
    meta.block<&InsulatedRod::evalDerivatives>(this, "evalDerivatives", balance.reads, balance.writes);
    meta.parameter(L, "L", ParameterSpec::positive("m", "length"));
    meta.parameter(A, "A", ParameterSpec::positive("m2", "cross-section"));
    meta.parameter(rho, "rho", ParameterSpec::positive("kg/m3", "density"));
    meta.parameter(c, "c", ParameterSpec::positive("J/(kg.K)", "specific heat capacity"));
    meta.parameter(lambda, "lambda", ParameterSpec::positive("W/(m.K)", "thermal conductivity"));
    meta.parameter(T_start, "T_start", ParameterSpec::positive("K", "initial temperature of every volume").read_at_build());
    meta.variable(U_, "U", "J");
    meta.stores(Quantity::Energy, U_, "U");
    meta.variable(b.T.value(), "T_b", "K");   // the insulated end's temperature, T[n] whatever n is
    meta.variable(Q_a_, "Q_a", "W");
}

void InsulatedRod::take_over(const PreviousValues& previous, const std::string& path, Simulator& sim) {
    const std::string prefix = path.empty() ? "" : path + ".";
    std::size_t old = 0;
    while (previous.has(prefix + volume_name(old))) ++old;
    const std::size_t m = m_;
    if (old == 0 || old == m) return;   // new, or the same discretisation (carried over by name)
    // Overlap-weighted averages of the old profile: Σ Δx'·T' = Σ Δx·T, the energy, to rounding.
    const double dx_old = L / static_cast<double>(old), dx_new = L / static_cast<double>(m);
    for (std::size_t j = 0; j < m; ++j) {
        const double lo = dx_new * static_cast<double>(j), hi = dx_new * static_cast<double>(j + 1);
        double weighted = 0.0;
        const auto first = static_cast<std::size_t>(std::floor(lo / dx_old));
        for (std::size_t i = std::min(first, old - 1); i < old && dx_old * static_cast<double>(i) < hi; ++i) {
            const double overlap = std::min(hi, dx_old * static_cast<double>(i + 1)) - std::max(lo, dx_old * static_cast<double>(i));
            if (overlap > 0) weighted += overlap * previous(prefix + volume_name(i));
        }
        sim.set_state(prefix + volume_name(j), weighted / dx_new);
    }
}

LIED_REGISTER_COMPONENT(InsulatedRod, "rod with an insulated surface, n volumes conducting heat along it (n structural, energy kept when it changes)");

}  // namespace lied::thermofluid
