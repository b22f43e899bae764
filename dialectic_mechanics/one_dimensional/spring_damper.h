#pragma once
// A linear spring and damper between two driven flanges (a compliant element: the only way to join two
// roots). With Δs = s_b − s_a − s_rel0 and the velocities w (exact: the rigid-body law, no lead):
//     f_a = c·Δs + d·(w_b − w_a),   f_b = −f_a          (f_a > 0: the element pulls a towards +s)
// Spring (d = 0) and Damper (c = 0) are the same element with one parameter.
#include "core/model/meta.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

#include <string>

namespace lied::mechanics {

enum class Compliance { Spring, Damper, SpringDamper };

template <class D, Compliance K>
class SpringDamperOf : public Component {
public:
    SpringDamperOf() = default;
    SpringDamperOf(double c, double d, double s_rel0 = 0.0) : c(c), d(d), s_rel0(s_rel0) {}
    DrivenFlange<D> flange_a, flange_b;
    double c = K == Compliance::Damper ? 0.0 : 1e3;   // N/m (N·m/rad)
    double d = K == Compliance::Spring ? 0.0 : 10.0;  // N·s/m (N·m·s/rad)
    double s_rel0 = 0.0;                              // unstretched length (angle)

    void metainfo(Meta& meta) override {
        meta.plug(flange_a, "flange_a");
        meta.plug(flange_b, "flange_b");
        const std::string per = std::string("/") + D::position_unit;
        if (K != Compliance::Damper) {
            meta.parameter(c, "c", ParameterSpec::non_negative(D::force_unit + per, "stiffness"));
            meta.parameter(s_rel0, "s_rel0", ParameterSpec::any(D::position_unit, "unstretched length (angle)"));
        }
        if (K != Compliance::Spring) meta.parameter(d, "d", ParameterSpec::non_negative(D::force_unit + std::string(".s") + per, "damping"));
        meta.block<&SpringDamperOf::evalForce>(this, "evalForce", {&flange_a.s, &flange_b.s, &flange_a.w, &flange_b.w}, {&flange_a.f, &flange_b.f});
        meta.variable(stretch_, "s_rel", D::position_unit);
        meta.variable(flange_a.f.value(), "f", D::force_unit);
        meta.variable(energy_, "E_pot", "J");
        if (K != Compliance::Damper) meta.stores(Quantity::Energy, energy_, "E_pot");
        if (K != Compliance::Spring) meta.dissipates(dissipation_, "damper");
    }

private:
    void evalForce() {
        stretch_ = flange_b.s.value() - flange_a.s.value() - (K == Compliance::Damper ? 0.0 : s_rel0);
        const double rate = flange_b.w.value() - flange_a.w.value();
        const double f = (K == Compliance::Damper ? 0.0 : c * stretch_) + d * rate;
        flange_a.f.value() = f;
        flange_b.f.value() = -f;
        energy_ = K == Compliance::Damper ? 0.0 : 0.5 * c * stretch_ * stretch_;
        dissipation_ = d * rate * rate;
    }
    double stretch_ = 0.0, energy_ = 0.0, dissipation_ = 0.0;
};

}  // namespace lied::mechanics
