#pragma once
// Sensors. PositionSensor and VelocitySensor attach to a driving flange and exert no force; ForceSensor sits in a
// chain (driven flange_a, driving flange_b) and measures the force the elements on flange_b exert on it, which
// it passes on to flange_a unchanged.
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

namespace lied::mechanics {

template <class D>
class PositionSensorOf : public Component {
public:
    DrivenFlange<D> flange;
    Out<double> s;
    void metainfo(Meta& meta) override {
        meta.balance_neutral();   // a sensor exerts no force
        meta.plug(flange, "flange");
        meta.signal(s, "s");
        meta.variable(s.value(), "s", D::position_unit);
        meta.block<&PositionSensorOf::update>(this, "update", {&flange.s}, {&s, &flange.f});
    }

private:
    void update() {
        s.value() = flange.s.value();
        flange.f.value() = 0.0;
    }
};

// The velocity w = ds/dt (the elastic v = w + T_D·acceleration is the tearing variable's scale, not a velocity to measure).
template <class D>
class VelocitySensorOf : public Component {
public:
    DrivenFlange<D> flange;
    Out<double> v;
    void metainfo(Meta& meta) override {
        meta.balance_neutral();   // a sensor exerts no force
        meta.plug(flange, "flange");
        meta.signal(v, "v");
        meta.variable(v.value(), "v", D::velocity_unit);
        meta.block<&VelocitySensorOf::update>(this, "update", {&flange.w}, {&v, &flange.f});
    }

private:
    void update() {
        v.value() = flange.w.value();
        flange.f.value() = 0.0;
    }
};

template <class D>
class ForceSensorOf : public Component {
public:
    DrivenFlange<D> flange_a;
    DrivingFlange<D> flange_b;
    Out<double> f;
    void metainfo(Meta& meta) override {
        meta.balance_neutral();   // it passes motion and force unchanged
        meta.plug(flange_a, "flange_a");
        meta.plug(flange_b, "flange_b");
        meta.signal(f, "f");
        meta.variable(f.value(), "f", D::force_unit);
        // Positions and velocities in two blocks: what reads only a position stays independent of the tearing variables.
        meta.block<&ForceSensorOf::passPosition>(this, "passPosition", {&flange_a.s, &flange_a.w}, {&flange_b.s, &flange_b.w});
        meta.pass_through(flange_a.v, flange_b.v, "passVelocity");
        BlockLists& force = force_lists_.reset({}, {&f, &flange_a.f});
        flange_b.append_force_signals(force.reads);
        meta.block<&ForceSensorOf::passForce>(this, "passForce", force.reads, force.writes);
    }

private:
    BlockLists force_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void passPosition() {
        flange_b.s.value() = flange_a.s.value();
        flange_b.w.value() = flange_a.w.value();
    }
    void passForce() {
        f.value() = flange_b.force();
        flange_a.f.value() = f.value();
    }
};

}  // namespace lied::mechanics
