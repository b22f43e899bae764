#pragma once
// ThermofluidStream's Volume: a rigid volume V_par with mass M and internal energy U_med as states, one inlet,
// one outlet and an optional heat port. Its pressure and enthalpy follow from d = M/V and u = U_med/M through the
// medium (a gas, or a compressible liquid such as WaterIF97; an incompressible medium is refused at build time:
// use VolumeFlex). In LIED form the volume is a sink for the stream that arrives and a source for the one that
// leaves:
//   r_in = (p − p̂_in) + r_damping + L·dṁ_in/dt                     (the upstream flow's inertial pressure)
//   residual = r_out + L·dṁ_out/dt − r_damping = 0                 (it owns the outlet mass flow as a state)
//   dM/dt = ṁ_in − ṁ_out,   dU_med/dt = Q_flow + h_in·ṁ_in − h·ṁ_out
//   r_damping = k_volume_damping·sqrt(2L / (V·∂ρ/∂p|h))·dM/dt       (TFS: damps coupled volumes)
// Reverse-flow guard (TFS): fluid that leaves through the inlet (ṁ_in < 0) carries the volume's own h, so reverse
// flow conserves mass and energy and is allowed. Q_flow = U·A·(T_heatPort − T) when useHeatport.
#include "core/component.h"
#include "core/state.h"
#include "core/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/fluid_plugs.h"
#include "thermofluid/medium_parameter.h"
#include "thermofluid/thermal/heat_ports.h"

#include <string>

namespace lied::thermofluid {

class Volume final : public Component {
public:
    // A rigid volume needs a compressible medium, so its default is air rather than the idealized water.
    Volume() { medium.name = "SimpleAir"; }
    FluidInlet inlet;
    FluidOutlet outlet;
    HeatFlowPort heatPort;                 // registered when useHeatport = true
    MediumParameter medium;
    double V_par = 1e-3;                   // m³
    double p_start = 1e5;                  // Pa
    double T_start = 293.15;               // K
    std::string useHeatport = "false";
    double A = 1.0;                        // m², heat transfer area
    double U = 200.0;                      // W/(m²·K), thermal transmittance
    SystemDefault L{defaults::L};
    SystemDefault k_volume_damping{defaults::k_volume_damping};
    State M{1.0};                          // kg
    State U_med{0.0};                      // J
    State m_flow_out{0.0};                 // kg/s, leaving through the outlet; start value m_flow_out_0

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Volume"; }

private:
    void evalMedium();
    void evalFlow();
    void evalDerFlow();
    void evalDamping();
    void evalResidual();
    void evalInertial();
    void evalHeatFlow();
    void evalBalances();
    Out<double> der_m_flow_out_, residual_, r_damping_, Q_flow_;
    MediumProperties props_;
    bool heat_port_ = false;
    double p_ = 1e5, h_ = 0, T_ = 0, rho_ = 0, damping_factor_ = 0;
    double p_guess_ = 1e5;   // Newton's start: the last pressure found (kept through a failed evaluation)
};

}  // namespace lied::thermofluid
