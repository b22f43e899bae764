// Plotting runs gnuplot without a shell, and nothing a user or a system file writes is executed: injection
// attempts through every string that reaches gnuplot (plot path, CSV path, system name) leave no trace.
#include "support/cli_runner.h"
#include "systems/results/plot.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <algorithm>

using namespace lied::testing;
using lied::systems::gnuplot_quoted;
namespace fs = std::filesystem;

namespace {
const fs::path kFiles = fs::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files";

// The example file with another `system:` line.
std::string vessels_named(const std::string& yaml_name) {
    const std::string text = read_file(kFiles / "com_vessels.yaml");
    return std::regex_replace(text, std::regex("^system: .*$", std::regex::multiline), "system: " + yaml_name);
}
}  // namespace

TEST_CASE("gnuplot strings: quotes doubled, control characters replaced, no substitution possible") {
    CHECK(gnuplot_quoted("Tom's vessels") == "'Tom''s vessels'");
    CHECK(gnuplot_quoted("a\nsystem \"touch x\"\r\x7f") == "'a system \"touch x\"  '");
    CHECK(gnuplot_quoted("`touch x` @macro") == "'`touch x` @macro'");   // gnuplot substitutes neither in '…'
}

TEST_CASE("a plot path with shell syntax is a file name, not a command") {
    TempFolder dir;
    const std::string png = dir / "x';touch PWNED;'.png";
    const auto r = run_lied({"run", "ComVessels", "--t-end", "2", "--plot", png});
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(fs::exists(png));
    CHECK(fs::exists(dir / "x';touch PWNED;'.csv"));
    CHECK_FALSE(fs::exists("PWNED"));
    CHECK_FALSE(fs::exists(dir / "PWNED"));
}

TEST_CASE("a system name with newlines, gnuplot commands, backticks and quotes is only a title") {
    TempFolder dir;
    const std::string marker = dir / "INJECTED";
    for (const std::string& name :
         {"\"evil\\nsystem \\\"touch " + marker + "\\\"\\nset output '" + marker + "'\"", "\"`touch " + marker + "`\"",
          "\"x' ; system('touch " + marker + "') ; '\"", std::string("\"Tom's vessels\"")}) {
        CAPTURE(name);
        const std::string file = dir / "named.yaml";
        write_file(file, vessels_named(name));
        const std::string png = dir / "named.png";
        fs::remove(png);
        const auto r = run_lied({"run", file, "--t-end", "2", "--plot", png});
        INFO(r.err);
        CHECK(r.code == 0);
        CHECK(fs::file_size(png) > 1000);   // the plot was made, after the whole run
        CHECK_FALSE(fs::exists(marker));
    }
}

TEST_CASE("the image format follows the extension — other extensions are refused before the run") {
    TempFolder dir;
    for (const char* ext : {".svg", ".pdf", ".png"}) {
        const std::string out = dir / (std::string("v") + ext);
        const auto r = run_lied({"run", "ComVessels", "--t-end", "1", "--plot", out});
        REQUIRE(r.code == 0);
        const std::string head = read_file(out).substr(0, 200);
        if (std::string(ext) == ".svg") CHECK(head.find("<svg") != std::string::npos);
        if (std::string(ext) == ".pdf") CHECK(head.rfind("%PDF", 0) == 0);
        if (std::string(ext) == ".png") CHECK(head.substr(1, 3) == "PNG");
    }
    const auto r = run_lied({"run", "ComVessels", "--plot", dir / "v.jpg"});
    CHECK(r.code == 2);
    CHECK(r.err == "lied: error: --plot '" + (dir / "v.jpg") + "': a plot is a .png, .svg or .pdf file\n");
}

TEST_CASE("plotting leaves no file beside the image and never deletes one") {
    TempFolder dir;
    write_file(dir / "mine.png.gp", "my own gnuplot script\n");
    REQUIRE(run_lied({"run", "ComVessels", "--t-end", "1", "--plot", dir / "mine.png"}).code == 0);
    CHECK(read_file(dir / "mine.png.gp") == "my own gnuplot script\n");
    std::vector<std::string> names;
    for (auto& e : fs::directory_iterator(dir.path())) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"mine.csv", "mine.png", "mine.png.gp"});
}

TEST_CASE("the plot shows units on the axes and distinguishes identical curves") {
    const std::string script = lied::systems::plot_script(
        {{"t1.level", "m"}, {"t2.level", "m"}, {"t3.level", "m"}, {"p1.m_flow", "kg/s"}}, "/tmp/d/data.csv", "/tmp/d/plot.png", "Vessels");
    CHECK(script.find("set ylabel 'level [m]'") != std::string::npos);
    CHECK(script.find("set ylabel 'm_flow [kg/s]'") != std::string::npos);
    CHECK(script.find("set xlabel 'time [s]'") != std::string::npos);
    CHECK(script.find("using 1:2 skip 1 with lines lw 2 dt 1 title 't1.level'") != std::string::npos);
    CHECK(script.find("using 1:3 skip 1 with lines lw 2 dt 2 title 't2.level'") != std::string::npos);
    CHECK(script.find("using 1:4 skip 1 with lines lw 2 dt 3 title 't3.level'") != std::string::npos);
    CHECK(script.find("set multiplot layout 2,1 title 'Vessels'") != std::string::npos);
}

TEST_CASE("the default panels group curves by unit, in the order they were recorded") {
    using lied::systems::PlotPanels;
    const std::vector<lied::systems::PlotColumn> columns{{"plate.T", "K"},      {"pump.m_flow", "kg/s"}, {"radiator.T_outA", "K"},
                                                         {"valve.opening", ""}, {"loop.T_fluid", "K"},   {"bypass.opening", ""},
                                                         {"trigger.count", ""}};
    CHECK(lied::systems::panels_by_unit(columns) == PlotPanels{{0, 2, 4}, {1}, {3, 5}, {6}});
    const std::string script = lied::systems::plot_script(columns, "/tmp/d/data.csv", "/tmp/d/plot.png", "Loop");
    // One axis for the three temperatures, named by the kinds it carries; values without a unit stay apart by kind.
    CHECK(script.find("set ylabel 'T, T_outA, T_fluid [K]'") != std::string::npos);
    CHECK(script.find("set ylabel 'opening'") != std::string::npos);
    CHECK(script.find("set ylabel 'count'") != std::string::npos);
    CHECK(script.find("set multiplot layout 4,1 title 'Loop'") != std::string::npos);
    // More than three kinds on one axis: the axis says "value" and the key names each curve.
    const std::string many = lied::systems::plot_script({{"a.T", "K"}, {"b.T_in", "K"}, {"c.T_out", "K"}, {"d.T_wall", "K"}},
                                                        "/tmp/d/data.csv", "/tmp/d/plot.png", "Temperatures");
    CHECK(many.find("set ylabel 'value [K]'") != std::string::npos);
    CHECK(many.find("title 'd.T_wall'") != std::string::npos);
}
