#include "thermofluid/boundaries/volume_flex.h"

#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <cmath>

namespace lied::thermofluid {

// Newton on g(p) = p − p_ref − K·(M/(ρ·V_ref) − 1), with h = u + p/ρ updated as it goes. The slope ignores how h
// moves with p (it is small for liquids: p/ρ against h), so the iteration converges linearly but fast; for an
// incompressible liquid ρ does not depend on p and two passes settle it.
bool VolumeFlex::medium_state(double M, double U, MediumProperties& props, double& volume) {
    const Medium& m = *medium.medium;
    const double u = U / M;
    double p = p_guess_;
    double rho = rho_ > 0 && std::isfinite(rho_) ? rho_ : 1000.0;
    for (int iteration = 0; iteration < 60; ++iteration) {
        m.properties(p, u + p / rho, Xi_.data(), props);
        if (!props.valid) return false;
        volume = M / props.rho;
        const double g = p - p_ref - K * (volume / V_ref - 1.0);
        const double slope = 1.0 + K * volume / V_ref * std::max(props.drho_dp_h, 0.0) / props.rho;
        const double step = g / slope;
        const bool settled = std::abs(props.rho - rho) <= 1e-14 * props.rho;
        rho = props.rho;
        if (std::abs(step) <= 1e-12 * std::max(std::abs(p), std::abs(p_ref)) && settled) return true;
        p -= step;
    }
    invalidate(props, p, u + p / rho, "VolumeFlex: no pressure matches the mass and energy (the walls' law has no solution)");
    return false;
}

double VolumeFlex::start_mass(const Meta& meta, const MediumProperties& s) {
    const double V0 = V_ref * (1.0 + (p_start - p_ref) / K);
    if (!(V0 > 0))
        throw BuildError(meta.path() + ": p_start = " + std::to_string(p_start) + " Pa gives the volume " + std::to_string(V0) +
                             " m3 (rule: an elastic volume starts with a positive volume, p_start > p_ref − K)",
                         "positive start volume");
    return V0 * s.rho;
}

void VolumeFlex::metainfo(Meta& meta) {
    medium.declare(meta, {&inlet}, {&outlet});
    meta.parameter(p_ref, "p_ref", ParameterSpec::positive("Pa", "pressure at which the volume is V_ref").read_at_build());
    meta.parameter(V_ref, "V_ref", ParameterSpec::positive("m3", "volume at p_ref").read_at_build());
    // Read at build: the start volume follows from p_start through K wherever p_start differs from p_ref.
    meta.parameter(K, "K", ParameterSpec::positive("Pa", "bulk modulus of the walls").read_at_build());
    declare_volume(meta, inlet, outflow_);
    meta.valid_range("V", ValidRange::above(0.0, "an elastic volume stays positive"));
}

LIED_REGISTER_COMPONENT(VolumeFlex, "elastic volume for liquids: p = p_ref + K·(V/V_ref − 1) (TFS VolumeFlex)");

}  // namespace lied::thermofluid
