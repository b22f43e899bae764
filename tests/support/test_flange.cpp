// A test-only component with a plug of another domain, so the loader's "different domains" rule is exercised
// before a second domain library exists. Registered in the test binary only.
#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::testing {

class FlangeOutlet final : public Plug {
public:
    Out<double> s;   // position
    In<double> f;    // force
    void members(const MemberVisitor& visit) override {
        visit(s, "s");
        visit(f, "f");
    }
    const char* kind() const override { return "translational flange"; }
    const char* domain() const override { return "translational"; }
    bool is_outlet() const override { return true; }
    void connect_to(Plug&) override {}
};

class TestFlange final : public Component {
public:
    FlangeOutlet flange;
    void metainfo(Meta& meta) override { meta.plug(flange, "flange"); }
    const char* type_name() const override { return "TestFlange"; }
};

LIED_REGISTER_COMPONENT(TestFlange, "test-only: a plug of the translational domain");

}  // namespace lied::testing
