#pragma once
// What every contact (ElastoGap, ElastoBacklash, GroundContact, BodyContact) declares alike about the kinks of its law
// (contact_law.h): the clearance left before it closes (< 0: closed; recordable), where a fixed step ends as the contact
// touches, and the margin to its damping's clamp, where it ends as the damping saturates (Meta::kink).
#include "core/model/meta.h"

#include <string_view>

namespace lied::mechanics {

inline void declare_contact_kinks(Meta& meta, Out<double>& clearance, Out<double>& damping_margin, std::string_view length_unit) {
    meta.signal(clearance, "clearance");
    meta.variable(clearance.value(), "clearance", length_unit);
    meta.kink(clearance, "touch");
    meta.signal(damping_margin, "damping_margin");
    meta.kink(damping_margin, "damping_limit");
}

}  // namespace lied::mechanics
