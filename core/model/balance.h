#pragma once
// What a component tells the balance auditor (core/simulation/balance_auditor.h) about the mass and energy it holds
// and exchanges with the world outside the model. Flows between components through their plugs are internal and
// cancel; only what is stored and what crosses the model's boundary counts:
//     Σ stored(t) − Σ stored(t0) = ∫ (Σ supplied − Σ dissipated) dt.
// Each term is a value the component's blocks keep current at every evaluation (like a variable).
#include <string_view>

namespace lied {

enum class Quantity { Mass, Energy };
const char* to_string(Quantity q);   // "mass", "energy"
const char* unit_of(Quantity q);     // "kg", "J"

struct BalanceTermInfo {
    enum class Kind { Stored, StoredRate, Supplied, Dissipated, Created, Neutral };
    int component = -1;
    Quantity quantity = Quantity::Energy;
    Kind kind = Kind::Neutral;
    const double* value = nullptr;   // null for Neutral
    std::string_view name;           // a literal ("E_kin", "inflow"): the model keeps the view
    std::string_view remedy;         // Created only, a literal or empty: what makes the formulation create less
};

}  // namespace lied
