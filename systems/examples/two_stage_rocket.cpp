#include "systems/examples/two_stage_rocket.h"

#include "components/sources.h"
#include "dialectic_mechanics/one_dimensional/translational.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

namespace {

// A body of mass m under gravity: the mass, a constant −m·g and the force that applies it.
void add_body(Composite& net, const std::string& name, double m, double s0, double w0, const std::string& description) {
    auto& body = static_cast<mechanics::Mass&>(net.add(name, std::make_unique<mechanics::Mass>(m, s0, w0), description));
    auto& weight = static_cast<components::Constant&>(net.add("weight_" + name, std::make_unique<components::Constant>(-m * TwoStageRocket::g),
                                                                "−m·g of " + name + " [N]"));
    auto& gravity = static_cast<mechanics::Force&>(net.add("gravity_" + name, std::make_unique<mechanics::Force>(), "gravity on " + name));
    connect(body.flange, gravity.flange);
    gravity.F.connect(weight.y);
}

// An engine pushing `body` with `thrust`.
void add_engine(Composite& net, const std::string& name, const std::string& body, std::unique_ptr<components::Ramp> thrust, const std::string& description) {
    auto& source = static_cast<components::Ramp&>(net.add("thrust_" + name, std::move(thrust), "thrust of " + name + " [N]"));
    auto& push = static_cast<mechanics::Force&>(net.add(name, std::make_unique<mechanics::Force>(), description));
    connect(static_cast<mechanics::Mass&>(*net.child(body)).flange, push.flange);
    push.F.connect(source.y);
}

}  // namespace

std::unique_ptr<Composite> TwoStageRocket::make() {
    auto net = std::make_unique<Composite>("TwoStageRocket");
    const double centre_of_mass = (stage1_centre + stage2_centre) / 2;
    add_body(*net, "stages", 2 * stage_mass, centre_of_mass, 0.0, "both stages attached: one body at their centre of mass");
    // 10000·(1 − t/5) N from 0 to 5 s, 0 after.
    add_engine(*net, "engine1", "stages", std::make_unique<components::Ramp>(-10000.0, release_time, 10000.0, 0.0), "stage 1's engine");
    return net;
}

StructuralChange TwoStageRocket::release() {
    StructuralChange change("release: the stages separate");
    // Stage 1's engine is burnt out (its thrust reached 0 at 5 s): it goes with the assembly.
    change.remove("engine1").remove("thrust_engine1").remove("gravity_stages").remove("weight_stages").remove("stages");
    // The new bodies are made in a scratch Composite and moved over with their internal connections.
    auto parts = std::make_unique<Composite>("parts");
    add_body(*parts, "stage1", stage_mass, 0.0, 0.0, "spent stage 1");
    add_body(*parts, "stage2", stage_mass, 0.0, 0.0, "stage 2");
    // 2000·(1 − (t − 5)/10) N from 5 to 15 s.
    add_engine(*parts, "engine2", "stage2", std::make_unique<components::Ramp>(-2000.0, 10.0, 2000.0, release_time), "stage 2's engine");
    for (const std::string& name : std::vector<std::string>(parts->child_names())) {
        auto taken = parts->take(name);
        change.add("", name, std::move(taken.component), taken.description);
    }
    // Each stage starts where it sat in the assembly, with the assembly's velocity: momentum is conserved.
    change.initialize([](const PreviousValues& before, Simulator& sim) {
        const double half_gap = (stage2_centre - stage1_centre) / 2;
        sim.set_state("stage1.s", before("stages.s") - half_gap);
        sim.set_state("stage2.s", before("stages.s") + half_gap);
        sim.set_state("stage1.w", before("stages.w"));
        sim.set_state("stage2.w", before("stages.w"));
    });
    return change;
}

StructuralChange TwoStageRocket::remove_spent_stage() {
    StructuralChange change("the spent stage 1 is removed");
    change.remove("gravity_stage1").remove("weight_stage1").remove("stage1");
    return change;
}

void TwoStageRocket::schedule_changes(Simulator& sim) {
    sim.schedule(release_time, release());
    sim.schedule(removal_time, remove_spent_stage());
}

namespace {
const SystemRegistration registration{{
    "TwoStageRocket",
    "two 100 kg stages launched together, released at 5 s, the spent stage removed at 10 s (Neumayr & Otter §6.1): variable structure",
    [] { return std::unique_ptr<Component>(TwoStageRocket::make()); },
    RunSettings{20.0, 1e-3, "rk4", 0.05, {"stages.s", "stages.w", "stage1.s", "stage1.w", "stage2.s", "stage2.w"}},
    [](Simulator& sim) { TwoStageRocket::schedule_changes(sim); },
}};
}  // namespace

}  // namespace lied::systems
