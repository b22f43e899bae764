// The planar vector's layout, for engine tools that perturb signal values (the dependency check): a pose, velocity
// or wrench of order one.
#include "dialectic_mechanics/planar/planar.h"

#include "core/model/value_layout.h"

namespace lied::mechanics {
namespace {

void typical_planar(double* v, double u) {
    v[0] = 0.5 + u;
    v[1] = -0.3 + 0.7 * u;
    v[2] = 0.2 + 0.5 * u;
}

}  // namespace
LIED_REGISTER_VALUE_LAYOUT(Planar, typical_planar);
}  // namespace lied::mechanics
