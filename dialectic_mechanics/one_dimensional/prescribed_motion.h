#pragma once
// Prescribed motion without differentiating the input: the root of a chain whose position follows a signal.
//  - Position: ds/dt = u = (s_ref − s)/T_D, a first-order follower with the dialectic time constant, so the
//    velocity exists without a derivative of s_ref (s lags s_ref by T_D·ds_ref/dt).
//  - Velocity (Speed for rotation): ds/dt = u = v_ref.
// The flange moves with w = u, exactly the derivative of s. Its acceleration, which the elastic velocity
// v = w + T_D·a needs, is estimated without differentiating either: the state w follows u with
// dw/dt = (u − w)/T_D, and a = dw/dt. The reaction (what the attached elements exert on the drive) is recorded.
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

#include <string>

namespace lied::mechanics {

enum class Prescribed { Position, Velocity };

template <class D, Prescribed P>
class PrescribedMotionOf : public Component {
public:
    DrivingFlange<D> flange;
    In<double> reference;   // s_ref or v_ref
    State s{0.0}, w{0.0};
    SystemDefault T_D{defaults::T_D};

    void metainfo(Meta& meta) override {
        meta.plug(flange, "flange");
        meta.signal(reference, P == Prescribed::Position ? "s_ref" : "v_ref");
        meta.state(s, "s", 1.0, D::position_unit);
        meta.state(w, "w", 1.0, D::velocity_unit);
        meta.parameter(s.start, "s_start", ParameterSpec::any(D::position_unit, std::string("initial ") + D::position_word));
        meta.parameter(w.start, "w_start", ParameterSpec::any(D::velocity_unit, "initial velocity"));
        meta.parameter(T_D, "T_D", defaults::kTD, ParameterSpec::positive("s", "dialectic time constant (and the follower's lag)"));
        meta.block<&PrescribedMotionOf::evalMotion>(this, "evalMotion", {&reference, &s.value, &w.value},
                                                    {&flange.s, &flange.v, &flange.w, &s.der, &w.der});
        BlockLists& reaction = reaction_lists_.reset();
        flange.append_force_signals(reaction.reads);
        reaction.reads.push_back(&flange.w);
        meta.block<&PrescribedMotionOf::evalReaction>(this, "evalReaction", reaction.reads, reaction.writes);
        meta.variable(reaction_, "reaction", D::force_unit);
        meta.supplies(Quantity::Energy, power_, "drive");   // the drive moves its flange at w against −reaction
    }

private:
    BlockLists reaction_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void evalMotion() {
        const double u = P == Prescribed::Position ? (reference.value() - s()) / T_D : reference.value();
        const double a = (u - w()) / T_D;
        flange.s.value() = s();
        flange.w.value() = u;
        flange.v.value() = u + T_D * a;
        s.der.value() = u;
        w.der.value() = a;
    }
    void evalReaction() {
        reaction_ = flange.force();
        power_ = -reaction_ * flange.w.value();
    }
    double power_ = 0.0;
    double reaction_ = 0.0;
};

}  // namespace lied::mechanics
