// Every registered component type keeps the author's contract: its blocks read and write only the signals they
// declare (core/diagnostics/dependency_check.h). What cannot be checked is printed, so that it stays visible.
#include "core/diagnostics/dependency_check.h"
#include "core/diagnostics/parameter_check.h"
#include "core/model/component_registry.h"
#include "core/model/introspection.h"
#include "core/model/model.h"

#include <doctest/doctest.h>

#include <iostream>
#include <vector>

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

TEST_CASE("component contract: every registered type tells the mass and energy books what it holds and exchanges") {
    // A type that declares nothing makes every system it is in unaudited (core/simulation/balance_auditor.h): each
    // type with blocks or states must declare at least one term (or that it holds and exchanges nothing).
    int declared = 0;
    for (const auto& type : lied::ComponentRegistry::instance().types()) {
        CAPTURE(type.name);
        auto component = type.make();
        const lied::Model m = lied::describe(*component);
        std::vector<char> behaves(m.components.size(), 0), has_terms(m.components.size(), 0);
        for (const auto& b : m.blocks) behaves[static_cast<std::size_t>(b.component)] = 1;
        for (const auto& st : m.states) behaves[static_cast<std::size_t>(st.component)] = 1;
        for (const auto& term : m.balance_terms) has_terms[static_cast<std::size_t>(term.component)] = 1;
        for (std::size_t c = 0; c < m.components.size(); ++c)
            CHECK_MESSAGE((!behaves[c] || has_terms[c]), type.name << (m.components[c].path.empty() ? "" : " (its part " + m.components[c].path + ")")
                                                                    << " has blocks or states but declares nothing about mass and energy");
        declared += has_terms[0];
    }
    MESSAGE(declared << " types declare their balance terms");
    CHECK(declared > 50);
}
