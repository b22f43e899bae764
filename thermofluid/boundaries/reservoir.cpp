#include "thermofluid/boundaries/reservoir.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>
#include <cmath>

namespace lied::thermofluid {

// The pressure follows from the mass alone; h = u + p/ρ(p, h) is a fixed point in ρ that settles in one pass for a
// constant-density liquid and in a few for a compressible one.
bool Reservoir::medium_state(double M, double U, MediumProperties& props, double& volume) {
    p_env_ = p_env();
    const double p = p_env_ + M * g / A_surf, u = U / M;
    double rho = rho_ > 0 && std::isfinite(rho_) ? rho_ : 1000.0;
    for (int iteration = 0; iteration < 50; ++iteration) {
        medium.medium->properties(p, u + p / rho, Xi_.data(), props);
        if (!props.valid) return false;
        const bool settled = std::abs(props.rho - rho) <= 1e-14 * props.rho;
        rho = props.rho;
        if (settled) break;
    }
    volume = M / props.rho;
    height_ = volume / A_surf;
    return true;
}

double Reservoir::start_mass(const Meta&, const MediumProperties& s) { return s.rho * A_surf * height_0; }

void Reservoir::metainfo(Meta& meta) {
    medium.declare(meta, {&inlet}, {&outlet});
    meta.signal(pEnv_input, "pEnv_input");
    meta.parameter(p_env_par, "p_env_par", ParameterSpec::positive("Pa", "ambient pressure above the surface (unless pEnv_input is connected)").read_at_build());
    meta.parameter(A_surf, "A_surf", ParameterSpec::positive("m2", "base area").read_at_build());
    meta.parameter(height_0, "height_0", ParameterSpec::positive("m", "initial level").read_at_build());
    meta.parameter(height_min, "height_min", ParameterSpec::non_negative("m", "lowest level the model is valid for").read_at_build());
    meta.parameter(g, "g", defaults::kG, ParameterSpec::positive("m/s2", "gravitational acceleration").read_at_build());
    // The start pressure at the bottom: the level's weight on the ambient pressure (ρ found by fixed point).
    p_start_is_parameter_ = false;
    p_start = p_env_par;
    declare_start_enthalpy(meta);   // the start density below needs it
    if (const Medium* m = medium.medium) {
        for (int iteration = 0; iteration < 5; ++iteration) {
            const double rho = m->at(p_start, use_hstart ? h_start : m->specific_enthalpy(p_start, T_start, nullptr)).rho;
            if (!(rho > 0)) break;   // outside the medium: declare_volume names the start state
            p_start = p_env_par + rho * g * height_0;
        }
    }
    medium_reads_ = {&pEnv_input};
    declare_volume(meta, inlet, outflow_);
    meta.variable(height_, "height", "m");
    meta.variable(p_env_, "p_env", "Pa");
    // Checked on the state after every step (variables are checked at recorded samples only): the mass at height_min
    // with the start density — exact for the constant-density liquids the reservoir is meant for.
    const double rho_start = M.start / (A_surf * height_0);
    meta.valid_range("M", ValidRange::above(rho_start * A_surf * height_min, "the level of a reservoir stays above height_min"));
    meta.valid_range("height", ValidRange::above(height_min, "the level of a reservoir stays above height_min"));
}

LIED_REGISTER_COMPONENT(Reservoir, "open tank: level, ambient pressure and gravity set the pressure at the bottom (TFS Reservoir)");

}  // namespace lied::thermofluid
