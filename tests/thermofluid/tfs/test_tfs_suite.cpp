// ThermofluidStream's own test models, ported as system files (NAME.yaml in this folder), against TFS's published
// regression results (ThermoFluidStream-Regression, the signals its comparisonSignals.txt lists). NAME.compare.csv
// pairs each TFS signal with Lied's, with a factor (TFS's outlet flows are negative while fluid leaves: Modelica's
// sign), the tolerance and why it is what it is; NAME.reference.csv holds TFS's values at the listed times, sampled
// from the reference trajectories by scripts/tfs-reference.py. A port passes when for every row, at every time from the
// row's `from time` on, |factor·lied − tfs| ≤ max(relative·|tfs|, absolute); a signal may have several rows, e.g. a
// looser one for a transient and a tighter one once it has settled. The reference data are single precision, about
// 6e-8 relative. docs/notes/tfs-tests.md lists every TFS test model and, for those not here, why.
#include "systems/io/system_loading.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

using namespace lied;

namespace {

const std::filesystem::path kPorts = std::filesystem::path(LIED_SOURCE_DIR) / "tests/thermofluid/tfs";

struct Comparison {
    std::string tfs, lied;
    double factor = 1, relative = 0, absolute = 0, from = 0;
};

struct Port {
    std::string model;
    std::vector<Comparison> rows;
    std::vector<double> times;
    std::vector<std::vector<double>> reference;   // per time: one value per row
};

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t"), last = s.find_last_not_of(" \t\r");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

// The fields of a CSV line; the last field (a comparison's `why`) may contain commas of its own.
std::vector<std::string> fields(const std::string& line, std::size_t at_most) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (out.size() + 1 < at_most) {
        const auto comma = line.find(',', start);
        if (comma == std::string::npos) break;
        out.push_back(trimmed(line.substr(start, comma - start)));
        start = comma + 1;
    }
    out.push_back(trimmed(line.substr(start)));
    return out;
}

double number(const std::string& text, const std::string& where) {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    REQUIRE_MESSAGE(used == text.size(), (where + ": '" + text + "' is not a number"));
    return v;
}

Port read_port(const std::string& name) {
    Port port;
    std::ifstream compare(kPorts / (name + ".compare.csv"));
    REQUIRE_MESSAGE(compare, (name + ".compare.csv is missing"));
    bool header_seen = false;
    for (std::string line; std::getline(compare, line);) {
        if (line.rfind("# tfs:", 0) == 0) port.model = trimmed(line.substr(6));
        else if (line.rfind("# times:", 0) == 0) {
            std::istringstream in(line.substr(8));
            for (double t; in >> t;) port.times.push_back(t);
        } else if (!trimmed(line).empty() && line[0] != '#') {
            if (!header_seen) {
                header_seen = true;   // tfs signal, lied signal, factor, relative, absolute, from time, why
                continue;
            }
            const auto f = fields(line, 7);
            REQUIRE_MESSAGE(f.size() == 7, (name + ".compare.csv: a row needs seven fields: " + line));
            port.rows.push_back({f[0], f[1], number(f[2], name), number(f[3], name), number(f[4], name), number(f[5], name)});
            REQUIRE_MESSAGE(!f[6].empty(), (name + ".compare.csv: say why the tolerance of " + f[0] + " is what it is"));
        }
    }
    REQUIRE_MESSAGE(!port.model.empty(), (name + ".compare.csv: no '# tfs: MODEL' line"));
    REQUIRE_MESSAGE(!port.times.empty(), (name + ".compare.csv: no '# times:' line"));
    REQUIRE_MESSAGE(!port.rows.empty(), (name + ".compare.csv: no signal compared"));

    std::ifstream reference(kPorts / (name + ".reference.csv"));
    REQUIRE_MESSAGE(reference, (name + ".reference.csv is missing (scripts/tfs-reference.py writes it)"));
    bool columns_seen = false;
    for (std::string line; std::getline(reference, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto f = fields(line, std::string::npos);
        if (!columns_seen) {
            columns_seen = true;
            std::vector<std::string> expected{"time"};
            for (const auto& row : port.rows) expected.push_back(row.tfs);
            REQUIRE_MESSAGE(f == expected, (name + ".reference.csv does not list the compared signals in their order: "
                                                  "run scripts/tfs-reference.py again"));
            continue;
        }
        std::vector<double> values;
        for (std::size_t k = 1; k < f.size(); ++k) values.push_back(number(f[k], name + ".reference.csv"));
        REQUIRE_MESSAGE(values.size() == port.rows.size(), (name + ".reference.csv: a row without one value per compared signal"));
        REQUIRE_MESSAGE(port.reference.size() < port.times.size(), (name + ".reference.csv has more rows than times"));
        REQUIRE_MESSAGE(number(f[0], name) == port.times[port.reference.size()], (name + ".reference.csv: its times are not the comparison's: run scripts/tfs-reference.py again"));
        port.reference.push_back(std::move(values));
    }
    REQUIRE_MESSAGE(port.reference.size() == port.times.size(), (name + ".reference.csv misses times"));
    return port;
}

void check_against_tfs(const std::string& name) {
    const Port port = read_port(name);
    systems::ResolvedSystem system = systems::resolve_system((kPorts / (name + ".yaml")).string());
    auto sim = systems::make_simulation(system, system.settings, {});
    for (std::size_t i = 0; i < port.times.size(); ++i) {
        const double t = port.times[i];
        sim->simulate(t);   // throws SimulationError if the run stops
        for (std::size_t k = 0; k < port.rows.size(); ++k) {
            const Comparison& c = port.rows[k];
            if (t < c.from) continue;
            const double lied = c.factor * sim->value(c.lied), tfs = port.reference[i][k];
            const double allowed = std::max(c.relative * std::abs(tfs), c.absolute);
            CHECK_MESSAGE(std::abs(lied - tfs) <= allowed, (name + " at t = " + std::to_string(t) + ": " + c.tfs + " is " + std::to_string(tfs) + " in TFS, " +
                              std::to_string(lied) + " in Lied (" + c.lied + "), off by " + std::to_string(std::abs(lied - tfs)) +
                              " where " + std::to_string(allowed) + " is allowed"));
        }
    }
}

}  // namespace

TEST_CASE("every TFS port in tests/thermofluid/tfs has its comparison, its reference and a test case") {
    // A test case below runs check_against_tfs("NAME") for every NAME.yaml of the folder: this file is read to see it.
    std::ifstream self(kPorts / "test_tfs_suite.cpp");
    const std::string source((std::istreambuf_iterator<char>(self)), std::istreambuf_iterator<char>());
    int ports = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kPorts)) {
        if (entry.path().extension() != ".yaml") continue;
        const std::string name = entry.path().stem().string();
        CAPTURE(name);
        ++ports;
        CHECK(source.find("check_against_tfs(\"" + name + "\")") != std::string::npos);
        CHECK(std::filesystem::exists(kPorts / (name + ".compare.csv")));
        CHECK(std::filesystem::exists(kPorts / (name + ".reference.csv")));
    }
    CHECK(ports >= 14);
}

TEST_CASE("TFS Boundaries.Tests.SourceSink: flow accelerated by inertance alone") { check_against_tfs("SourceSink"); }
TEST_CASE("TFS Boundaries.Tests.Volumes: air and nitrogen-oxygen volumes, rigid, flexible, heated, closed") { check_against_tfs("Volumes"); }
TEST_CASE("TFS Boundaries.Tests.VolumesDirectCoupling: IF97 water volumes, flexible volumes and tanks joined directly") {
    check_against_tfs("VolumesDirectCoupling");
}
TEST_CASE("TFS Boundaries.Tests.PhaseSeperator: a receiver and an accumulator fed wet steam, dry steam and subcooled water") {
    check_against_tfs("PhaseSeperator");
}
TEST_CASE("TFS FlowControl.Tests.BasicControlValve: three characteristics on a ramped opening") { check_against_tfs("BasicControlValve"); }
TEST_CASE("TFS HeatExchangers.Tests.CounterFlowNTU: glycol against air") { check_against_tfs("CounterFlowNTU"); }
TEST_CASE("TFS HeatExchangers.Tests.CounterFlowNTU_parallel: two exchangers on a split air stream") { check_against_tfs("CounterFlowNTU_parallel"); }
TEST_CASE("TFS HeatExchangers.Tests.CounterFlowNTU_serial: two exchangers in series") { check_against_tfs("CounterFlowNTU_serial"); }
TEST_CASE("TFS HeatExchangers.Tests.CounterFlowNTU_zeroMassFlow: flows that fall to the regularisation") { check_against_tfs("CounterFlowNTU_zeroMassFlow"); }
TEST_CASE("TFS Processes.Tests.Flow_Resistance: four loss laws, started steady, by acceleration and at rest") { check_against_tfs("Flow_Resistance"); }
TEST_CASE("TFS Processes.Tests.ConvectivePipe: water heated by convection from a tiny capacitor") { check_against_tfs("ConvectivePipe"); }
TEST_CASE("TFS Processes.Tests.ConvectivePipe_serial: two convective pipes in series, from rest") { check_against_tfs("ConvectivePipe_serial"); }
TEST_CASE("TFS Topology.Tests.TestJunction: three sources into a JunctionN") { check_against_tfs("TestJunction"); }
TEST_CASE("TFS Topology.Tests.TestJunctionNM: two inlets mixed into three outlets, by mass and by volume") { check_against_tfs("TestJunctionNM"); }
TEST_CASE("TFS Topology.Tests.TestSplitter: a SplitterN into three sinks") { check_against_tfs("TestSplitter"); }
