// Every registered component type keeps the author's contract: its blocks read and write only the signals they
// declare (core/diagnostics/dependency_check.h). What cannot be checked is printed, so that it stays visible.
#include "core/diagnostics/dependency_check.h"
#include "core/diagnostics/parameter_check.h"
#include "core/model/component_registry.h"

#include <doctest/doctest.h>

#include <iostream>

TEST_CASE("component contract: every registered type declares what its blocks read and write") {
    int blocks = 0, types = 0;
    for (const auto& type : lied::ComponentRegistry::instance().types()) {
        CAPTURE(type.name);
        auto component = type.make();
        const auto report = lied::check_dependencies(*component, type.name);
        for (auto& f : report.findings) FAIL_CHECK(f.message);
        for (auto& u : report.unchecked) MESSAGE(type.name << ": " << u);
        blocks += report.blocks_checked;
        ++types;
    }
    MESSAGE(types << " component types, " << blocks << " blocks checked");
    CHECK(types > 50);
    CHECK(blocks > 100);
}

TEST_CASE("component contract: a parameter read while a component describes itself is declared so") {
    int parameters = 0;
    for (const auto& type : lied::ComponentRegistry::instance().types()) {
        CAPTURE(type.name);
        auto component = type.make();
        const auto report = lied::check_parameters_read_at_build(*component, type.name);
        for (auto& u : report.undeclared) FAIL_CHECK(u);
        for (auto& w : report.without_effect) MESSAGE(w);
        parameters += report.parameters_checked;
    }
    MESSAGE(parameters << " parameters checked");
    CHECK(parameters > 300);
}
