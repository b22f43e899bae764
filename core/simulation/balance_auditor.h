#pragma once
// A run can end with exit 0 on a result that breaks conservation: a step that lets a contact create energy, a
// component whose equations leak mass, a replaced tank that keeps its level but not its water. The auditor keeps
// the books of the whole model alongside the run. Components declare what they store and what they exchange with
// the outside (core/model/balance.h); at every accepted step the auditor reads those values and checks, for mass and
// for energy,
//     residual = Σ stored(t) − Σ stored(t0) − ∫ (Σ supplied − Σ dissipated) dt − (jumps at events and changes)
// against a tolerance relative to what was stored and exchanged. The integral is the trapezoidal rule over the
// accepted steps; for a conservative model the residual is then the time integration's own error. Jumps of stored
// amounts at an event (a re-initialisation) and at a structure change are booked where they happen: energy taken at
// an event counts as dissipated (an inelastic impact), energy or mass appearing at an event does not conserve; a
// component whose states were carried into a new structure keeps what it stored, one that starts fresh or leaves
// brings or takes its amount. After configure(), observe() and the other per-step calls allocate nothing.
#include "core/integrators/step_error_monitor.h"
#include "core/model/model.h"

#include <string>
#include <vector>

namespace lied {

struct BalanceSettings {
    CheckMode mode = CheckMode::Error;
    // The residual allowed, relative to the amounts that moved: Σ over stored terms of their largest change plus
    // ∫|supplied| and ∫dissipated. 1 % like the step monitor: a step that makes a result wrong by more than that is
    // too large for a result anyone would use. On top: 1e-8 of the amounts held (Σ|stored|), for rounding and
    // solver tolerances in a model where nothing moves, and the estimated error of the integral of the exchanges
    // (the trapezoidal rule's curvature term at fixed steps; Simpson's rule against the trapezoid over an adaptive
    // step): the books do not claim more than they can know.
    double tolerance = 1e-2;
};

// The books of one quantity since the run started (or was reset).
struct BalanceAccount {
    bool audited = false;            // every component declared itself, and some term concerns this quantity
    double stored_start = 0.0;       // Σ stored at the start
    double stored = 0.0;             // Σ stored now
    double supplied_in = 0.0;        // ∫ of what entered from outside
    double supplied_out = 0.0;       // ∫ of what left to the outside (≥ 0)
    double dissipated = 0.0;         // ∫ dissipated (energy), including what events took
    double created = 0.0;            // ∫ of what components' formulations create by design (negative: destroy)
    double changes = 0.0;            // brought (+) or taken (−) by structure changes
    double allowance = 0.0;          // the residual allowed now
    double worst_ratio = 0.0;        // largest |residual| / allowance seen
    double residual() const { return stored - stored_start - (supplied_in - supplied_out - dissipated + created + changes); }
};

// Where and when a balance broke (or came closest to it).
struct BalanceFinding {
    Quantity quantity = Quantity::Energy;
    double time = 0.0;               // when the residual passed the allowance
    double residual = 0.0;
    double allowance = 0.0;
    double step_time = 0.0;          // the start of the step (or the event) that added most to the residual
    double step = 0.0;               // its size (0 for an event or a change)
    double step_residual = 0.0;      // what it added
    int term = -1;                   // the stored term that changed most there (index into Model::balance_terms)
    double term_change = 0.0;
    enum class Where { Step, Event, Change } where = Where::Step;
};

// What the books have counted so far, handed from one structure to the next (a structure change, a real-time swap).
struct BooksSoFar {
    BalanceAccount mass, energy;
    BalanceFinding finding;
    long violations = 0;
    double moved_mass = 0.0, moved_energy = 0.0, exchanged_mass = 0.0, exchanged_energy = 0.0;
    double quadrature_error[2] = {0.0, 0.0};
};

class BalanceAuditor {
public:
    // For a new structure. Allocates (the per-term books and the list of unaudited components).
    void configure(const Model& model, const BalanceSettings& settings);
    bool active() const { return settings_.mode != CheckMode::Off && (mass_.audited || energy_.audited); }
    // The books open at time t: the model was just evaluated there.
    void start(double t);
    // After an accepted step to time t (the model evaluated there). False when a balance broke (finding() says
    // which, when and where).
    bool observe(double t);
    // Before observe(), the model evaluated at the middle of an adaptive step (on the solver's interpolant): the
    // step's exchanges are then integrated by Simpson's rule. An adaptive step can span many internal steps of the
    // solver, which the books do not see; the difference to the trapezoidal rule is their own uncertainty there.
    void sample_midpoint();
    // After event handlers ran at time t (the model evaluated again): what they changed in the stored amounts. The
    // step before ended at the same point, so the books hold the amounts before the handlers.
    bool after_event(double t);

    // An external integrator owns time and states (Model Exchange): the books cannot follow the steps. Until the
    // next start (a reset or a new structure) nothing is checked.
    void suspend();
    bool suspended() const { return suspended_; }

    const BalanceAccount& account(Quantity q) const { return q == Quantity::Mass ? mass_ : energy_; }
    // Components that declared nothing (paths), and components with blocks or states only (containers are not listed).
    const std::vector<int>& unaudited() const { return unaudited_; }
    long violations() const { return violations_; }
    const BalanceFinding& finding() const { return finding_; }   // the first violation, or the closest call
    // What each term's formulation created (Kind::Created; index into Model::balance_terms) since this structure's
    // books opened; 0 for other terms.
    const std::vector<double>& created_by_term() const { return created_; }
    // The energy account as it stood where those integrals start (a structure change starts them again).
    const BalanceAccount& energy_at_created_start() const { return energy_at_created_start_; }
    const Model* model() const { return model_; }

    // The model changed from outside between steps (a parameter or a state set by the user, a steady state): the
    // jump of the stored amounts is booked as a change the user made. The model was evaluated at t after it.
    void rebase(double t);

    // A structure change, in two halves. snapshot() before the rebuild keeps each stored term's component path and
    // value; carry_over() after it (the new structure configured and evaluated at t) compares. `pure_carry` tells
    // per component of the new structure whether its states were carried over by name and none was rewritten by an
    // initializer or a take-over: such a component claims to go on as it was, so its stored amounts must not jump
    // (a replaced tank that keeps its level but has twice the area does). Every other difference (components that
    // leave, arrive, or are initialised afresh) is booked as brought or taken by the change. False when a balance
    // broke.
    struct Snapshot {
        std::vector<std::string> paths;   // component path per stored term
        std::vector<Quantity> quantities;
        std::vector<std::string_view> names;   // the terms' names (literals)
        std::vector<char> rated;
        std::vector<double> values;
        BooksSoFar books;
        bool valid = false;
        void resize(std::size_t n) {   // no allocation once sized for this shape
            paths.resize(n);
            quantities.resize(n);
            names.resize(n);
            rated.resize(n);
            values.resize(n);
        }
    };
    void snapshot(Snapshot& into) const;
    // Sizes `into` for this structure (at build, where allocating is allowed): a later snapshot of the same shape then
    // allocates nothing.
    void prepare(Snapshot& into) const;
    // A real-time swap: this structure (evaluated at t) takes over `previous`'s books; the difference in what they
    // hold is booked as brought by the change. Allocation-free.
    void continue_from(const BalanceAuditor& previous, double t);
    bool carry_over(const Snapshot& previous, const std::vector<char>& pure_carry, double t);
    // A saved simulation state (core/support/state_archive.h): the accounts, each term's last amounts and rates,
    // and what was found so far. Allocation-free.
    void archive(StateArchive& a);

private:
    BalanceAccount& account_of(Quantity q) { return q == Quantity::Mass ? mass_ : energy_; }
    BooksSoFar books_so_far() const;
    // This structure's books (opened by start(), with what it stores now) go on from `previous`: its history is kept,
    // and what the change brought is booked as a change the user made.
    void go_on_from(const BooksSoFar& previous, double brought_mass, double brought_energy);
    void read_now();
    struct Sums {
        double mass = 0.0, energy = 0.0;
        double& of(Quantity q) { return q == Quantity::Mass ? mass : energy; }
    };
    Sums stored_sums(const std::vector<double>& values) const;
    // The step residuals `added` appeared at t; the accounts are up to date. False on a violation in Error mode.
    bool check(double t, BalanceFinding::Where where, double step_time, double step, Sums added, int blamed_mass, int blamed_energy);
    int largest_stored_change(Quantity q) const;   // the stored term of q that changed most from prev_ to now_
    double allowance(Quantity q) const;

    const Model* model_ = nullptr;
    BalanceSettings settings_;
    BalanceAccount mass_, energy_;
    std::vector<int> stored_, flows_, rated_;    // term indices by kind (rated_: stored by rate, also in stored_)
    std::vector<double> now_, prev_, start_, largest_change_;   // per term; a rated term's amount is its integral
    std::vector<double> rate_now_, rate_prev_;                   // per term: the rates of rated terms
    double quadrature_error_[2] = {0.0, 0.0};   // per quantity (mass, energy): the integral's own error so far
    double r_before_[2] = {0.0, 0.0};           // the residual's integrand one step before the last
    int history_ = 0;                           // steps since the integrand last jumped
    static constexpr int kAdaptiveStartSteps = 3;   // steps after a start or event an adaptive solver is not judged on
    std::vector<double> mid_;                   // per term: rates at the middle of an adaptive step
    std::vector<double> created_;               // per term: ∫ of what a formulation created
    BalanceAccount energy_at_created_start_;
    bool created_start_taken_ = false;
    bool have_mid_ = false;
    double last_t_ = 0.0;                       // where the books stand
    std::vector<int> unaudited_;
    std::vector<char> declared_, behaves_;   // configure()'s working memory, per component
    double held_mass_ = 0.0, held_energy_ = 0.0;   // Σ|stored|, for the rounding allowance
    double moved_mass_ = 0.0, moved_energy_ = 0.0; // Σ largest changes of stored terms
    double exchanged_mass_ = 0.0, exchanged_energy_ = 0.0;   // ∫|supplied| + ∫dissipated + |changes|
    BalanceFinding worst_step_[2];   // per quantity: the step that added most so far
    BalanceFinding finding_;
    long violations_ = 0;
    bool started_ = false;
    bool suspended_ = false;
};

}  // namespace lied
