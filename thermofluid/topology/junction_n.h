#pragma once
// ThermofluidStream's JunctionN: N inlets mix into one outlet. The outlet carries the flow-weighted mixture,
// regularised near zero flow so the weights stay smooth when a branch stops or reverses:
//   w_k = (|ṁ_k| + m_flow_eps) / (Σ|ṁ_j| + N·m_flow_eps),   p̂_mix = Σ w_k·p̂_k,   h_mix = Σ w_k·h_k
//   ṁ_out = Σ ṁ_k,   r_mix = r_out + L·dṁ_out/dt,   r_k = p̂_mix + r_mix − p̂_k + L·dṁ_k/dt
// (the total pressure p̂ + r is equal at every inlet, as in TFS). The junction owns no flow: each inlet's flow
// belongs to its branch. Energy is balanced exactly when the branches' enthalpies are equal or the flows large
// against m_flow_eps; the regularisation error is ≤ N·m_flow_eps/Σ|ṁ| of the enthalpy spread.
// cut = "true" cuts the network at the outlet (docs/user-guide/thermofluid.md, "Long networks: cutting at splits and junctions"): the
// outlet's dṁ/dt and r become tearing variables, with the residuals dṁ_out,torn − Σ dṁ_k and r_out,torn − r_out.
// Same solution; L stays sparse where many junctions join a long line. "auto" (the default) cuts when the engine asks.
#include "core/model/block_lists.h"
#include "core/model/component.h"
#include "core/model/plug_array.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/topology/network_cut.h"
#include "thermofluid/interfaces/medium_parameter.h"

#include <string>
#include <vector>

namespace lied::thermofluid {

class JunctionN final : public Component {
public:
    explicit JunctionN(int n = 2) : inlets(n), N(n) {}
    PlugArray<FluidInlet> inlets;   // inlets[1] … inlets[N]
    FluidOutlet outlet;
    MediumParameter medium;
    double N;
    SystemDefault L{defaults::L};
    SystemDefault m_flow_eps{defaults::m_flow_reg};
    Choice<Cut> cut{Cut::automatic};   // on: tear the outlet; automatic: when L would be dense (structural)
    // TFS's: false weighs the inlets' pressures by volume flow, (|ṁ_k| + m_flow_eps)/ρ_k, where gases of different
    // densities meet; the enthalpy and mass fractions keep the mass weights.
    Choice<bool> assumeConstantDensity{true};
    static const ChoiceSpec& constant_density_choice();   // its options, also for a JunctionNM's alias

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "JunctionN"; }

private:
    void evalMix();
    void evalFlow();
    void evalDerFlow();
    void evalInertial();
    void evalCutDerFlow();
    void evalCutInertial();
    // With cut: the outlet's flow derivative and inertial pressure as tearing variables, and their residuals.
    Out<double> der_m_flow_out_, residual_der_out_, r_out_, residual_r_out_;
    double mixing_energy_ = 0;   // W: ṁ_out·h_mix − Σ ṁ_k·h_k, what the |ṁ|-weighted mixing creates
    bool cut_ = false;
    bool cut_asked_ = false;   // a simulator asked for the cut (cut = auto): kept, see Meta::offer_cut
    int n_ = 0;
    BlockLists mix_, flow_, der_, inertial_;   // refilled at every crawl
};

}  // namespace lied::thermofluid
