#pragma once
// Regularised Coulomb friction between two driven flanges (a on the ground, b the sliding body, or two bodies):
//     f_a = F_c·tanh((w_b − w_a)/v_reg),   f_b = −f_a
// It uses the velocities w: the law is nonlinear, so it stays explicit. Below v_reg it acts as a viscous
// damper of F_c/v_reg; a smaller v_reg is closer to Coulomb's law and stiffer (an implicit solver then pays off).
#include "core/model/meta.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

#include <cmath>
#include <string>

namespace lied::mechanics {

template <class D>
class FrictionOf : public Component {
public:
    DrivenFlange<D> flange_a, flange_b;
    double F_c = 1.0;     // Coulomb friction force (torque)
    double v_reg = 1e-3;  // velocity below which the law is regularised

    void metainfo(Meta& meta) override {
        meta.plug(flange_a, "flange_a");
        meta.plug(flange_b, "flange_b");
        meta.parameter(F_c, "F_c", ParameterSpec::non_negative(D::force_unit, "Coulomb friction force (torque) while sliding"));
        meta.parameter(v_reg, "v_reg", ParameterSpec::positive(D::velocity_unit, "sliding velocity below which friction is regularised"));
        meta.block<&FrictionOf::evalForce>(this, "evalForce", {&flange_a.w, &flange_b.w}, {&flange_a.f, &flange_b.f});
        meta.variable(flange_a.f.value(), "f", D::force_unit);
        meta.dissipates(dissipation_, "friction");
    }

private:
    void evalForce() {
        const double f = F_c * std::tanh((flange_b.w.value() - flange_a.w.value()) / v_reg);
        flange_a.f.value() = f;
        flange_b.f.value() = -f;
        dissipation_ = f * (flange_b.w.value() - flange_a.w.value());   // ≥ 0
    }
    double dissipation_ = 0.0;
};

}  // namespace lied::mechanics
