// Must not compile (tests/CMakeLists.txt: core.component_api_hides_the_model): a component author's one include,
// core/component_api.h, does not bring the engine's model, so a component cannot reach into it. Compiled with
// -DLIED_AUTHOR_ONLY the file uses only what authors have, and compiles (core.component_api_suffices), so that the
// refusal is the model's absence and not a broken include path.
#include "core/component_api.h"

class Probe final : public lied::Component {
public:
    lied::State x{1.0};
    lied::Choice<bool> fast{false};
    void metainfo(lied::Meta& meta) override {
        static const lied::ChoiceSpec kFast{{"false", "true"}, "faster"};
        meta.choice(fast, "fast", kFast);
        meta.state(x, "x", 1.0, "m");
        meta.block<&Probe::eval>(this, "eval", {&x.value}, {&x.der});
#ifndef LIED_AUTHOR_ONLY
        lied::Model model;   // the engine's: an incomplete type here
        (void)model;
#endif
    }
    const char* type_name() const override { return "Probe"; }

private:
    void eval() { x.der.value() = fast ? -2 * x() : -x(); }
};
