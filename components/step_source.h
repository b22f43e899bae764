#pragma once
// A step: y = offset for t < start_time, offset + height from start_time on. The switch is a time event,
// so integrators stop exactly there and never integrate across the jump.
#include "core/model/component.h"
#include "core/model/signal.h"

namespace lied::components {

class StepSource final : public Component {
public:
    StepSource() = default;
    StepSource(double height, double start_time, double offset = 0.0) : height(height), offset(offset), start_time(start_time) {}

    Out<double> y;
    double height = 1.0;
    double offset = 0.0;
    double start_time = 0.0;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "StepSource"; }

private:
    void update();
    In<double> time_;
};

}  // namespace lied::components
