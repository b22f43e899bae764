// Build-time rules of thermofluid networks, with the component path and the rule in the message: a flow loop
// without a volume, an unconnected outlet, two media on one connection.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"
#include "support/file_error.h"

#include <doctest/doctest.h>

#include <string>

using namespace lied;
using namespace lied::systems;


TEST_CASE("a flow loop without a volume is a build error that names its blocks and the rule") {
    const std::string e = test::file_error_of(R"(system: NoVolume
components:
  pump: {type: Pump, parameters: {medium: ConstantPropertyLiquidWater, omega_par: 100}}
  pipe: {type: FlowResistance, parameters: {medium: ConstantPropertyLiquidWater, r: 0.01, l: 1}}
connections:
  - [pump.outlet, pipe.inlet]
  - [pipe.outlet, pump.inlet]
)");
    CHECK(e.find("algebraic loop not broken by a state or tearing variable: pump.evalFlow -[pipe.inlet.m_flow]-> pipe.evalFlow") != std::string::npos);
    CHECK(e.find("(rule: every flow loop needs a volume: a component that owns mass and energy states breaks the loop)") != std::string::npos);
    // The same loop through a VolumeFlex builds.
    CHECK(test::file_error_of(R"(system: WithVolume
components:
  pump: {type: Pump, parameters: {medium: ConstantPropertyLiquidWater, omega_par: 100}}
  pipe: {type: FlowResistance, parameters: {medium: ConstantPropertyLiquidWater, r: 0.01, l: 1}}
  tank: {type: VolumeFlex, parameters: {medium: ConstantPropertyLiquidWater}}
connections:
  - [tank.outlet, pump.inlet]
  - [pump.outlet, pipe.inlet]
  - [pipe.outlet, tank.inlet]
)") == "no error");
}

TEST_CASE("an unconnected outlet is an error naming the file, the component and the plug") {
    const std::string e = test::file_error_of(R"(system: OpenOutlet
components:
  source: {type: Source}
  pipe: {type: FlowResistance, parameters: {r: 0.01, l: 1}}
connections:
  - [source.outlet, pipe.inlet]
)");
    CHECK(e.find("rules.yaml:4:9: components.pipe: pipe.outlet is not connected (rule: every plug and input of a component is connected)") !=
          std::string::npos);
}

TEST_CASE("a heat exchanger's two media are checked on each side") {
    const std::string e = test::file_error_of(R"(system: Mixed
components:
  a: {type: Source, parameters: {medium: SimpleAir}}
  hex: {type: CounterFlowNTU, parameters: {mediumA: ConstantPropertyLiquidWater, mediumB: SimpleAir}}
  sa: {type: Sink, parameters: {medium: ConstantPropertyLiquidWater}}
  b: {type: Source, parameters: {medium: SimpleAir}}
  sb: {type: Sink, parameters: {medium: SimpleAir}}
connections:
  - [a.outlet, hex.inletA]
  - [hex.outletA, sa.inlet]
  - [b.outlet, hex.inletB]
  - [hex.outletB, sb.inlet]
)");
    CHECK(e.find("a.outlet: medium SimpleAir is connected to hex.inletA with medium ConstantPropertyLiquidWater (rule: connected plugs carry the same medium") != std::string::npos);
}
