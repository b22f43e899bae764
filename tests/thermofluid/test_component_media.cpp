// Components with a medium: chosen by name in C++, in files and with --set; the vessels with IF97 water;
// connecting two media is a build error naming both ends.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/cli/cli.h"
#include "systems/examples/com_vessels.h"
#include "systems/io/system_file.h"
#include "thermofluid/media/media_registry.h"

#include <doctest/doctest.h>

#include <sstream>

using namespace lied;

namespace {
void set_medium(systems::ComVessels& v, const std::string& name) {
    for (thermofluid::MediumParameter* m : {&v.t1.medium, &v.t2.medium, &v.t3.medium, &v.s.medium}) m->name = name;
    for (auto* valve : {v.p1.get(), v.p2.get(), v.p3.get()}) valve->medium.name = name;
}
}  // namespace

TEST_CASE("the vessels with IF97 water: the hydrostatic pressure uses the medium's density, the equilibrium is the same") {
    systems::ComVessels vessels;
    set_medium(vessels, "WaterIF97");
    Simulator sim(vessels);
    sim.simulate(60.0);
    // The same water everywhere: equal levels (+0.5 m for the raised t1) as with the idealized water.
    CHECK(sim.value("t2.level") == doctest::Approx(7.0 / 6).epsilon(1e-4));
    // p at t2's bottom = p_amb + ρ·g·level with ρ of IF97 at (1 bar, 83.9 kJ/kg): about 998.2 kg/m³ at 20 °C.
    const double rho = thermofluid::medium("WaterIF97").at(1e5, vessels.t1.h).rho;
    CHECK(rho == doctest::Approx(998.2).epsilon(2e-4));
    CHECK(sim.value("t2.p") == doctest::Approx(1e5 + rho * 9.81 * sim.value("t2.level")).epsilon(1e-12));
}

TEST_CASE("connecting two media is a build error naming both ends and the rule") {
    systems::ComVessels vessels;
    vessels.t1.medium.name = "WaterIF97";
    try {
        Simulator sim(vessels);
        FAIL("a medium mismatch must not build");
    } catch (const BuildError& e) {
        CHECK(std::string(e.what()) == "t1.outlet: medium WaterIF97 is connected to p1.inlet with medium IdealizedWater (rule: connected "
                                       "plugs carry the same medium; give both components the same medium)");
    }
    vessels.t1.medium.name = "WaterIF98";
    CHECK_THROWS_WITH(Simulator{vessels}, doctest::Contains("t1.medium = 'WaterIF98' is not one of its options (IdealizedWater, "));
    CHECK_THROWS_WITH(Simulator{vessels}, doctest::Contains("(did you mean 'WaterIF97'?)"));
}

TEST_CASE("a choice set on a built simulator rebuilds — a broken one is undone") {
    systems::ComVessels vessels;
    Simulator sim(vessels);
    sim.simulate(2.0);
    const double level = sim.value("t2.level");
    CHECK_THROWS_WITH(sim.set_choice("p2.medium", "SimpleAir"), doctest::Contains("is connected to p2.outlet with medium SimpleAir"));
    CHECK(sim.choice("p2.medium") == "IdealizedWater");   // undone, and the simulator still steps
    CHECK(sim.step(0.01) == StepStatus::Ok);
    CHECK(sim.value("t2.level") == doctest::Approx(level).epsilon(1e-3));
    CHECK_THROWS_WITH(sim.set_choice("p2.medium", "Air"), doctest::Contains("is not one of its options"));
    CHECK_THROWS_WITH(sim.set_choice("p2.medum", "SimpleAir"), "unknown choice 'p2.medum' (did you mean 'p2.medium'?)");
}

TEST_CASE("media in system files and on the command line") {
    const std::string yaml = R"(
components:
  t1: {type: OutTank, parameters: {medium: ConstantPropertyLiquidWater, h0: 2}}
  p1: {type: PressureDrop, parameters: {medium: ConstantPropertyLiquidWater}}
  t2: {type: InTank, parameters: {medium: ConstantPropertyLiquidWater}}
connections:
  - [t1.outlet, p1.inlet]
  - [p1.outlet, t2.inlet]
run: {t_end: 200}
)";
    auto loaded = systems::parse_system_text(yaml, "two_tanks.yaml", ".");
    Simulator sim(*loaded.root);
    sim.simulate(200.0);
    CHECK(sim.value("t1.level") == doctest::Approx(1.5).epsilon(1e-3));   // (2 + 1)/2, the same water in both
    CHECK(sim.value("t1.p") == doctest::Approx(1e5 + 995.586 * 9.81 * sim.value("t1.level")).epsilon(1e-12));

    std::string bad = yaml;
    const std::string good_p1 = "p1: {type: PressureDrop, parameters: {medium: ConstantPropertyLiquidWater}}";
    bad.replace(bad.find(good_p1), good_p1.size(), "p1: {type: PressureDrop, parameters: {medium: ConstantPropertyLiquidWatr}}");
    CHECK_THROWS_WITH(systems::parse_system_text(bad, "bad.yaml", "."),
                      doctest::Contains("components.p1.parameters.medium: 'ConstantPropertyLiquidWatr' is not one of its options"));

    std::ostringstream out, err;
    CHECK(systems::run_cli({"run", "ComVessels", "--t-end", "1", "--set", "t1.medium=WaterIF97"}, out, err) == 2);
    CHECK(err.str().find("t1.outlet: medium WaterIF97 is connected to p1.inlet with medium IdealizedWater") != std::string::npos);
    std::ostringstream out2, err2;
    CHECK(systems::run_cli({"run", "ComVessels", "--t-end", "1", "--set", "t1.medium=Water"}, out2, err2) == 2);
    CHECK(err2.str().find("t1.medium = 'Water' is not one of its options") != std::string::npos);
    std::ostringstream out3, err3;
    CHECK(systems::run_cli({"describe", "OutTank"}, out3, err3) == 0);
    // The medium's row: its name, its default and its options (columns aligned to the longest choice's name).
    const std::string text = out3.str(), row = text.substr(text.find("\n  medium ") + 1, text.find('\n', text.find("\n  medium ") + 1) - text.find("\n  medium ") - 1);
    CAPTURE(row);
    CHECK(row.find(" IdealizedWater ") != std::string::npos);
    CHECK(row.find("IdealizedWater, ConstantPropertyLiquidWater") != std::string::npos);
}
