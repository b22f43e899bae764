#include "thermofluid/topology/network_cut.h"

namespace lied::thermofluid {
namespace {
ChoiceSpec cut_choice(const char* plug) {
    return ChoiceSpec{{"auto", "false", "true"}, std::string("true: tear the ") + plug +
                                                     "'s flow derivative and inertial pressure, so that L stays sparse in long networks; "
                                                     "auto: when the engine finds L would be dense (structural: applied at the next build)"};
}
}  // namespace

const ChoiceSpec& cut_choice_at_inlet() {
    static const ChoiceSpec spec = cut_choice("inlet");
    return spec;
}

const ChoiceSpec& cut_choice_at_outlet() {
    static const ChoiceSpec spec = cut_choice("outlet");
    return spec;
}

}  // namespace lied::thermofluid
