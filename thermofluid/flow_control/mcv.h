#pragma once
// ThermofluidStream's MCV, the flow rate control valve: it throttles so that its mass flow (or volume flow at the
// inlet's density) follows a set point with the time constant TC. A fast inner loop moves the drop's state dp_int
// until the inertial pressure across the valve, dr = r_out − r_in, equals what that first-order approach needs,
//     dr_set = −L/TC·(ṁ_set − ṁ),   TC/k1·d(dp_int)/dt = clamp(dr, ±1e8 Pa) − dr_set + k2·(dp − dp_int),
// with TFS's anti-windup term k2·(dp − dp_int) (back-calculation, Åström 1989) and the applied change of pressure
// dp = max(p_min − p_in, min(0, dp_int)) (TFS's sign: negative, the valve only throttles; Lied's drop is −dp). Its
// inertance is TFS's fixed 100 1/m. A set point the network cannot deliver leaves the valve fully open (dp = 0), or
// throttled to p_min.
#include "core/model/choice.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/siso_flow.h"

namespace lied::thermofluid {

class MCV final : public SISOFlow {
public:
    enum class Mode { mass_flow, volume_flow };   // the options' order
    Choice<Mode> mode{Mode::mass_flow};
    double massFlow_set_par = 0.0;     // kg/s, while setpoint_var is unconnected (mode mass_flow)
    double volumeFlow_set_par = 0.0;   // m³/s, while setpoint_var is unconnected (mode volume_flow)
    double TC = 0.1;                   // s, time constant of the set point dynamic
    double k1 = 100.0;                 // how much faster the inner loop is than TC
    double k2 = 100.0;                 // anti-windup factor
    SystemDefault p_min_par{defaults::p_min};   // Pa, lowest outlet pressure
    In<double> setpoint_var{In<double>::Optional{0.0}};   // kg/s or m³/s, the set point while connected
    State dp_int{0.0};                 // Pa, the inner loop's change of pressure (TFS: starts at 0)

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "MCV"; }

private:
    static constexpr double kL = 100.0;   // 1/m, TFS's final L: dr_set would otherwise get very small
    void evalState();
    void evalLoop();
    double rho_in_ = 0.0, V_flow_ = 0.0, m_flow_set_ = 0.0, dr_set_ = 0.0, dr_ = 0.0;
};

}  // namespace lied::thermofluid
