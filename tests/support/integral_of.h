#pragma once
// x' = u with u a signal source's output y: the integral of a source under the solver, so tests see the source as
// the integrator does (time events included). The source is the child "source", the state "x".
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/state.h"

namespace lied::test {

template <class Source>
class IntegralOf : public Component {
public:
    Source source;
    State x{0.0};
    In<double> u;
    template <class... A>
    explicit IntegralOf(A... a) : source(a...) { u.connect(source.y); }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.signal(u, "u");
        meta.state(x, "x", 1.0, "");
        meta.block<&IntegralOf::eval>(this, "eval", {&u}, {&x.der});
    }
    const char* type_name() const override { return "IntegralOf"; }

private:
    void eval() { x.der.value() = u.value(); }
};

}  // namespace lied::test
