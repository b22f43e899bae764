#include "core/simulation/balance_auditor.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace lied {

namespace {
using Kind = BalanceTermInfo::Kind;
int slot(Quantity q) { return q == Quantity::Mass ? 0 : 1; }
}  // namespace

void BalanceAuditor::configure(const Model& model, const BalanceSettings& settings) {
    model_ = &model;
    settings_ = settings;
    const auto& terms = model.balance_terms;
    stored_.clear();
    flows_.clear();
    rated_.clear();
    bool any_mass = false, any_energy = false;
    std::vector<char>& declared = declared_;   // kept: a rebuild of the same shape allocates nothing here
    std::vector<char>& behaves = behaves_;
    declared.assign(model.components.size(), 0);
    behaves.assign(model.components.size(), 0);
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const BalanceTermInfo& term = terms[i];
        declared[static_cast<std::size_t>(term.component)] = 1;
        if (term.kind == Kind::Neutral) continue;
        (term.kind == Kind::Stored || term.kind == Kind::StoredRate ? stored_ : flows_).push_back(static_cast<int>(i));
        if (term.kind == Kind::StoredRate) rated_.push_back(static_cast<int>(i));
        (term.quantity == Quantity::Mass ? any_mass : any_energy) = true;
    }
    // A component with blocks or states does something; one with neither only holds others (a subsystem).
    for (const BlockInfo& b : model.blocks) behaves[static_cast<std::size_t>(b.component)] = 1;
    for (const StateInfo& st : model.states) behaves[static_cast<std::size_t>(st.component)] = 1;
    unaudited_.clear();
    for (std::size_t c = 0; c < declared.size(); ++c)
        if (behaves[c] && !declared[c]) unaudited_.push_back(static_cast<int>(c));
    mass_ = {};
    energy_ = {};
    mass_.audited = unaudited_.empty() && any_mass;
    energy_.audited = unaudited_.empty() && any_energy;
    now_.assign(terms.size(), 0.0);
    prev_.assign(terms.size(), 0.0);
    start_.assign(terms.size(), 0.0);
    largest_change_.assign(terms.size(), 0.0);
    rate_now_.assign(terms.size(), 0.0);
    mid_.assign(terms.size(), 0.0);
    rate_prev_.assign(terms.size(), 0.0);
    created_.assign(terms.size(), 0.0);
    created_start_taken_ = false;
    started_ = false;
}

// Amounts and rates as the model holds them now; a rated term keeps its amount (observe() integrates it).
void BalanceAuditor::read_now() {
    for (int i : stored_) now_[static_cast<std::size_t>(i)] = *model_->balance_terms[static_cast<std::size_t>(i)].value;
    for (int i : flows_) now_[static_cast<std::size_t>(i)] = *model_->balance_terms[static_cast<std::size_t>(i)].value;
    for (int i : rated_) {
        const auto k = static_cast<std::size_t>(i);
        rate_now_[k] = now_[k];
        now_[k] = prev_[k];
    }
}

BalanceAuditor::Sums BalanceAuditor::stored_sums(const std::vector<double>& values) const {
    Sums sums;
    for (int i : stored_) sums.of(model_->balance_terms[static_cast<std::size_t>(i)].quantity) += values[static_cast<std::size_t>(i)];
    return sums;
}

void BalanceAuditor::start(double t) {
    if (!active()) return;
    for (int i : rated_) prev_[static_cast<std::size_t>(i)] = 0.0;   // a rated amount counts from here
    read_now();
    rate_prev_ = rate_now_;   // same sizes: no allocation
    prev_ = now_;
    start_ = now_;
    std::fill(largest_change_.begin(), largest_change_.end(), 0.0);
    std::fill(created_.begin(), created_.end(), 0.0);
    created_start_taken_ = false;
    const bool mass_audited = mass_.audited, energy_audited = energy_.audited;
    mass_ = {};
    energy_ = {};
    mass_.audited = mass_audited;
    energy_.audited = energy_audited;
    const Sums sums = stored_sums(now_);
    mass_.stored_start = mass_.stored = sums.mass;
    energy_.stored_start = energy_.stored = sums.energy;
    held_mass_ = held_energy_ = 0.0;
    for (int i : stored_) {
        const BalanceTermInfo& term = model_->balance_terms[static_cast<std::size_t>(i)];
        (term.quantity == Quantity::Mass ? held_mass_ : held_energy_) += std::abs(now_[static_cast<std::size_t>(i)]);
    }
    moved_mass_ = moved_energy_ = exchanged_mass_ = exchanged_energy_ = 0.0;
    worst_step_[0] = worst_step_[1] = {};
    quadrature_error_[0] = quadrature_error_[1] = 0.0;
    history_ = 0;
    have_mid_ = false;
    last_t_ = t;
    finding_ = {};
    violations_ = 0;
    started_ = true;
    suspended_ = false;
    mass_.allowance = allowance(Quantity::Mass);
    energy_.allowance = allowance(Quantity::Energy);
}

double BalanceAuditor::allowance(Quantity q) const {
    const bool mass = q == Quantity::Mass;
    const double moved = (mass ? moved_mass_ : moved_energy_) + (mass ? exchanged_mass_ : exchanged_energy_);
    const double held = mass ? held_mass_ : held_energy_;
    return settings_.tolerance * moved + 1e-8 * held + quadrature_error_[slot(q)] + 1e-300;
}

int BalanceAuditor::largest_stored_change(Quantity q) const {
    int best = -1;
    double largest = -1.0;
    for (int i : stored_) {
        const auto k = static_cast<std::size_t>(i);
        if (model_->balance_terms[k].quantity != q) continue;
        const double change = std::abs(now_[k] - prev_[k]);
        if (change > largest) largest = change, best = i;
    }
    return best;
}

void BalanceAuditor::suspend() {
    started_ = false;
    suspended_ = true;
}

void BalanceAuditor::sample_midpoint() {
    if (!active() || !started_) return;
    for (int i : flows_) mid_[static_cast<std::size_t>(i)] = *model_->balance_terms[static_cast<std::size_t>(i)].value;
    for (int i : rated_) mid_[static_cast<std::size_t>(i)] = *model_->balance_terms[static_cast<std::size_t>(i)].value;
    have_mid_ = true;
}

bool BalanceAuditor::observe(double t) {
    if (!active() || !started_) return true;
    if (!created_start_taken_) {   // the energy account where the per-term integrals of created_ start from
        energy_at_created_start_ = energy_;
        created_start_taken_ = true;
    }
    read_now();
    const double step = t - last_t_;
    last_t_ = t;
    const bool simpson = have_mid_;
    have_mid_ = false;
    auto integral = [&](double a, double m, double b) { return simpson ? step / 6.0 * (a + 4.0 * m + b) : 0.5 * (a + b) * step; };
    // The integrand of the residual (what stored rates and exchanges add to it), for the estimate of the rule's error.
    double r_now[2] = {0.0, 0.0}, r_mid[2] = {0.0, 0.0}, r_prev[2] = {0.0, 0.0};
    bool first_step = false;   // after a start or a jump of the rates: not judged (below)
    for (int i : rated_) {
        const auto k = static_cast<std::size_t>(i);
        now_[k] += integral(rate_prev_[k], mid_[k], rate_now_[k]);
        const int q = slot(model_->balance_terms[k].quantity);
        r_now[q] += rate_now_[k], r_mid[q] += mid_[k], r_prev[q] += rate_prev_[k];
    }
    rate_prev_ = rate_now_;
    Sums added;   // what this step added to each residual
    for (int i : flows_) {
        const auto k = static_cast<std::size_t>(i);
        const BalanceTermInfo& term = model_->balance_terms[k];
        const double amount = integral(prev_[k], mid_[k], now_[k]);
        const int q = slot(term.quantity);
        const double sign = term.kind == Kind::Dissipated ? 1.0 : -1.0;   // what it adds to the residual's integrand
        r_now[q] += sign * now_[k], r_mid[q] += sign * mid_[k], r_prev[q] += sign * prev_[k];
        BalanceAccount& account = account_of(term.quantity);
        double& exchanged = term.quantity == Quantity::Mass ? exchanged_mass_ : exchanged_energy_;
        exchanged += std::abs(amount);
        if (term.kind == Kind::Dissipated) {
            account.dissipated += amount;
            added.of(term.quantity) += amount;
        } else if (term.kind == Kind::Created) {
            account.created += amount;
            created_[k] += amount;
            added.of(term.quantity) -= amount;
        } else {
            (amount > 0 ? account.supplied_in : account.supplied_out) += std::abs(amount);
            added.of(term.quantity) -= amount;
        }
    }
    // The rule's own error, added to the allowance: over an adaptive step Simpson's against the trapezoid's; at a
    // fixed step the trapezoid's curvature term h·|r(t+h) − 2r(t) + r(t−h)|/12 from the last two steps (none in the
    // first step after a jump: see below), twice over: that estimate is exact for a quadratic rate only, and a rate
    // that starts like t³ (a force ramp doing work on a mass at rest) has the trapezoid err by up to 2× it.
    for (int q = 0; q < 2; ++q) {
        if (simpson) quadrature_error_[q] += std::abs(step / 6.0 * (r_prev[q] + 4.0 * r_mid[q] + r_now[q]) - 0.5 * (r_prev[q] + r_now[q]) * step);
        else if (history_ >= 1) quadrature_error_[q] += std::abs(r_now[q] - 2.0 * r_prev[q] + r_before_[q]) * step / 6.0;
        r_before_[q] = r_prev[q];
    }
    // An adaptive solver restarts at order 1 with tiny steps whose error it controls only down to its absolute
    // tolerance: its first few steps are below the books' resolution (a force ramp starting on a claw at rest moves
    // 1e-15 J there). A fixed step's first step is the one the trapezoid cannot judge.
    first_step = history_ < (simpson ? kAdaptiveStartSteps : 1);
    ++history_;
    Sums sums;   // Σ stored now, summed in the pass that needs the terms anyway
    for (int i : stored_) {
        const auto k = static_cast<std::size_t>(i);
        const BalanceTermInfo& term = model_->balance_terms[k];
        added.of(term.quantity) += now_[k] - prev_[k];
        sums.of(term.quantity) += now_[k];
        const double change = std::abs(now_[k] - start_[k]);
        if (change > largest_change_[k]) {
            (term.quantity == Quantity::Mass ? moved_mass_ : moved_energy_) += change - largest_change_[k];
            largest_change_[k] = change;
        }
    }
    // The first step after a start or a jump of the rates is booked but not judged: what is exchanged may change
    // within it faster than the step resolves (a flow starting against an inertance, a contact or a constraint taking
    // over), and only the solver's own stages see that. What it added counts as the books' uncertainty.
    if (first_step) {
        quadrature_error_[0] += std::abs(added.mass);
        quadrature_error_[1] += std::abs(added.energy);
    }
    mass_.stored = sums.mass;
    energy_.stored = sums.energy;
    const bool ok = check(t, BalanceFinding::Where::Step, t - step, step, added, -2, -2);
    prev_ = now_;
    return ok;
}

bool BalanceAuditor::after_event(double t) {
    if (!active() || !started_) return true;
    read_now();
    rate_prev_ = rate_now_;
    history_ = 0;   // the rates jumped: no curvature across an event
    last_t_ = t;
    const Sums before{mass_.stored, energy_.stored}, after = stored_sums(now_);   // the books hold Σ stored at prev_
    Sums added;
    added.mass = after.mass - before.mass;   // mass never appears or vanishes at an event
    const double energy_jump = after.energy - before.energy;
    if (energy_jump < 0) {   // taken by a re-initialisation (an inelastic impact): dissipated there
        energy_.dissipated -= energy_jump;
        exchanged_energy_ -= energy_jump;
    } else {
        added.energy = energy_jump;
    }
    mass_.stored = after.mass;
    energy_.stored = after.energy;
    // A jump is not motion: the largest changes go on from where the handlers left each term.
    for (int i : stored_) start_[static_cast<std::size_t>(i)] += now_[static_cast<std::size_t>(i)] - prev_[static_cast<std::size_t>(i)];
    const bool ok = check(t, BalanceFinding::Where::Event, t, 0.0, added, -2, -2);
    prev_ = now_;
    return ok;
}

void BalanceAuditor::rebase(double t) {
    if (!active() || !started_) return;
    read_now();
    rate_prev_ = rate_now_;
    history_ = 0;
    last_t_ = t;
    const Sums before{mass_.stored, energy_.stored}, after = stored_sums(now_);   // the books hold Σ stored at prev_
    mass_.changes += after.mass - before.mass;
    energy_.changes += after.energy - before.energy;
    exchanged_mass_ += std::abs(after.mass - before.mass);
    exchanged_energy_ += std::abs(after.energy - before.energy);
    mass_.stored = after.mass;
    energy_.stored = after.energy;
    for (int i : stored_) start_[static_cast<std::size_t>(i)] += now_[static_cast<std::size_t>(i)] - prev_[static_cast<std::size_t>(i)];
    prev_ = now_;
    mass_.allowance = allowance(Quantity::Mass);
    energy_.allowance = allowance(Quantity::Energy);
}

bool BalanceAuditor::check(double t, BalanceFinding::Where where, double step_time, double step, Sums added, int blamed_mass, int blamed_energy) {
    bool ok = true;
    for (Quantity q : {Quantity::Mass, Quantity::Energy}) {
        BalanceAccount& account = account_of(q);
        if (!account.audited) continue;
        BalanceFinding& worst = worst_step_[slot(q)];
        const double add = added.of(q);
        if (std::abs(add) > std::abs(worst.step_residual)) {   // the step (event, change) that added most so far
            worst.quantity = q;
            worst.where = where;
            worst.step_time = step_time;
            worst.step = step;
            worst.step_residual = add;
            const int blamed = q == Quantity::Mass ? blamed_mass : blamed_energy;
            worst.term = blamed != -2 ? blamed : largest_stored_change(q);
            worst.term_change = worst.term >= 0 && blamed == -2
                                    ? now_[static_cast<std::size_t>(worst.term)] - prev_[static_cast<std::size_t>(worst.term)]
                                    : add;
        }
        account.allowance = allowance(q);
        const double ratio = std::abs(account.residual()) / account.allowance;
        account.worst_ratio = std::max(account.worst_ratio, ratio);
        if (!(ratio <= 1.0)) {   // a NaN breaks the balance too
            if (violations_++ == 0) {
                finding_ = worst;
                finding_.quantity = q;
                finding_.time = t;
                finding_.residual = account.residual();
                finding_.allowance = account.allowance;
            }
            if (settings_.mode == CheckMode::Error) ok = false;
        }
    }
    return ok;
}

void BalanceAuditor::continue_from(const BalanceAuditor& previous, double t) {
    start(t);
    if (!active() || !previous.active() || !previous.started_) return;
    if (previous.mass_.audited != mass_.audited || previous.energy_.audited != energy_.audited) return;
    go_on_from(previous.books_so_far(), mass_.stored - previous.mass_.stored, energy_.stored - previous.energy_.stored);
    mass_.allowance = allowance(Quantity::Mass);
    energy_.allowance = allowance(Quantity::Energy);
}

BooksSoFar BalanceAuditor::books_so_far() const {
    return {mass_, energy_, finding_, violations_, moved_mass_, moved_energy_, exchanged_mass_, exchanged_energy_,
            {quadrature_error_[0], quadrature_error_[1]}};
}

void BalanceAuditor::go_on_from(const BooksSoFar& previous, double brought_mass, double brought_energy) {
    const BalanceAccount held_mass = mass_, held_energy = energy_;
    mass_ = previous.mass;
    energy_ = previous.energy;
    mass_.audited = held_mass.audited;
    energy_.audited = held_energy.audited;
    mass_.stored = held_mass.stored;
    energy_.stored = held_energy.stored;
    mass_.changes += brought_mass;
    energy_.changes += brought_energy;
    moved_mass_ = previous.moved_mass;
    moved_energy_ = previous.moved_energy;
    exchanged_mass_ = previous.exchanged_mass + std::abs(brought_mass);
    exchanged_energy_ = previous.exchanged_energy + std::abs(brought_energy);
    quadrature_error_[0] = previous.quadrature_error[0];
    quadrature_error_[1] = previous.quadrature_error[1];
    finding_ = previous.finding;
    violations_ = previous.violations;
}

void BalanceAuditor::prepare(Snapshot& into) const {
    const std::size_t n = stored_.size();
    into.resize(n);
    for (std::size_t j = 0; j < n; ++j)
        into.paths[j].reserve(model_->components[static_cast<std::size_t>(model_->balance_terms[static_cast<std::size_t>(stored_[j])].component)].path.size());
}

void BalanceAuditor::snapshot(Snapshot& into) const {
    into.valid = active() && started_;
    if (!into.valid) return;
    // Sized and assigned in place: a rebuild of the same shape reuses every buffer (no allocation).
    const std::size_t n = stored_.size();
    into.resize(n);
    for (std::size_t j = 0; j < n; ++j) {
        const auto i = static_cast<std::size_t>(stored_[j]);
        const BalanceTermInfo& term = model_->balance_terms[i];
        into.paths[j].assign(model_->components[static_cast<std::size_t>(term.component)].path);
        into.quantities[j] = term.quantity;
        into.names[j] = term.name;
        into.rated[j] = term.kind == Kind::StoredRate;
        into.values[j] = prev_[i];
    }
    into.books = books_so_far();
}

bool BalanceAuditor::carry_over(const Snapshot& previous, const std::vector<char>& pure_carry, double t) {
    if (!active()) return true;
    const bool continues = previous.valid && previous.books.mass.audited == mass_.audited && previous.books.energy.audited == energy_.audited;
    if (!continues) {   // the books of an unaudited structure say nothing: open new ones
        start(t);
        return true;
    }
    start(t);   // this structure's terms, as they are now
    // The terms match the snapshot's one to one when the shape did not change (a rebuild, a parameter read at build):
    // then the comparison goes by index and allocates nothing. Otherwise by component path.
    bool same_shape = previous.paths.size() == stored_.size();
    for (std::size_t j = 0; same_shape && j < stored_.size(); ++j) {
        const BalanceTermInfo& term = model_->balance_terms[static_cast<std::size_t>(stored_[j])];
        same_shape = previous.names[j] == term.name && previous.quantities[j] == term.quantity &&
                     previous.paths[j] == model_->components[static_cast<std::size_t>(term.component)].path;
    }
    Sums jumps;            // of components that claim to go on as they were
    int blamed[2] = {-1, -1};
    double largest[2] = {0.0, 0.0};
    auto pure = [&](const BalanceTermInfo& term) {
        const auto c = static_cast<std::size_t>(term.component);
        return c < pure_carry.size() && pure_carry[c] != 0;
    };
    if (same_shape) {
        for (std::size_t j = 0; j < stored_.size(); ++j) {
            const auto i = static_cast<std::size_t>(stored_[j]);
            const BalanceTermInfo& term = model_->balance_terms[i];
            if (term.kind == Kind::StoredRate) {   // an integral so far: it goes on from there
                now_[i] = prev_[i] = start_[i] = previous.values[j];
                continue;
            }
            if (!pure(term)) continue;
            const double jump = now_[i] - previous.values[j];
            jumps.of(term.quantity) += jump;
            if (std::abs(jump) > largest[slot(term.quantity)]) largest[slot(term.quantity)] = std::abs(jump), blamed[slot(term.quantity)] = stored_[j];
        }
    } else {
        // An amount stored by rate is its integral so far: a component that stays goes on from there.
        for (int i : rated_) {
            const BalanceTermInfo& term = model_->balance_terms[static_cast<std::size_t>(i)];
            const std::string& path = model_->components[static_cast<std::size_t>(term.component)].path;
            for (std::size_t k = 0; k < previous.paths.size(); ++k)
                if (previous.rated[k] && previous.names[k] == term.name && previous.paths[k] == path) {
                    const auto j = static_cast<std::size_t>(i);
                    now_[j] = prev_[j] = start_[j] = previous.values[k];
                    break;
                }
        }
        // What each component held before and holds now, by path (a structure change allocates anyway).
        std::unordered_map<std::string, double> before[2], after[2];
        for (std::size_t k = 0; k < previous.paths.size(); ++k) before[slot(previous.quantities[k])][previous.paths[k]] += previous.values[k];
        for (int i : stored_) {
            const BalanceTermInfo& term = model_->balance_terms[static_cast<std::size_t>(i)];
            if (pure(term)) after[slot(term.quantity)][model_->components[static_cast<std::size_t>(term.component)].path] += now_[static_cast<std::size_t>(i)];
        }
        for (int s = 0; s < 2; ++s)
            for (auto& [path, value] : after[s]) {
                const auto it = before[s].find(path);
                const double jump = value - (it == before[s].end() ? 0.0 : it->second);
                jumps.of(s == 0 ? Quantity::Mass : Quantity::Energy) += jump;
                if (std::abs(jump) > largest[s]) {
                    largest[s] = std::abs(jump);
                    for (int i : stored_) {   // the component's first term of this quantity names it
                        const BalanceTermInfo& term = model_->balance_terms[static_cast<std::size_t>(i)];
                        if (slot(term.quantity) == s && model_->components[static_cast<std::size_t>(term.component)].path == path) {
                            blamed[s] = i;
                            break;
                        }
                    }
                }
            }
    }
    const Sums sums_before = [&] {
        Sums sums;
        for (std::size_t k = 0; k < previous.values.size(); ++k) sums.of(previous.quantities[k]) += previous.values[k];
        return sums;
    }();
    const Sums sums_after = stored_sums(now_);
    // The books go on: what the change brought or took is booked, the jumps of carried components are not.
    mass_.stored = sums_after.mass;
    energy_.stored = sums_after.energy;
    go_on_from(previous.books, sums_after.mass - sums_before.mass - jumps.mass, sums_after.energy - sums_before.energy - jumps.energy);
    return check(t, BalanceFinding::Where::Change, t, 0.0, jumps, blamed[0], blamed[1]);
}

namespace {
void archive_account(StateArchive& a, BalanceAccount& account) {
    for (double* v : {&account.stored_start, &account.stored, &account.supplied_in, &account.supplied_out, &account.dissipated,
                      &account.created, &account.changes, &account.allowance, &account.worst_ratio})
        a.value(*v);
}
void archive_finding(StateArchive& a, BalanceFinding& f) {
    a.enumerator(f.quantity, 2);
    for (double* v : {&f.time, &f.residual, &f.allowance, &f.step_time, &f.step, &f.step_residual, &f.term_change}) a.value(*v);
    a.value(f.term);
    a.enumerator(f.where, 3);
}
}  // namespace

void BalanceAuditor::archive(StateArchive& a) {
    archive_account(a, mass_);
    archive_account(a, energy_);
    archive_account(a, energy_at_created_start_);
    a.flag(created_start_taken_);
    for (std::vector<double>* v : {&now_, &prev_, &start_, &largest_change_, &rate_now_, &rate_prev_, &mid_, &created_}) a.values(v->data(), v->size());
    for (double* v : {&quadrature_error_[0], &quadrature_error_[1], &r_before_[0], &r_before_[1], &last_t_, &held_mass_, &held_energy_,
                      &moved_mass_, &moved_energy_, &exchanged_mass_, &exchanged_energy_})
        a.value(*v);
    a.value(history_);
    a.flag(have_mid_);
    for (BalanceFinding* f : {&worst_step_[0], &worst_step_[1], &finding_}) archive_finding(a, *f);
    a.value(violations_);
    a.flag(started_);
    a.flag(suspended_);
    if (!a.restoring()) return;
    for (BalanceFinding* f : {&worst_step_[0], &worst_step_[1], &finding_})   // a term index names a term of this structure, or none
        if (f->term < -1 || f->term >= static_cast<int>(model_->balance_terms.size())) f->term = -1;
    history_ = std::max(history_, 0);
}

}  // namespace lied
