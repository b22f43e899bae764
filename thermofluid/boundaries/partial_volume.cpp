#include "thermofluid/boundaries/partial_volume.h"

#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "thermofluid/media/state_from_density.h"

#include <cmath>
#include <limits>

namespace lied::thermofluid {

bool PartialVolume::rigid_state(double V, double M, double U, MediumProperties& props, double& volume_out) {
    volume_out = V;
    return state_from_density(*medium.medium, M / V, U / M, Xi_.data(), p_guess_, props);
}

double PartialVolume::rigid_start_mass(const Meta& meta, const MediumProperties& s, double V) const {
    if (!(s.drho_dp_h > 0))
        throw BuildError(meta.path() + ": medium " + medium.medium->name() + " is incompressible, so a rigid " + type_name() +
                             " cannot set its pressure (rule: a rigid volume needs a compressible medium; use VolumeFlex for liquids "
                             "of constant density)",
                         "compressible medium in a rigid volume");
    return V * s.rho;
}

void PartialVolume::evalMedium() {
    if (has_Xi_) Xi_[0] = M_Xi() / M();
    if (medium_state(M(), U_med(), props_, V_)) {
        p_guess_ = p_ = props_.p, h_ = props_.h, T_ = props_.T, rho_ = props_.rho;
        damping_factor_ = k_volume_damping * std::sqrt(std::abs(2.0 * L / (V_ * std::max(damping_compressibility(props_, V_), 1e-10))));
    } else {
        // No state: NaN reaches the outlets and the diagnosis names this volume and the medium's reason.
        p_ = h_ = T_ = rho_ = std::numeric_limits<double>::quiet_NaN();
    }
    h_out_ = std::isfinite(p_) ? outlet_enthalpy() : h_;
    for (Outflow* o : outlets_) o->plug.state.value() = {p_, h_out_, Xi_};
    medium_p_.value() = p_;
}

void PartialVolume::evalFlow() {
    for (Outflow* o : outlets_) o->plug.m_flow.value() = o->m_flow();
}

void PartialVolume::evalDerFlow() {
    for (Outflow* o : outlets_) o->plug.der_m_flow.value() = o->m_flow.der.value() = o->der_m_flow.value();
}

void PartialVolume::evalDamping() {
    double dM = 0.0;
    for (FluidInlet* in : inlets_) dM += in->m_flow.value();
    for (Outflow* o : outlets_) dM -= o->m_flow();
    r_damping_.value() = damping_factor_ * dM;
}

void PartialVolume::evalResidual() {
    for (Outflow* o : outlets_) o->residual.value() = o->plug.r.value() + L * o->der_m_flow.value() - r_damping_.value();
}

void PartialVolume::evalInertial() {
    for (FluidInlet* in : inlets_) in->r.value() = p_ - in->state.value().p + r_damping_.value() + L * in->der_m_flow.value();
}

void PartialVolume::evalHeatFlow() {
    Q_flow_.value() = U * A * (heatPort.T.value() - T_);
    heatPort.Q_flow.value() = -Q_flow_.value();
}

void PartialVolume::evalBalances() {
    double dM = 0.0, dU = useHeatport ? Q_flow_.value() : 0.0, dM_Xi = 0.0;
    reverse_flow_energy_ = 0.0;
    for (FluidInlet* in : inlets_) {
        const double m = in->m_flow.value();
        const bool forward = m >= 0;   // TFS's reverse-flow guard: what leaves through an inlet is the volume's own
        if (!forward) reverse_flow_energy_ += m * (h_ - in->state.value().h);
        dM += m;
        dU += m * (forward ? in->state.value().h : h_);
        dM_Xi += m * (forward ? in->state.value().Xi[0] : Xi_[0]);
    }
    for (Outflow* o : outlets_) {
        dM -= o->m_flow();
        dU -= o->m_flow() * (o->m_flow() >= 0 ? h_out_ : h_);   // what enters through an outlet is counted with h
        // ... while the stream that arrives there carries the outlet's state: where that is not h (a phase separator's
        // pipe), the guard books the difference as its own.
        if (o->m_flow() < 0) reverse_flow_energy_ -= o->m_flow() * (h_ - h_out_);
        dM_Xi -= o->m_flow() * Xi_[0];
    }
    M.der.value() = dM;
    volume_work_ = volume_work(dM);
    U_med.der.value() = dU + volume_work_;
    M_Xi.der.value() = dM_Xi;
}

void PartialVolume::declare_volume(Meta& meta, FluidInlet& inlet, Outflow& outlet) {
    static const ChoiceSpec kUseInlet{{"false", "true"}, "false: no inlet (a volume only emptied, or only heated)"};
    static const ChoiceSpec kUseOutlet{{"false", "true"}, "false: no outlet (a volume only filled, or only heated)"};
    meta.choice(useInlet, "useInlet", kUseInlet);
    meta.choice(useOutlet, "useOutlet", kUseOutlet);
    FluidInlet* const inlets[] = {&inlet};
    Outflow* const outlets[] = {&outlet};
    const std::string_view inlet_names[] = {"inlet"}, outlet_names[] = {"outlet"};
    declare_volume(meta, std::span(inlets, useInlet ? 1 : 0), std::span(inlet_names, useInlet ? 1 : 0), std::span(outlets, useOutlet ? 1 : 0),
                   std::span(outlet_names, useOutlet ? 1 : 0));
}

void PartialVolume::declare_start(Meta& meta) {
    meta.parameter(T_start, "T_start", ParameterSpec::positive("K", "initial temperature (use_hstart = false)").read_at_build());
    if (!start_enthalpy_declared_) declare_start_enthalpy(meta);
}

double PartialVolume::start_enthalpy(Meta&) const {
    return use_hstart ? h_start : medium.medium->specific_enthalpy(p_start, T_start, Xi_.data());
}

std::string PartialVolume::start_description() const {
    return use_hstart ? "h_start = " + std::to_string(h_start) + " J/kg" : "T_start = " + std::to_string(T_start) + " K";
}

void PartialVolume::declare_start_enthalpy(Meta& meta) {
    static const ChoiceSpec kUseHstart{{"false", "true"}, "true: the volume starts at h_start; false: at T_start"};
    meta.choice(use_hstart, "use_hstart", kUseHstart);
    meta.parameter(h_start, "h_start", ParameterSpec::any("J/kg", "initial specific enthalpy (use_hstart = true)").read_at_build());
    start_enthalpy_declared_ = true;
}

void PartialVolume::declare_rigid_damping(Meta& meta) {
    static const ChoiceSpec kFromMedia{{"false", "true"}, "true: the damping's ∂ρ/∂p|h from the medium; false: density_derp_h_set (TFS's default)"};
    meta.choice(density_derp_h_from_media, "density_derp_h_from_media", kFromMedia);
    meta.parameter(density_derp_h_set, "density_derp_h_set",
                   ParameterSpec::positive("s2/m2", "∂ρ/∂p|h the damping uses (TFS: about 1e-5 for air, 1e-7 for water)"));
}

void PartialVolume::declare_volume(Meta& meta, std::span<FluidInlet* const> inlets, std::span<const std::string_view> inlet_names,
                                   std::span<Outflow* const> outlets, std::span<const std::string_view> outlet_names) {
    inlets_.assign(inlets.begin(), inlets.end());
    outlets_.assign(outlets.begin(), outlets.end());
    for (FluidInlet* in : inlets) in->medium = medium.medium;
    for (Outflow* o : outlets) o->plug.medium = medium.medium;
    static const ChoiceSpec kUseHeatportChoice{{"false", "true"}, "true: a heat port with Q_flow = U·A·(T_heatPort − T)"};
    meta.choice(useHeatport, "useHeatport", kUseHeatportChoice);
    if (p_start_is_parameter_) meta.parameter(p_start, "p_start", ParameterSpec::positive("Pa", "initial pressure").read_at_build());
    declare_start(meta);
    start_enthalpy_declared_ = false;   // for the next crawl
    meta.parameter(Xi_0, "Xi_0", ParameterSpec{"kg/kg", "initial mass fraction (media with one: MoistAir's water vapour, CombustionAir's nitrogen)", 0.0, 1.0});
    meta.parameter(A, "A", ParameterSpec::non_negative("m2", "heat transfer area"));
    meta.parameter(U, "U", ParameterSpec::non_negative("W/(m2.K)", "thermal transmittance"));
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of inlets and outlets"));
    meta.parameter(k_volume_damping, "k_volume_damping", defaults::kVolumeDamping,
                   ParameterSpec::non_negative("", "damping of the inertial pressure"));

    // Initial mass and energy from p_start and T_start; refused where the medium cannot give the state.
    has_Xi_ = medium.medium && medium.medium->mass_fractions() > 0;
    Xi_.fill(0.0);
    if (const Medium* m = medium.medium) {
        if (has_Xi_) Xi_[0] = Xi_0;
        meta.require(has_Xi_ || Xi_0 == 0.0, [&] { return std::string("Xi_0 = ") + std::to_string(Xi_0) + " is set, but medium " + m->name() + " has no mass fractions"; },
                     "mass fractions only for a medium that has them");
        if (has_Xi_)
            meta.advise(m->extreme_mass_fraction("Xi_0", Xi_0).empty(), [&] { return m->extreme_mass_fraction("Xi_0", Xi_0); },
                        "a mixture's mass fraction left at 0 is one pure substance; set Xi_0 to the composition meant");
        double h0 = start_enthalpy(meta);
        MediumProperties s = m->at(p_start, h0, Xi_.data());
        // Checked when a simulator is built, not when the component is only described: a system file sets the medium
        // before the start state, and a default start need not suit every medium (CO2's triple point lies above 1 atm).
        meta.require(s.valid, [&] {
            return "the start state p_start = " + std::to_string(p_start) + " Pa, " + start_description() + " is outside medium " + m->name() + " (" +
                   s.invalid_reason + ")";
        }, "a volume starts in its medium's range");
        if (!s.valid) {   // a stand-in so that describing goes on; the build stops at the requirement above
            s.rho = 1.0, s.T = T_start, s.drho_dp_h = 1e-6;
            h0 = 0.0;
        }
        M.start = start_mass(meta, s);
        U_med.start = M.start * (h0 - p_start / s.rho);
        p_ = p_guess_ = p_start;
        T_ = s.T;
        meta.state(M, "M", M.start, "kg");
        meta.state(U_med, "U_med", M.start * std::max(std::abs(h0 - p_start / s.rho), 1e4), "J");
        if (has_Xi_) {
            M_Xi.start = M.start * Xi_[0];
            meta.state(M_Xi, "M_Xi", M.start * 0.01, "kg");
            meta.valid_range("M_Xi", ValidRange::at_least(0.0, "the mass of a mass fraction is not negative"));
            meta.variable(Xi_[0], "Xi", "kg/kg");
        }
    } else {
        meta.state(M, "M", 1.0, "kg");
        meta.state(U_med, "U_med", 1e5, "J");
    }
    // The blocks' lists are members, refilled at every crawl (no allocation in a rebuild).
    BlockLists& medium_lists = lists_[0].reset({&M.value, &U_med.value});
    BlockLists& flow_lists = lists_[1].reset();
    BlockLists& der_lists = lists_[2].reset();
    // The blocks after evalMedium read what it found (p, h, T, the damping factor) through medium_p_, which it writes
    // whether or not the volume has an outlet.
    medium_lists.writes.push_back(&medium_p_);
    BlockLists& damping_lists = lists_[3].reset({&medium_p_}, {&r_damping_});
    BlockLists& residual_lists = lists_[4].reset({&r_damping_});
    BlockLists& inertial_lists = lists_[5].reset({&medium_p_, &r_damping_});
    BlockLists& balance_lists = lists_[6].reset({&medium_p_}, {&M.der, &U_med.der});
    medium_lists.reads.insert(medium_lists.reads.end(), medium_reads_.begin(), medium_reads_.end());
    balance_lists.reads.insert(balance_lists.reads.end(), medium_reads_.begin(), medium_reads_.end());
    if (has_Xi_) {
        medium_lists.reads.push_back(&M_Xi.value);
        balance_lists.writes.push_back(&M_Xi.der);
    }
    for (std::size_t k = 0; k < inlets.size(); ++k) {
        meta.plug(*inlets[k], inlet_names[k]);
        damping_lists.reads.push_back(&inlets[k]->m_flow);
        inertial_lists.reads.push_back(&inlets[k]->state);
        inertial_lists.reads.push_back(&inlets[k]->der_m_flow);
        inertial_lists.writes.push_back(&inlets[k]->r);
        balance_lists.reads.push_back(&inlets[k]->m_flow);
        balance_lists.reads.push_back(&inlets[k]->state);
    }
    // Several outlets are numbered: m_flow_out[1], …; the names are written into one reused buffer.
    auto name = [&](const char* base, std::size_t j) -> std::string_view {
        name_.assign(base);
        if (outlets.size() > 1) name_.append("[").append(std::to_string(j + 1)).append("]");
        return name_;
    };
    if (!outlets.empty()) flow_start.declare_choice(meta);
    for (std::size_t j = 0; j < outlets.size(); ++j) {
        Outflow& o = *outlets[j];
        meta.plug(o.plug, outlet_names[j]);
        meta.parameter(o.m_flow.start, name("m_flow_out_0", j), ParameterSpec::any("kg/s", "initial outlet mass flow"));
        flow_start.mark(meta, o.m_flow);
        meta.state(o.m_flow, name("m_flow_out", j), defaults::flow_nominal, "kg/s");
        meta.tearing(o.der_m_flow, name("der_m_flow_out", j));
        meta.residual(o.residual, name("residual", j));
        medium_lists.writes.push_back(&o.plug.state);
        flow_lists.reads.push_back(&o.m_flow.value);
        flow_lists.writes.push_back(&o.plug.m_flow);
        der_lists.reads.push_back(&o.der_m_flow);
        der_lists.writes.push_back(&o.plug.der_m_flow);
        der_lists.writes.push_back(&o.m_flow.der);
        damping_lists.reads.push_back(&o.m_flow.value);
        residual_lists.reads.push_back(&o.plug.r);
        residual_lists.reads.push_back(&o.der_m_flow);
        residual_lists.writes.push_back(&o.residual);
        balance_lists.reads.push_back(&o.m_flow.value);
    }
    meta.signal(r_damping_, "r_damping");
    meta.signal(medium_p_, "p_medium");
    meta.block<&PartialVolume::evalMedium>(this, "evalMedium", medium_lists.reads, medium_lists.writes);
    meta.block<&PartialVolume::evalFlow>(this, "evalFlow", flow_lists.reads, flow_lists.writes);
    meta.block<&PartialVolume::evalDerFlow>(this, "evalDerFlow", der_lists.reads, der_lists.writes);
    meta.block<&PartialVolume::evalDamping>(this, "evalDamping", damping_lists.reads, damping_lists.writes);
    meta.block<&PartialVolume::evalResidual>(this, "evalResidual", residual_lists.reads, residual_lists.writes);
    meta.block<&PartialVolume::evalInertial>(this, "evalInertial", inertial_lists.reads, inertial_lists.writes);
    if (useHeatport) {
        meta.plug(heatPort, "heatPort");
        meta.signal(Q_flow_, "heat_flow");
        meta.variable(Q_flow_.value(), "Q_flow", "W");
        meta.block<&PartialVolume::evalHeatFlow>(this, "evalHeatFlow", {&heatPort.T, &medium_p_}, {&heatPort.Q_flow, &Q_flow_});
        balance_lists.reads.push_back(&Q_flow_);
    }
    meta.block<&PartialVolume::evalBalances>(this, "evalBalances", balance_lists.reads, balance_lists.writes);
    meta.stores(Quantity::Mass, M.value.value(), "M");
    meta.stores(Quantity::Energy, U_med.value.value(), "U_med");
    meta.creates(Quantity::Energy, reverse_flow_energy_, "reverse_flow_guard",
                 "fluid leaves through an inlet, which ThermofluidStream's directed formulation books with the element's own enthalpy: keep the flow forward");
    meta.supplies(Quantity::Energy, volume_work_, "volume_work");   // 0 but for a reservoir under an atmosphere
    meta.variable(p_, "p", "Pa");
    meta.variable(T_, "T", "K");
    meta.variable(h_, "h", "J/kg");
    meta.variable(rho_, "rho", "kg/m3");
    meta.variable(V_, "V", "m3");
    // Where the medium's iterations start (the last pressure and density found): part of a saved state.
    meta.warm_start(p_guess_);
    meta.warm_start(rho_);
    meta.valid_range("M", ValidRange::above(0.0, "the mass in a volume is positive"));
}

}  // namespace lied::thermofluid
