// Every registered component type keeps the author's contract: its blocks read and write only the signals they
// declare (core/diagnostics/dependency_check.h). What cannot be checked is printed, so that it stays visible.
#include "core/diagnostics/dependency_check.h"
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
