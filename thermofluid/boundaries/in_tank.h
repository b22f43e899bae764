#pragma once
// Open tank that receives a stream (a sink with a level). It closes the inertial pressure of its inlet:
//   r_in = (p_tank − p̂_in) + L·dm_flow/dt,   p_tank = p_amb + ρ·g·(level + elevation), ρ of the arriving liquid,
//   d(level)/dt = m_flow / (ρ·A)
// Flow may reverse (the tank then drains into the stream).
#include "core/model/component.h"
#include "core/model/state.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/interfaces/medium_parameter.h"

namespace lied::thermofluid {

class InTank final : public Component {
public:
    FluidInlet inlet;
    In<double> elevation{In<double>::Optional{0.0}};   // m; 0 while unconnected

    double A = 1.0;        // m²
    double L = 0.0;        // 1/m
    double p_amb = 1e5;    // Pa
    State level{1.0};      // m; start value is the parameter h0

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "InTank"; }
    double p = 0.0;        // Pa, absolute pressure at the port, for recording and its valid range
    MediumParameter medium;   // a liquid: ρ at (p_amb, h of the arriving stream)

private:
    double density();
    double mass_ = 0, enthalpy_in_ = 0;   // kg held; W entering the energy books (the tank keeps no energy state)
    void evalInertial();
    void evalLevel();
    CachedDensity density_;
};

}  // namespace lied::thermofluid
