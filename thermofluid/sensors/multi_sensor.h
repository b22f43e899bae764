#pragma once
// A flow-through sensor (TFS's MultiSensor_Tpm, plus h and the volume flow): inlet → outlet without pressure
// drop or inertance; outputs T, p, h, m_flow and V_flow as signals a controller can read. It is flow-through
// because in Lied an outlet connects to exactly one inlet (a TFS sensor taps a connection instead).
#include "thermofluid/interfaces/siso_flow.h"

namespace lied::thermofluid {

class MultiSensor_Tpm final : public SISOFlow {
public:
    Out<double> T, p, h, m_flow, V_flow;   // K, Pa, J/kg, kg/s, m³/s

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "MultiSensor_Tpm"; }

private:
    void evalState();
    void evalMeasure();
    MediumProperties props_;
};

}  // namespace lied::thermofluid
