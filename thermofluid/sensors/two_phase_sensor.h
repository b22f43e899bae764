#pragma once
// ThermofluidStream's TwoPhaseSensorSelect, flow-through like the other sensors: one quantity of a two-phase medium's
// state relative to its saturation as the output signal `value` (TFS's names):
//   x_kgpkg        vapour quality (0 for liquid, 1 for vapour)
//   T_sat_K/_C     saturation temperature at the state's pressure
//   p_sat_Pa/_bar  saturation pressure at the state's temperature
//   T_oversat_K    T − T_sat(p): the superheat of a vapour, minus the subcooling of a liquid
//   p_oversat_Pa/_bar  p − p_sat(T): positive for a subcooled liquid
// A medium with one phase is refused at build time. Where the quantity does not exist (T_sat above the critical
// pressure, p_sat above the critical temperature) the value is NaN, and the build or the run stops naming this sensor.
#include "thermofluid/interfaces/siso_flow.h"

#include <string>

namespace lied::thermofluid {

class TwoPhaseSensorSelect final : public SISOFlow {
public:
    Out<double> value;
    std::string quantity = "x_kgpkg";

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "TwoPhaseSensorSelect"; }

private:
    void evalState();
    MediumProperties props_;
    SaturationProperties saturation_;
    int which_ = 0;
};

}  // namespace lied::thermofluid
