#pragma once
// A component type the consumer writes itself, against the installed Lied: a lumped body heated by a power
// input and cooled by its surroundings, C·dT/dt = P − hA·(T − T_amb).
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/parameter_spec.h"
#include "core/model/signal.h"
#include "core/model/state.h"
#include "core/model/valid_range.h"

class CoolingBody final : public lied::Component {
public:
    lied::State T{300.0};
    lied::In<double> power;
    double C = 1000.0, hA = 10.0, T_amb = 300.0;

    void metainfo(lied::Meta& meta) override {
        meta.signal(power, "power");
        meta.state(T, "T", 100.0, "K");
        meta.parameter(T.start, "T0", lied::ParameterSpec::positive("K", "initial temperature"));
        meta.parameter(C, "C", lied::ParameterSpec::positive("J/K", "heat capacity"));
        meta.parameter(hA, "hA", lied::ParameterSpec::positive("W/K", "heat transfer coefficient times area"));
        meta.parameter(T_amb, "T_amb", lied::ParameterSpec::positive("K", "temperature of the surroundings"));
        meta.block<&CoolingBody::derivative>(this, "derivative", {&power, &T.value}, {&T.der});
        meta.valid_range("T", lied::ValidRange::above(0.0, "a temperature is above absolute zero"));
    }
    const char* type_name() const override { return "CoolingBody"; }

private:
    void derivative() { T.der.value() = (power.value() - hA * (T() - T_amb)) / C; }
};
