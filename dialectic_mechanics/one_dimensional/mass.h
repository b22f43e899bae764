#pragma once
// A mass (Inertia for rotation) with its own degree of freedom: the root of its chain. States are the position
// s and the velocity w; the tearing variable is the elastic velocity v = w + T_D·dw/dt (the acceleration, scaled
// so that it is a velocity); the residual is the force balance
//     m·(v − w)/T_D − Σ f = 0,        ds/dt = w,   dw/dt = (v − w)/T_D
// where Σ f adds the forces of every element attached to the flange. The contribution to L is m/T_D. Positions
// move with w, so elements that read (s, w) see the rigid-body motion exactly: m·dw/dt = Σ f. Only elements that
// read v (constraints, loop closures) act implicitly, through L (docs: dialectic mechanics, formulation).
// A translational mass may feel gravity g along −s (s pointing up; g = 0, the default, for none): its weight −m·g
// joins Σ f, and it stores m·g·s.
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"
#include "dialectic_mechanics/one_dimensional/motion_records.h"

#include <string>
#include <type_traits>

namespace lied::mechanics {

template <class D>
class MassOf : public Component {
public:
    MassOf() = default;
    MassOf(double m, double s0, double w0 = 0.0) : m(m), s(s0), w(w0) {}
    DrivingFlange<D> flange;
    double m = 1.0;   // kg (kg·m² for an inertia)
    State s{0.0};     // position (angle)
    State w{0.0};     // velocity ds/dt
    SystemDefault T_D{defaults::T_D};
    double g = 0.0;   // m/s², gravity along −s (translational only)

    void metainfo(Meta& meta) override {
        meta.plug(flange, "flange");
        meta.state(s, "s", 1.0, D::position_unit);
        meta.state(w, "w", 1.0, D::velocity_unit);
        meta.tearing(v_, "v");
        meta.residual(residual_, "residual");
        meta.parameter(m, "m", ParameterSpec::positive(D::inertia_unit, std::string("mass (inertia) of the ") + D::domain + " degree of freedom"));
        meta.parameter(s.start, "s_start", ParameterSpec::any(D::position_unit, std::string("initial ") + D::position_word));
        meta.parameter(w.start, "w_start", ParameterSpec::any(D::velocity_unit, "initial velocity"));
        meta.parameter(T_D, "T_D", defaults::kTD, ParameterSpec::positive("s", "dialectic time constant"));
        if constexpr (std::is_same_v<D, Translational>)
            meta.parameter(g, "g", ParameterSpec::any("m/s2", "gravity along -s (s pointing up; 0: none)"));
        meta.require(m > 0, [&] { return std::string("m = " + std::to_string(m) + " " + D::inertia_unit); }, "every chain contains at least one mass (m > 0)");
        meta.block<&MassOf::evalPosition>(this, "evalPosition", {&s.value, &w.value}, {&flange.s, &flange.w});
        meta.pass_through(v_, flange.v, "evalVelocity");
        BlockLists& balance = balance_lists_.reset({}, {&residual_, &s.der, &w.der});
        flange.append_force_signals(balance.reads);
        balance.reads.insert(balance.reads.end(), {&v_, &s.value, &w.value});
        meta.block<&MassOf::evalBalance>(this, "evalBalance", balance.reads, balance.writes);
        // d(½mw²)/dt = w·Σf: the forces do work at w, where every element books it.
        declare_motion_records<D>(meta, a_, kinetic_energy_, potential_energy_);
    }

private:
    BlockLists balance_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void evalPosition() {
        flange.s.value() = s();
        flange.w.value() = w();
    }
    void evalBalance() {
        a_ = (v_.value() - w()) / T_D;
        residual_.value() = m * a_ - flange.force() + m * g;
        s.der.value() = w();
        w.der.value() = a_;
        kinetic_energy_ = 0.5 * m * w() * w();
        potential_energy_ = m * g * s();
    }
    Out<double> v_, residual_;
    double a_ = 0.0, kinetic_energy_ = 0.0, potential_energy_ = 0.0;
};

}  // namespace lied::mechanics
