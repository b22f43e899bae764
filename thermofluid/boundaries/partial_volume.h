#pragma once
// What ThermofluidStream's volumes share (its PartialVolume): mass M and internal energy U_med as states, inlets
// and outlets, an optional heat port, TFS's damping and reverse-flow guard. In LIED form a volume is a sink for
// each stream that arrives and a source for each that leaves (it owns each outlet's mass flow as a state):
//   r_in,k = (p − p̂_in,k) + r_damping + L·dṁ_in,k/dt        (each upstream flow's inertial pressure)
//   residual_j = r_out,j + L·dṁ_out,j/dt − r_damping = 0      (tearing: dṁ_out,j/dt)
//   dM/dt = Σṁ_in − Σṁ_out,   dU_med/dt = Q_flow + Σ h_in,k·ṁ_in,k − h·Σṁ_out
//   r_damping = k_volume_damping·sqrt(2L / (V·∂ρ/∂p|h))·dM/dt
// A medium with mass fractions (MoistAir) adds their masses M_Xi as states: dM_Xi/dt = Σ Xi_in,k·ṁ_in,k − Xi·Σṁ_out,
// Xi = M_Xi/M (perfect mixing; TFS: mXi).
// Reverse-flow guard (TFS): fluid that leaves through an inlet (ṁ_in < 0) carries the volume's own h, and fluid
// that enters through an outlet (ṁ_out < 0) is counted with h too. Mass stays balanced; energy only against
// boundaries: a stream reversed between two volumes leaves one with its h and enters the other with that one's h,
// since a directed stream carries no state upstream (docs/user-guide/thermofluid.md; tests/thermofluid/test_grid_network.cpp).
// Q_flow = U·A·(T_heatPort − T) when useHeatport. How (p, h) follow from M and U_med is the subclass's: a rigid
// volume (Volume, VolumeMix) or an elastic one (VolumeFlex).
#include "core/model/choice.h"
#include "core/model/block_lists.h"
#include "core/model/component.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/flow_start.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/interfaces/medium_parameter.h"
#include "thermofluid/thermal/heat_ports.h"

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lied::thermofluid {

class PartialVolume : public Component {
public:
    HeatFlowPort heatPort;                 // registered when useHeatport = true
    MediumParameter medium;
    double p_start = 101325;               // Pa (TFS: the medium's p_default)
    double T_start = 293.15;               // K
    Choice<bool> use_hstart{false};        // TFS's: start from h_start instead of T_start
    double h_start = 0.0;                  // J/kg
    double Xi_0 = 0.0;                     // kg/kg, initial mass fraction (media with mass fractions)
    Choice<bool> useHeatport{false};
    // TFS's useInlet and useOutlet (volumes with one inlet and one outlet): a volume only filled, only emptied or
    // only heated has no plug there.
    Choice<bool> useInlet{true}, useOutlet{true};
    FlowStartChoice flow_start;            // initM_flow, m_acceleration_0: how the outlets' flows start
    double A = 1.0;                        // m², heat transfer area
    double U = 200.0;                      // W/(m²·K), thermal transmittance
    SystemDefault L{defaults::L};
    SystemDefault k_volume_damping{defaults::k_volume_damping};
    State M{1.0};                          // kg
    State U_med{0.0};                      // J
    State M_Xi{0.0};                       // kg, mass of the mass fraction (registered when the medium has one)

protected:
    // One outlet with the mass flow the volume owns.
    struct Outflow {
        FluidOutlet plug;
        State m_flow{0.0};                 // kg/s, leaving
        Out<double> der_m_flow, residual;
    };
    // Registers everything, with the given inlets and outlets (named `inlet_names[k]` …); the subclass calls it
    // from metainfo() after its own geometry parameters.
    void declare_volume(Meta& meta, std::span<FluidInlet* const> inlets, std::span<const std::string_view> inlet_names,
                        std::span<Outflow* const> outlets, std::span<const std::string_view> outlet_names);
    void declare_volume(Meta& meta, FluidInlet& inlet, Outflow& outlet);   // one of each: "inlet" and "outlet"
    // The state (p, h, T, ρ) at mass M and internal energy U into props_; false if there is none (then NaN flows).
    // `volume_out` is the volume it found (for the damping).
    virtual bool medium_state(double M, double U, MediumProperties& props, double& volume_out) = 0;
    // The mass at the start state s (p_start, T_start); throws a BuildError if this volume cannot hold the medium.
    virtual double start_mass(const Meta& meta, const MediumProperties& s) = 0;
    // The enthalpy of what leaves through the outlets while they flow forward (TFS's state_out): the volume's own,
    // or a phase separator's pipe's. Called by the medium block once p_, h_ and props_ hold the new state.
    virtual double outlet_enthalpy() { return h_; }
    // How the start state was given, for messages ("T_start = 293.15 K"); a subclass with its own start says its own.
    virtual std::string start_description() const;
    // The pressure derivative of the density the damping uses (TFS: ∂ρ/∂p|h of the medium, or of the walls).
    virtual double damping_compressibility(const MediumProperties& props, double /*volume*/) const { return props.drho_dp_h; }
    // The work W_v done on the volume's content as its volume changes (TFS: 0 for rigid and elastic volumes; an
    // open tank pushes back the atmosphere), given dM/dt.
    virtual double volume_work(double /*dM*/) const { return 0.0; }
    // Signals medium_state() and volume_work() read besides M and U_med (an open tank's ambient pressure input);
    // the subclass fills it before declare_volume().
    std::vector<const SignalBase*> medium_reads_;
    // false: p_start is not a parameter (an open tank's pressure follows from its level); the subclass sets it.
    bool p_start_is_parameter_ = true;
    // How the start state is given: the parameters (T_start, or use_hstart and h_start) and the enthalpy at p_start
    // they give. A subclass with a start of its own (a phase separator's init_method) declares and computes its own.
    virtual void declare_start(Meta& meta);
    virtual double start_enthalpy(Meta& meta) const;

    // For rigid volumes (Volume, VolumeMix): (p, h) from d = M/V and u = U/M by the medium; a compressible medium only.
    bool rigid_state(double V, double M, double U, MediumProperties& props, double& volume_out);
    double rigid_start_mass(const Meta& meta, const MediumProperties& s, double V) const;
    // TFS's rigid volumes damp with a set ∂ρ/∂p|h (density_derp_h_set, 1e-6 s²/m²: "approx. 1e-5 for air, 1e-7 for
    // water"), or with the medium's (density_derp_h_from_media); the subclass calls declare_rigid_damping().
    Choice<bool> density_derp_h_from_media{false};
    double density_derp_h_set = 1e-6;   // s²/m²
    void declare_rigid_damping(Meta& meta);
    // use_hstart and h_start; a subclass that needs the start enthalpy before declare_volume() (a reservoir's start
    // pressure) declares them first, and declare_volume() then does not.
    void declare_start_enthalpy(Meta& meta);
    bool start_enthalpy_declared_ = false;
    double rigid_damping_compressibility(const MediumProperties& props) const {
        return density_derp_h_from_media ? props.drho_dp_h : density_derp_h_set;
    }

    MediumProperties props_;
    double p_ = 1e5, h_ = 0, T_ = 0, rho_ = 0, V_ = 0, damping_factor_ = 0;
    double h_out_ = 0;   // what the outlets carry when they flow forward (outlet_enthalpy())
    // W: TFS's reverse-flow guard books the volume's own h for what leaves through an inlet, where the stream
    // carries the inlet's; the difference is energy the formulation creates. And the volume work of a subclass.
    double reverse_flow_energy_ = 0, volume_work_ = 0;
    MassFractions Xi_{};                   // the volume's mass fractions, M_Xi/M
    double p_guess_ = 1e5;   // Newton's start: the last pressure found (kept through a failed evaluation)

private:
    void evalMedium();
    void evalFlow();
    void evalDerFlow();
    void evalDamping();
    void evalResidual();
    void evalInertial();
    void evalHeatFlow();
    void evalBalances();
    std::vector<FluidInlet*> inlets_;
    std::vector<Outflow*> outlets_;
    Out<double> r_damping_, Q_flow_;
    Out<double> medium_p_;   // the pressure evalMedium found: what orders the blocks that use its results
    std::array<BlockLists, 7> lists_;   // the blocks' reads and writes, kept between crawls
    std::string name_;                  // a numbered outlet's names, written here at every crawl
    bool has_Xi_ = false;
};

}  // namespace lied::thermofluid
