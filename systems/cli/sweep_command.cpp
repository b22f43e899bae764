#include "systems/cli/sweep_command.h"

#include "core/model/build_error.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "core/support/interrupt.h"
#include "systems/cli/mpi_world.h"
#include "systems/cli/progress_bar.h"
#include "systems/cli/terminal_safe.h"
#include "systems/results/mat_results.h"
#include "systems/results/result_table.h"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <limits>
#include <mutex>
#include <ostream>
#include <random>
#include <sstream>
#include <thread>
#include <iostream>
#include <unistd.h>

namespace lied::systems {
namespace {

struct CaseResult {
    bool ok = false;
    bool finished = false;        // false: not run, or stopped by an interrupt (no row in the table)
    bool output_failed = false;   // its --case-results file could not be written (exit 3)
    std::string message;
    std::vector<double> outputs;
};

// A text in one CSV cell: quoted when it holds a comma, a quote or a line break; quotes doubled.
std::string csv_cell(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string q = "\"";
    for (char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string number_text(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);   // exact: the table holds what the run computed
    return buffer;
}

double statistic(const std::vector<double>& column, const std::string& which) {
    std::vector<double> v;
    for (double x : column)
        if (!std::isnan(x)) v.push_back(x);
    if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
    if (which == "final") return v.back();
    if (which == "min") return *std::min_element(v.begin(), v.end());
    if (which == "max") return *std::max_element(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    return sum / static_cast<double>(v.size());
}

// One case, start to end, on its own component tree: nothing is shared with the other cases but the
// registries, which are only read.
CaseResult run_case(const std::string& system, const RunOptions& run_options, const std::vector<Variation>& variations,
                    const std::vector<double>& values, const std::string& inputs, const std::vector<SweepOutput>& outputs,
                    const std::string& results_path) {
    CaseResult r;
    try {
        ResolvedSystem entry = resolve_system(system);
        RunSettings settings = run_settings(entry.settings, run_options);
        if (!inputs.empty()) settings.inputs = inputs;
        for (auto& o : outputs)
            if (std::find(settings.recorded.begin(), settings.recorded.end(), o.name) == settings.recorded.end()) settings.recorded.push_back(o.name);
        auto sets = parse_assignments(run_options.sets);
        for (std::size_t i = 0; i < variations.size(); ++i) sets.emplace_back(variations[i].name, number_text(values[i]));
        auto sim = make_simulation(entry, settings, sets);
        const std::vector<ParameterSnapshot> parameters = snapshot_parameters(*sim);
        const double t_start = sim->time();
        Recorder recorder(settings.recorded, settings.interval);
        sim->attach(recorder);
        std::string failure;
        try {
            sim->simulate(settings.t_end, &recorder);
        } catch (const SimulationInterrupted&) {
            return r;   // not finished: no row, no case file
        } catch (const SimulationError& e) {
            failure = e.what();
        }
        if (!results_path.empty()) {
            try {
                if (is_mat_file_name(results_path)) write_mat_results(results_path, result_table(recorder, *sim, parameters, t_start));
                else recorder.write_csv(results_path);
            } catch (const std::exception& e) {
                r.output_failed = true;
                throw;
            }
        }
        if (!failure.empty()) throw SimulationError(failure);
        for (auto& o : outputs) r.outputs.push_back(statistic(recorder.column(o.name), o.statistic));
        r.ok = true;
    } catch (const std::exception& e) {
        r.ok = false;
        r.message = e.what();
        r.outputs.assign(outputs.size(), std::numeric_limits<double>::quiet_NaN());
    }
    r.finished = true;
    return r;
}

// "index<TAB>ok<TAB>v1 v2 ...<TAB>message" per case: what a process sends to rank 0.
// One finished case as a line for the gather on rank 0 (an unfinished one sends nothing: it has no row).
std::string encode(std::size_t index, const CaseResult& r) {
    if (!r.finished) return {};
    std::string line = std::to_string(index) + '\t' + (r.ok ? "1" : "0") + '\t' + (r.output_failed ? "1" : "0") + '\t';
    for (std::size_t i = 0; i < r.outputs.size(); ++i) line += (i ? " " : "") + number_text(r.outputs[i]);
    std::string message = r.message;
    std::replace(message.begin(), message.end(), '\t', ' ');
    std::replace(message.begin(), message.end(), '\n', ' ');
    return line + '\t' + message + '\n';
}

void decode(const std::string& text, std::vector<CaseResult>& results) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string index, ok, unwritten, numbers, message;
        std::getline(fields, index, '\t');
        std::getline(fields, ok, '\t');
        std::getline(fields, unwritten, '\t');
        std::getline(fields, numbers, '\t');
        std::getline(fields, message);
        CaseResult r;
        r.ok = ok == "1";
        r.finished = true;
        r.output_failed = unwritten == "1";
        r.message = message;
        std::istringstream ns(numbers);
        std::string n;
        while (ns >> n) r.outputs.push_back(std::strtod(n.c_str(), nullptr));
        results.at(std::stoul(index)) = std::move(r);
    }
}

}  // namespace

void add_sweep_options(CLI::App& c, SweepOptions& o) {
    c.add_option("--vary", o.vary, "a parameter and its range: NAME=LO:HI:N, N values on a grid; with --samples NAME=LO:HI (repeatable)")
        ->type_name("NAME=LO:HI[:N]")
        ->allow_extra_args(false)
        ->required();
    c.add_option("--samples", o.samples, "Monte Carlo: this many cases, each parameter uniform in its range")->type_name("N");
    c.add_option("--seed", o.seed, "Monte Carlo: the generator's seed (default 1): the same seed gives the same cases")->type_name("S");
    c.add_option("--output", o.outputs,
                 "a column of the table: NAME (its final value) or NAME:min, NAME:max, NAME:mean over the output samples, NAME:final "
                 "(repeatable; default: the final value of every recorded variable)")
        ->type_name("NAME[:STAT]")
        ->allow_extra_args(false);
    c.add_option("--out", o.out, "the summary table (.csv); without it the table goes to stdout")->type_name("FILE.csv");
    c.add_option("--case-results", o.case_results, "also write each case's recorded variables into this folder (case_0001.csv, ...)")
        ->type_name("FOLDER");
    c.add_option("--case-format", o.case_format, "csv or mat: the format of the case results");
    c.add_option("--vary-inputs", o.input_tables,
                 "run every case with each of these input tables (CSV, as for --inputs): one more dimension of the sweep (repeatable)")
        ->type_name("FILE")
        ->allow_extra_args(false);
    c.add_option("--jobs", o.jobs, "cases run at once by each process (default: the cores of the machine, 1 under mpirun)")->type_name("N");
}

Variation parse_variation(const std::string& text, bool monte_carlo) {
    const std::string rule = monte_carlo ? "NAME=LO:HI (the number of cases comes from --samples)" : "NAME=LO:HI:N";
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError("--vary expects " + rule + ", got '" + text + "'");
    Variation v{text.substr(0, eq), 0, 0, 0};
    std::vector<std::string> parts(1);
    for (char c : text.substr(eq + 1)) {
        if (c == ':') parts.emplace_back();
        else parts.back() += c;
    }
    if (parts.size() != (monte_carlo ? 2u : 3u)) throw UsageError("--vary expects " + rule + ", got '" + text + "'");
    v.low = parse_number("--vary " + v.name + " (LO)", parts[0]);
    v.high = parse_number("--vary " + v.name + " (HI)", parts[1]);
    if (v.high < v.low) throw UsageError("--vary " + v.name + ": HI " + parts[1] + " is below LO " + parts[0]);
    if (!monte_carlo) {
        const double n = parse_number("--vary " + v.name + " (N)", parts[2]);
        if (!(n >= 1) || n != std::floor(n) || n > 1e6) throw UsageError("--vary " + v.name + ": N must be a whole number from 1 to 1000000, got " + parts[2]);
        if (n == 1 && v.high != v.low) throw UsageError("--vary " + v.name + ": one value needs LO = HI");
        v.count = static_cast<int>(n);
    }
    return v;
}

std::vector<std::vector<double>> sweep_cases(const std::vector<Variation>& variations, long samples, unsigned long seed) {
    std::vector<std::vector<double>> cases;
    if (samples > 0) {
        std::mt19937_64 generator(seed);
        for (long k = 0; k < samples; ++k) {
            std::vector<double> c;
            for (auto& v : variations) c.push_back(std::uniform_real_distribution<double>(v.low, v.high)(generator));
            cases.push_back(std::move(c));
        }
        return cases;
    }
    double total = 1;
    for (auto& v : variations) total *= v.count;
    if (total > 1e6) throw UsageError("the grid has " + number_text(total) + " cases (at most 1e6); use fewer points or --samples");
    std::vector<int> index(variations.size(), 0);
    for (long k = 0; k < static_cast<long>(total); ++k) {
        std::vector<double> c;
        for (std::size_t i = 0; i < variations.size(); ++i) {
            const Variation& v = variations[i];
            c.push_back(v.count == 1 ? v.low : v.low + (v.high - v.low) * index[i] / (v.count - 1));
        }
        cases.push_back(std::move(c));
        for (std::size_t i = variations.size(); i-- > 0;) {   // the last variation fastest
            if (++index[i] < variations[i].count) break;
            index[i] = 0;
        }
    }
    return cases;
}

SweepOutput parse_sweep_output(const std::string& text) {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos) return {text, "final"};
    SweepOutput o{text.substr(0, colon), text.substr(colon + 1)};
    if (o.name.empty() || (o.statistic != "final" && o.statistic != "min" && o.statistic != "max" && o.statistic != "mean"))
        throw UsageError("--output expects NAME or NAME:final, NAME:min, NAME:max, NAME:mean, got '" + text + "'");
    return o;
}

int sweep_command(const std::string& system, const RunOptions& run_options, const SweepOptions& o, bool quiet, std::ostream& out,
                  std::ostream& err) {
    const bool monte_carlo = !o.samples.empty();
    long samples = 0;
    if (monte_carlo) {
        const double n = parse_number("--samples", o.samples);
        if (!(n >= 1) || n != std::floor(n) || n > 1e6) throw UsageError("--samples must be a whole number from 1 to 1000000");
        samples = static_cast<long>(n);
    }
    if (!o.seed.empty() && !monte_carlo) throw UsageError("--seed chooses the Monte Carlo samples; give --samples too");
    const double seed = o.seed.empty() ? 1 : parse_number("--seed", o.seed);
    if (seed < 0 || seed != std::floor(seed) || seed > 1e18) throw UsageError("--seed must be a whole number from 0 to 1e18");
    if (o.case_format != "csv" && o.case_format != "mat") throw UsageError("--case-format is csv or mat, got '" + o.case_format + "'");
    if (!o.out.empty() && std::filesystem::path(o.out).extension() != ".csv") throw UsageError("--out '" + o.out + "': the summary is a .csv file");

    std::vector<Variation> variations;
    for (auto& v : o.vary) {
        variations.push_back(parse_variation(v, monte_carlo));
        for (std::size_t i = 0; i + 1 < variations.size(); ++i)
            if (variations[i].name == variations.back().name) throw UsageError("--vary names '" + variations.back().name + "' twice");
    }
    // Checked once, before any case: the system, the run options, the varied names, the outputs.
    std::vector<SweepOutput> outputs;
    {
        ResolvedSystem entry = resolve_system(system);
        const RunSettings settings = run_settings(entry.settings, run_options);
        if (!o.out.empty()) {
            create_folder_for(o.out);   // first, so that "new/../input.csv" resolves to what it will really open
            for (auto& in : entry.files)
                if (same_file(o.out, in)) throw UsageError("--out '" + o.out + "' is an input file of this run; choose another name");
            if (!settings.inputs.empty() && same_file(o.out, settings.inputs))
                throw UsageError("--out '" + o.out + "' is the input table of this run; choose another name");
        }
        auto sim = make_simulation(entry, settings, parse_assignments(run_options.sets));
        for (auto& v : variations) {
            try {   // a parameter, and both ends of its range admitted (a state names its start parameter)
                sim->set_parameter(v.name, v.low);
                sim->set_parameter(v.name, v.high);
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--vary: ") + e.what());
            }
        }
        for (auto& table : o.input_tables) {   // each table fits the system (its columns name inputs, its rows their ranges)
            if (!o.out.empty() && same_file(o.out, table)) throw UsageError("--out '" + o.out + "' is an input table of this sweep; choose another name");
            ResolvedSystem check = resolve_system(system);
            RunSettings with_table = settings;
            with_table.inputs = table;
            try {
                make_simulation(check, with_table, parse_assignments(run_options.sets));
            } catch (const BuildError& e) {
                throw UsageError("--vary-inputs " + table + ": " + e.what());
            } catch (const UsageError& e) {
                std::string why = e.what();
                if (why.rfind("--inputs: ", 0) == 0) why.erase(0, std::string("--inputs: ").size());
                throw UsageError("--vary-inputs " + table + ": " + why);
            }
        }
        for (auto& text : o.outputs) outputs.push_back(parse_sweep_output(text));
        if (outputs.empty())
            for (auto& name : settings.recorded) outputs.push_back({name, "final"});
        for (auto& out_spec : outputs) {
            try {
                Recorder probe({out_spec.name}, settings.interval);
                sim->attach(probe);
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--output: ") + e.what());
            }
        }
    }
    std::vector<std::vector<double>> cases = sweep_cases(variations, samples, static_cast<unsigned long>(seed));
    std::vector<std::string> case_inputs(cases.size());   // the input table of each case ("": the system's own)
    if (!o.input_tables.empty()) {   // the tables are the outer dimension: all cases with the first, then the second, ...
        const std::vector<std::vector<double>> grid = std::move(cases);
        cases.clear();
        case_inputs.clear();
        for (auto& table : o.input_tables)
            for (auto& c : grid) {
                cases.push_back(c);
                case_inputs.push_back(table);
            }
        if (cases.size() > 1'000'000) throw UsageError("the sweep has " + std::to_string(cases.size()) + " cases (at most 1e6)");
    }
    if (!o.case_results.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.case_results, ec);
        if (ec) throw OutputError("cannot create the folder '" + o.case_results + "': " + ec.message());
    }
    std::ofstream table_file;
    if (!o.out.empty()) create_folder_for(o.out);

    const MpiWorld world = mpi_world();
    unsigned jobs = world.active ? 1 : std::max(1u, std::thread::hardware_concurrency());
    if (!o.jobs.empty()) {
        const double j = parse_number("--jobs", o.jobs);
        if (!(j >= 1) || j != std::floor(j) || j > 1024) throw UsageError("--jobs must be a whole number from 1 to 1024");
        jobs = static_cast<unsigned>(j);
    }
    std::string open_error;
    if (world.rank == 0 && !o.out.empty()) {
        table_file.open(o.out);
        if (!table_file) open_error = "cannot write '" + o.out + "': " + std::strerror(errno);
    }
    // Every process learns whether rank 0 can write the table, so that none waits for a gather that never comes.
    if (!broadcast_from_root(world, open_error.empty())) {
        mpi_finish(world);
        throw OutputError(open_error.empty() ? "rank 0 cannot write '" + o.out + "'" : open_error);
    }
    // This process's cases: every size-th, from its rank; its threads take them one after another.
    std::vector<std::size_t> mine;
    for (std::size_t k = static_cast<std::size_t>(world.rank); k < cases.size(); k += static_cast<std::size_t>(world.size)) mine.push_back(k);
    std::vector<CaseResult> results(cases.size());
    std::atomic<std::size_t> next{0}, done{0};
    const auto start = std::chrono::steady_clock::now();
    // Rank 0 shows its own cases on a terminal (every rank has about as many).
    ProgressBar progress(!quiet && world.rank == 0 && isatty(fileno(stderr)), std::cerr);
    std::mutex progress_mutex;
    InterruptGuard interrupt_guard;   // SIGINT/SIGTERM: the cases in flight stop, the finished ones are written
    auto worker = [&] {
        for (std::size_t m = next++; m < mine.size() && !interrupt_requested(); m = next++) {
            const std::size_t k = mine[m];
            char name[32];
            std::snprintf(name, sizeof name, "case_%04zu.%s", k + 1, o.case_format.c_str());
            const std::string path = o.case_results.empty() ? std::string() : (std::filesystem::path(o.case_results) / name).string();
            results[k] = run_case(system, run_options, variations, cases[k], case_inputs[k], outputs, path);
            if (!results[k].finished) continue;
            const std::size_t d = ++done;
            spdlog::info("sweep: case {} of {} on rank {} {}", k + 1, cases.size(), world.rank, results[k].ok ? "done" : "failed: " + results[k].message);
            const std::lock_guard lock(progress_mutex);
            progress.update_cases(d, mine.size());
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < std::min<std::size_t>(jobs, mine.size()); ++t) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    progress.finish();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::string encoded;
    for (std::size_t k : mine) encoded += encode(k, results[k]);
    const std::vector<std::string> parts = gather_on_root(world, encoded);
    const int size = world.size;
    mpi_finish(world);
    if (world.rank != 0) return 0;
    for (auto& p : parts) decode(p, results);

    std::ostringstream table;
    table << "case,status";
    for (auto& v : variations) table << ',' << csv_cell(v.name);
    if (!o.input_tables.empty()) table << ",inputs";
    for (auto& s : outputs) table << ',' << csv_cell(s.header());
    table << ",message\n";
    std::size_t failed = 0, finished = 0, unwritten = 0;
    std::string first_unwritten;
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const CaseResult& r = results[k];
        if (!r.finished) continue;   // interrupted before it ended
        ++finished;
        failed += !r.ok;
        if (r.output_failed && unwritten++ == 0) first_unwritten = r.message;
        table << k + 1 << ',' << (r.ok ? "ok" : "failed");
        for (double v : cases[k]) table << ',' << number_text(v);
        if (!o.input_tables.empty()) table << ',' << csv_cell(case_inputs[k]);
        for (double v : r.outputs) table << ',' << (std::isnan(v) ? std::string() : number_text(v));
        table << ',' << csv_cell(r.message) << '\n';
    }
    if (table_file.is_open()) {
        table_file << table.str();
        table_file.close();
        if (!table_file) throw OutputError("error while writing '" + o.out + "': " + std::strerror(errno));
    } else {
        out << table.str();
    }
    if (finished < cases.size()) {
        err << "lied: interrupted: " << finished << " of " << cases.size() << " cases finished; "
            << (o.out.empty() ? "their rows are above" : "their rows are in " + terminal_safe(o.out)) << '\n';
        return 130;
    }
    if (!quiet && !o.out.empty()) {
        out << "sweep of " << system << ": " << cases.size() << " cases (" << (monte_carlo ? "Monte Carlo" : "grid") << "), " << cases.size() - failed
            << " ok, " << failed << " failed, " << size << " process(es) × " << jobs << " thread(s), " << std::setprecision(3) << wall << " s\n"
            << "summary: " << o.out << '\n';
        if (!o.case_results.empty()) out << "case results: " << o.case_results << '\n';
    }
    if (unwritten) throw OutputError(std::to_string(unwritten) + " case result file(s) could not be written, the first: " + first_unwritten);
    if (failed) err << "lied: " << failed << " of " << cases.size() << " cases failed; the table's message column says why\n";
    return 0;
}

}  // namespace lied::systems
