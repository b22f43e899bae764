#include "core/parameter_spec.h"

#include <cmath>
#include <sstream>

namespace lied {

std::string ParameterSpec::range_text() const {
    std::ostringstream s;
    s << (min_exclusive ? "(" : "[");
    if (std::isinf(min)) s << "-inf"; else s << min;
    s << ", ";
    if (std::isinf(max)) s << "inf"; else s << max;
    s << (std::isinf(max) ? ")" : "]");
    return s.str();
}

}  // namespace lied
