#pragma once
// The communicating vessels of Zimmer's LIED paper ("Object-Oriented Formulation and Simulation of Models
// using Linear Implicit Equilibrium Dynamics"): t1 → p1 → s; s.outlet1 → p2 → t2; s.outlet2 → p3 → t3.
// t1's elevation steps from 0 to 0.5 m at t = 1 s, and the levels settle at t1.level + 0.5 = t2.level = t3.level.
#include "components/step_source.h"
#include "core/model/component.h"
#include "thermofluid/boundaries/in_tank.h"
#include "thermofluid/boundaries/out_tank.h"
#include "thermofluid/processes/pressure_drop.h"
#include "thermofluid/topology/splitter.h"

#include <memory>
#include <string_view>

namespace lied::systems {

class ComVessels final : public Component {
public:
    ComVessels();

    thermofluid::OutTank t1;
    thermofluid::InTank t2;
    thermofluid::InTank t3;
    thermofluid::Splitter s;
    components::StepSource elevation{0.5, 1.0};
    std::unique_ptr<thermofluid::SISOFlow> p1, p2, p3;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "ComVessels"; }

    // Swaps valve "p1", "p2" or "p3" for another flow element and rewires it. Call Simulator::rebuild() next.
    void replace_valve(std::string_view name, std::unique_ptr<thermofluid::SISOFlow> valve);

private:
    std::unique_ptr<thermofluid::SISOFlow>& valve(std::string_view name);
    void connect_valve(std::string_view name);
};

}  // namespace lied::systems
