#pragma once
// A force (torque) given by an input signal, acting on the driving flange it is attached to, along +s.
#include "core/model/meta.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

namespace lied::mechanics {

template <class D>
class AppliedForceOf : public Component {
public:
    DrivenFlange<D> flange;
    In<double> F;

    void metainfo(Meta& meta) override {
        meta.plug(flange, "flange");
        meta.signal(F, D::applied_input);
        meta.pass_through(F, flange.f, "evalForce");
        meta.template block<&AppliedForceOf::evalPower>(this, "evalPower", {&F, &flange.w}, {});
        meta.supplies(Quantity::Energy, power_, "applied");   // at the velocity w, as every force in the books
    }

private:
    void evalPower() { power_ = F.value() * flange.w.value(); }
    double power_ = 0.0;
};

}  // namespace lied::mechanics
