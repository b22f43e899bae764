#pragma once
// ThermofluidStream's Source and Sink: boundaries at a set pressure (and, for the source, temperature or
// specific enthalpy), from parameters or from input signals when those are connected.
//  - Source: p̂_out = p0, h_out = h0 (or h(p0, T0, Xi0) of the medium), Xi_out = Xi0 (a medium with a mass fraction,
//    e.g. MoistAir's water vapour; 0 otherwise). It owns the outlet mass flow as a state;
//    its derivative is the tearing variable, with the residual r_out + L·dṁ/dt = 0 (the stream's inertial
//    pressure, as every source of a LIED stream).
//  - Sink: closes the stream's inertial pressure at its pressure: r_in = (p0 − p̂_in) + L·dṁ/dt.
// L follows the system default (DropOfCommons.L, 0.01 1/m) unless set.
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/flow_start.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/interfaces/medium_parameter.h"

#include <string>

namespace lied::thermofluid {

class Source final : public Component {
public:
    FluidOutlet outlet;
    MediumParameter medium;
    // Optional inputs; while unconnected the parameters hold.
    In<double> p0_var{In<double>::Optional{0.0}}, T0_var{In<double>::Optional{0.0}}, h0_var{In<double>::Optional{0.0}},
        Xi0_var{In<double>::Optional{0.0}};
    double p0_par = 101325;     // Pa (TFS: the medium's p_default, 1 atm)
    double T0_par = 293.15;     // K
    double h0_par = 0.0;        // J/kg
    double Xi0_par = 0.0;       // kg/kg
    Choice<bool> setEnthalpy{false};
    SystemDefault L{defaults::L};   // 1/m
    State m_flow{0.0};          // kg/s, outlet mass flow; start value is the parameter m_flow_0
    FlowStartChoice flow_start;   // initM_flow, m_acceleration_0

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Source"; }

private:
    void evalState();
    void evalFlow();
    void evalDerFlow();
    void evalResidual();
    void evalBalance();
    Out<double> der_m_flow_, residual_;
    double p_ = 0, T_ = 0, h_ = 0;
    double mass_in_ = 0, enthalpy_in_ = 0;   // kg/s, W: what enters the model here
    MassFractions Xi_{};
    bool has_Xi_ = false;
};

class Sink final : public Component {
public:
    FluidInlet inlet;
    MediumParameter medium;
    In<double> p0_var{In<double>::Optional{0.0}};
    double p0_par = 101325;     // Pa (TFS: the medium's p_default, 1 atm)
    SystemDefault L{defaults::L};   // 1/m

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Sink"; }

private:
    void evalInertial();
    void evalBalance();
    double p_ = 0;
    double mass_in_ = 0, enthalpy_in_ = 0;   // kg/s, W: what enters the model here (negative: leaves)
};

}  // namespace lied::thermofluid
