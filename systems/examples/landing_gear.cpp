#include "systems/examples/landing_gear.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

LandingGear::LandingGear() {
    airframeX.w.start = 20.0;
    airframeY.w.start = -2.0;
    tyre.v_reg = 0.05;
    connect(world.frame_b, airframeX.frame_a);
    connect(airframeX.frame_b, airframeY.frame_a);
    connect(airframeY.frame_b, airframe.frame_a);
    connect(airframeY.frame_b, pivotMount.frame_a);
    connect(airframeY.frame_b, shockMount.frame_a);
    connect(pivotMount.frame_b, armPivot.frame_a);
    connect(armPivot.frame_b, arm.frame_a);
    connect(armPivot.frame_b, armMiddle.frame_a);
    connect(armPivot.frame_b, armEnd.frame_a);
    connect(armEnd.frame_b, wheelHub.frame_a);
    connect(wheelHub.frame_b, wheel.frame_a);
    connect(wheelHub.frame_b, tyre.frame_a);
    connect(shockMount.frame_b, shock.frame_a);
    connect(armMiddle.frame_b, shock.frame_b);
}

void LandingGear::metainfo(Meta& meta) {
    meta.component(defaults, "defaults", "dialectic time constant of every joint");
    meta.component(world, "world", "g = 9.81 m/s2 along -y");
    meta.component(airframeX, "airframeX", "airframe moving forward, 20 m/s at touch-down");
    meta.component(airframeY, "airframeY", "airframe height, sinking at 2 m/s at touch-down");
    meta.component(airframe, "airframe", "airframe share on this gear, 500 kg");
    meta.component(pivotMount, "pivotMount", "airframe to the arm's pivot");
    meta.component(shockMount, "shockMount", "airframe to the shock absorber's upper mount");
    meta.component(armPivot, "armPivot", "trailing arm pivot, 30 degrees below aft");
    meta.component(arm, "arm", "uniform trailing arm, 0.5 m, 10 kg");
    meta.component(armMiddle, "armMiddle", "to the shock absorber's lower mount");
    meta.component(armEnd, "armEnd", "to the axle");
    meta.component(wheelHub, "wheelHub", "the wheel turns freely");
    meta.component(wheel, "wheel", "15 kg, 0.3 kg.m2");
    meta.component(tyre, "tyre", "radius 0.3 m on the runway, mu = 0.8");
    meta.component(shock, "shock", "oleo strut: 3e5 N/m, 3e4 N.s/m; closes the loop");
}

namespace {
const SystemRegistration registration{{
    "LandingGear",
    "trailing-link landing gear touching down: shock absorber closing the loop, tyre contact with friction spin-up (planar dialectic mechanics)",
    [] { return std::make_unique<LandingGear>(); },
    RunSettings{1.0, 1e-4, "ros2", 1e-3,
                {"airframeY.q", "shock.length", "shock.f", "tyre.N", "tyre.F_t", "tyre.slip", "wheelHub.w", "airframeX.w"}},
}};
}  // namespace

}  // namespace lied::systems
