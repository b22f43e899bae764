#pragma once
// An importer's own solver for an FMU in Model Exchange, the same for FMI 2 and FMI 3 (the calls differ only in
// name): classic RK4 with step h, each step cut at the announced next time event; after each step the event
// indicators' signs are compared and, at a change or a due time event, the importer enters event mode, lets the
// FMU update its discrete states, and reads the states back if they changed.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <vector>

namespace lied::testing {

struct EventUpdate {
    bool values_changed = false, next_defined = false;
    double next_time = 0;
};

struct ModelExchangeCalls {   // each returns true on success
    std::function<bool(double)> set_time;
    std::function<bool(const double*)> set_states;
    std::function<bool(double*)> get_states, get_derivatives, get_indicators;
    std::function<bool()> completed_step, enter_event_mode, enter_continuous_mode;
    std::function<bool(EventUpdate&)> update_discrete_states;
};

// From t = 0 (the FMU in event mode after initialisation) to t_end; returns the number of state events seen.
inline int integrate_rk4(const ModelExchangeCalls& fmu, std::size_t n, std::size_t indicators, double t_end, double h) {
    EventUpdate info;
    REQUIRE(fmu.update_discrete_states(info));
    REQUIRE(fmu.enter_continuous_mode());
    std::vector<double> x(n), k1(n), k2(n), k3(n), k4(n), xs(n), g_before(indicators), g_after(indicators);
    REQUIRE(fmu.get_states(x.data()));
    auto f = [&](double t, const double* state, double* dx) {
        REQUIRE(fmu.set_time(t));
        REQUIRE(fmu.set_states(state));
        REQUIRE(fmu.get_derivatives(dx));
    };
    if (indicators) REQUIRE(fmu.get_indicators(g_before.data()));
    double t = 0;
    int state_events = 0;
    while (t < t_end - 1e-12) {
        double step = std::min(h, t_end - t);
        if (info.next_defined && info.next_time > t && info.next_time < t + step + 1e-12) step = info.next_time - t;
        f(t, x.data(), k1.data());
        for (std::size_t i = 0; i < n; ++i) xs[i] = x[i] + 0.5 * step * k1[i];
        f(t + 0.5 * step, xs.data(), k2.data());
        for (std::size_t i = 0; i < n; ++i) xs[i] = x[i] + 0.5 * step * k2[i];
        f(t + 0.5 * step, xs.data(), k3.data());
        for (std::size_t i = 0; i < n; ++i) xs[i] = x[i] + step * k3[i];
        f(t + step, xs.data(), k4.data());
        for (std::size_t i = 0; i < n; ++i) x[i] += step / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
        t += step;
        REQUIRE(fmu.set_time(t));
        REQUIRE(fmu.set_states(x.data()));
        REQUIRE(fmu.completed_step());
        if (indicators) REQUIRE(fmu.get_indicators(g_after.data()));
        bool state_event = false;
        for (std::size_t i = 0; i < indicators; ++i) state_event |= (g_before[i] < 0) != (g_after[i] < 0);
        const bool time_event = info.next_defined && t >= info.next_time - 1e-12;
        if (state_event || time_event) {
            state_events += state_event;
            REQUIRE(fmu.enter_event_mode());
            REQUIRE(fmu.update_discrete_states(info));
            if (info.values_changed) REQUIRE(fmu.get_states(x.data()));
            REQUIRE(fmu.enter_continuous_mode());
            if (indicators) REQUIRE(fmu.get_indicators(g_after.data()));
        }
        g_before = g_after;
    }
    return state_events;
}

}  // namespace lied::testing
