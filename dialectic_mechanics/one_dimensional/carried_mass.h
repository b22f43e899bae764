#pragma once
// A mass (inertia) carried rigidly by the flange it hangs on, as a load on a gear's output shaft: it has no degree
// of freedom of its own, so it may sit where a second Mass or Inertia would give its chain two roots. It moves with
// its chain's root and resists the root's acceleration a = (v − w)/T_D, the acceleration the root itself
// integrates, as long as both have the same T_D (both follow the system default unless set; a load with another T_D
// than its root scales its inertia by T_D_root/T_D, and nothing checks it):
//     f_a = Σ f_b − m·(a + g)
// on flange_a, where Σ f_b adds whatever hangs on flange_b, which passes the motion on. The force is linear in the
// tearing variable v, so the root's entry in L gains m/T_D (m/(ratio²·T_D) behind a gear): root and load move as one
// body of mass m_root + m/ratio², exactly, without a stiff element between them.
// A translational carried mass may feel gravity g along −s as a Mass does (g = 0, the default, for none).
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "core/model/system_default.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"
#include "dialectic_mechanics/one_dimensional/motion_records.h"

#include <string>
#include <type_traits>

namespace lied::mechanics {

template <class D>
class CarriedMassOf : public Component {
public:
    CarriedMassOf() = default;
    explicit CarriedMassOf(double m) : m(m) {}
    DrivenFlange<D> flange_a;    // on the flange that carries it
    DrivingFlange<D> flange_b;   // what it carries in turn (may stay empty)
    double m = 1.0;              // kg (kg·m² for an inertia)
    SystemDefault T_D{defaults::T_D};
    double g = 0.0;              // m/s², gravity along −s (translational only)

    void metainfo(Meta& meta) override {
        meta.plug(flange_a, "flange_a");
        meta.plug(flange_b, "flange_b");
        meta.parameter(m, "m", ParameterSpec::positive(D::inertia_unit, "mass (inertia) carried rigidly by flange_a"));
        meta.parameter(T_D, "T_D", defaults::kTD, ParameterSpec::positive("s", "dialectic time constant of the chain's root (the same as the root's)"));
        if constexpr (std::is_same_v<D, Translational>)
            meta.parameter(g, "g", ParameterSpec::any("m/s2", "gravity along -s (s pointing up; 0: none)"));
        // Position and velocity in two blocks, as a gear passes them: what reads only positions stays independent of v.
        meta.template block<&CarriedMassOf::passPosition>(this, "passPosition", {&flange_a.s, &flange_a.w}, {&flange_b.s, &flange_b.w});
        meta.template block<&CarriedMassOf::passVelocity>(this, "passVelocity", {&flange_a.v}, {&flange_b.v});
        BlockLists& force = force_lists_.reset({&flange_a.v, &flange_a.w, &flange_a.s}, {&flange_a.f});
        flange_b.append_force_signals(force.reads);
        meta.template block<&CarriedMassOf::evalForce>(this, "evalForce", force.reads, force.writes);
        // Its kinetic energy changes by m·a·w, the work its force takes from the root: the pair's books close.
        declare_motion_records<D>(meta, a_, kinetic_energy_, potential_energy_);
    }

private:
    BlockLists force_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void passPosition() {
        flange_b.s.value() = flange_a.s.value();
        flange_b.w.value() = flange_a.w.value();
    }
    void passVelocity() { flange_b.v.value() = flange_a.v.value(); }
    void evalForce() {
        const double w = flange_a.w.value();
        a_ = (flange_a.v.value() - w) / T_D;
        flange_a.f.value() = flange_b.force() - m * (a_ + g);
        kinetic_energy_ = 0.5 * m * w * w;
        potential_energy_ = m * g * flange_a.s.value();
    }
    double a_ = 0.0, kinetic_energy_ = 0.0, potential_energy_ = 0.0;
};

}  // namespace lied::mechanics
