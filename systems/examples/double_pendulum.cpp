#include "systems/examples/double_pendulum.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

DoublePendulum::DoublePendulum() {
    connect(world.frame_b, joint1.frame_a);
    connect(joint1.frame_b, link1.frame_a);
    connect(joint1.frame_b, rod1.frame_a);
    connect(rod1.frame_b, joint2.frame_a);
    connect(joint2.frame_b, link2.frame_a);
    connect(joint2.frame_b, rod2.frame_a);
}

void DoublePendulum::metainfo(Meta& meta) {
    meta.component(defaults, "defaults", "dialectic time constant of every joint");
    meta.component(world, "world", "g = 9.81 m/s2 along -y");
    meta.component(joint1, "joint1", "shoulder, link 1 horizontal at the start");
    meta.component(link1, "link1", "uniform rod, 1 m, 1 kg");
    meta.component(rod1, "rod1", "from the shoulder to the elbow");
    meta.component(joint2, "joint2", "elbow, 45 degrees down at the start");
    meta.component(link2, "link2", "uniform rod, 0.8 m, 0.5 kg");
    meta.component(rod2, "rod2", "to the tip of link 2");
}

namespace {
const SystemRegistration registration{{
    "DoublePendulum",
    "planar double pendulum of two uniform rods on revolute joints (dialectic mechanics)",
    [] { return std::make_unique<DoublePendulum>(); },
    RunSettings{5.0, 1e-3, "rk4", 0.01, {"joint1.q", "joint2.q", "joint1.w", "joint2.w", "link2.x_cm", "link2.y_cm"}},
}};
}  // namespace

}  // namespace lied::systems
