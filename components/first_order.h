#pragma once
// A first-order lag (Modelica.Blocks.Continuous.FirstOrder): T·dy/dt = k·u − y, with y as state.
#include "core/model/component.h"
#include "core/model/signal.h"
#include "core/model/state.h"

namespace lied::components {

class FirstOrder final : public Component {
public:
    FirstOrder() = default;
    FirstOrder(double k, double T, double y_start = 0.0) : k(k), T(T), y(y_start) {}
    In<double> u;
    double k = 1.0;
    double T = 1.0;       // s
    State y{0.0};         // the output: connect inputs to y.value()

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "FirstOrder"; }

private:
    void derivative() { y.der.value() = (k * u.value() - y()) / T; }
};

}  // namespace lied::components
