#pragma once
// A fixed point (housing): the root of a chain whose position never changes. Records the reaction, the force
// the attached elements exert on the housing.
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

#include <string>

namespace lied::mechanics {

template <class D>
class FixedOf : public Component {
public:
    FixedOf() = default;
    explicit FixedOf(double s0) : s0(s0) {}
    DrivingFlange<D> flange;
    double s0 = 0.0;

    void metainfo(Meta& meta) override {
        meta.balance_neutral();   // it does not move (v = 0): its reaction does no work
        meta.plug(flange, "flange");
        meta.parameter(s0, "s0", ParameterSpec::any(D::position_unit, std::string("fixed ") + D::position_word));
        meta.block<&FixedOf::evalPosition>(this, "evalPosition", {}, {&flange.s, &flange.v, &flange.w});
        BlockLists& reaction = reaction_lists_.reset();
        flange.append_force_signals(reaction.reads);
        meta.block<&FixedOf::evalReaction>(this, "evalReaction", reaction.reads, reaction.writes);
        meta.variable(reaction_, "reaction", D::force_unit);
    }

private:
    BlockLists reaction_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void evalPosition() {
        flange.s.value() = s0;
        flange.v.value() = 0.0;
        flange.w.value() = 0.0;
    }
    void evalReaction() { reaction_ = flange.force(); }
    double reaction_ = 0.0;
};

}  // namespace lied::mechanics
