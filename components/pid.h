#pragma once
// A limited PID controller with anti-windup, after Modelica.Blocks.Continuous.LimPID:
//   y_unlimited = k·( wp·u_s − u_m  +  I  +  D ),   y = y_unlimited clipped to [yMin, yMax]
//   dI/dt = ( u_s − u_m + (y − y_unlimited)/(k·Ni) ) / Ti        (back-calculation: the integrator stops winding
//                                                                  up while the output is limited)
//   D = Nd·(wd·u_s − u_m − x_D),   dx_D/dt = (wd·u_s − u_m − x_D)·Nd/Td   (Td·s/(1 + s·Td/Nd), no pure derivative)
// withFeedForward adds kFF·u_ff to y_unlimited after the gain (a known disturbance, such as a heat load, acted on
// before the error shows it); the limits and the anti-windup then act on the sum, as in Modelica. withTracking puts
// the actuator's real output y_track in place of y in the back-calculation.
// controllerType P, PI, PD or PID selects the parts; only the selected ones have states. A negative k gives a
// reverse-acting controller (e.g. more cooling when the measurement rises above the set point).
#include "core/model/block_lists.h"
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/signal.h"
#include "core/model/state.h"

#include <array>
#include <string>

namespace lied::components {

class PID final : public Component {
public:
    In<double> u_s;            // set point
    In<double> u_m;            // measurement
    Out<double> y;             // limited output
    In<double> u_ff{In<double>::Optional{0.0}};   // feed-forward (withFeedForward); connected when used
    Choice<bool> withFeedForward{false};
    double kFF = 1.0;          // gain of the feed-forward
    // withTracking: the anti-windup follows what the actuator really does, y_track (a valve's position behind a rate
    // limiter, a manual override), instead of y: dI/dt = (e + (y_track − y_unlimited)/(k·Ni))/Ti (Åström and
    // Hägglund's tracking mode). The integral then never runs away while the actuator lags or is overridden.
    In<double> y_track{In<double>::Optional{0.0}};
    Choice<bool> withTracking{false};
    enum class Type { P, PI, PD, PID };   // the options' order
    Choice<Type> controllerType{Type::PI};
    double k = 1.0;            // gain
    double Ti = 1.0;           // s, integral time
    double Td = 0.1;           // s, derivative time
    double yMax = 1.0, yMin = 0.0;
    double wp = 1.0;           // set-point weight of the proportional part
    double wd = 0.0;           // set-point weight of the derivative part
    double Ni = 0.9;           // anti-windup: Ni·Ti is the time constant of the back-calculation
    double Nd = 10.0;          // derivative filter: the derivative acts up to Nd/Td
    State I{0.0};              // integral part (in units of the control error)
    State x_D{0.0};            // derivative filter

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "PID"; }

private:
    void output();
    void derivatives();
    Out<double> y_unlimited_;
    bool integral_ = true, derivative_ = false, feed_forward_ = false, tracking_ = false;
    std::array<BlockLists, 2> lists_;   // the blocks' reads and writes, kept between crawls
};

}  // namespace lied::components
