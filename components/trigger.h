#pragma once
// A state event on a signal: fires (event "<name>.crossed") when the input u crosses `threshold` in `direction`
// ("up", "down" or "both"). It changes nothing by itself; a system file's action `when:` uses one to start a
// structural change, and C++ code can do the same with Simulator::schedule_on_event.
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/signal.h"

#include <string>

namespace lied::components {

class Trigger final : public Component {
public:
    In<double> u;
    double threshold = 0.0;
    enum class Direction { up, down, both };   // the options' order
    Choice<Direction> direction{Direction::both};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Trigger"; }

private:
    void evalIndicator() { indicator_.value() = u.value() - threshold; }
    void crossed() { count_.value() += 1.0; }
    Out<double> indicator_;
    Out<double> count_;   // a discrete signal: the engine keeps it with a saved state
};

}  // namespace lied::components
