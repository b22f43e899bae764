#pragma once
// ThermofluidStream's single sensors, flow-through like MultiSensor_Tpm (a Lied outlet connects to one inlet):
//  - SingleSensorSelect: one state quantity as the output signal `value`: T_K, T_C, p_Pa, p_bar, h_Jpkg, rho_kgpm3, Xi_kgpkg
//    (the first mass fraction, e.g. MoistAir's water vapour), x_kgpkg (vapour quality of a two-phase medium: 0 liquid,
//    1 vapour).
//  - SingleFlowSensor: one flow quantity: m_flow_kgps, V_flow_m3ps, V_flow_lpMin, H_flow_Jps (enthalpy flow ṁ·h).
// The quantity is a choice (TFS's names); the unit of `value` follows it.
#include "thermofluid/interfaces/siso_flow.h"

#include <string>

namespace lied::thermofluid {

class SingleSensorSelect final : public SISOFlow {
public:
    Out<double> value;
    std::string quantity = "T_K";

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "SingleSensorSelect"; }

private:
    void evalState();
    MediumProperties props_;
    int which_ = 0;
};

class SingleFlowSensor final : public SISOFlow {
public:
    Out<double> value;
    std::string quantity = "m_flow_kgps";

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "SingleFlowSensor"; }

private:
    void evalState();
    void evalMeasure();
    MediumProperties props_;
    int which_ = 0;
};

}  // namespace lied::thermofluid
