#include "core/model/component_registry.h"
#include "core/model/introspection.h"

#include <doctest/doctest.h>

using namespace lied;

TEST_CASE("every component type is registered under its own type name and describes itself") {
    const auto names = ComponentRegistry::instance().names();
    for (const char* expected : {"InTank", "OutTank", "PressureDrop", "Splitter", "StepSource"})
        CHECK(std::find(names.begin(), names.end(), expected) != names.end());
    // (the test binary also registers the test-only TestFlange)
    for (const auto& type : ComponentRegistry::instance().types()) {
        INFO(type.name);
        auto c = type.make();
        CHECK(type.name == c->type_name());
        CHECK(!type.description.empty());
        const Model m = describe(*c);
        for (auto& p : m.parameters) CHECK(p.spec.admits(*p.value));   // defaults lie in their own ranges
    }
}

TEST_CASE("a duplicate registration is refused") {
    CHECK_THROWS_WITH(ComponentRegistry::instance().add({"PressureDrop", "again", nullptr}),
                      "component type 'PressureDrop' is registered twice");
}
