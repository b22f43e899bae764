#pragma once
// A planar vector with two translational components and one rotational: a pose (x, y, φ), a velocity (vx, vy, ω),
// an acceleration (ax, ay, α) or a wrench (fx, fy, τ), always in world coordinates, torques about the frame origin.
#include "core/model/signal.h"
#include "dialectic_mechanics/kinematic_rules.h"

#include <cmath>
#include <sstream>

namespace lied::mechanics {

struct Planar {
    double x = 0.0, y = 0.0, phi = 0.0;
    Planar& operator+=(const Planar& o) {
        x += o.x, y += o.y, phi += o.phi;
        return *this;
    }
};

// The world-frame vector of a body-fixed vector (bx, by) on a frame at angle phi.
inline void rotate(double phi, double bx, double by, double& x, double& y) {
    const double c = std::cos(phi), s = std::sin(phi);
    x = c * bx - s * by;
    y = s * bx + c * by;
}

}  // namespace lied::mechanics

namespace lied {
template <>
struct SignalTraits<mechanics::Planar> {
    static constexpr const char* loop_rule = mechanics::kKinematicLoopRule;
    static constexpr const char* type_name = "planar vector";
    static bool finite(const mechanics::Planar& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.phi); }
    static std::string text(const mechanics::Planar& v) {
        std::ostringstream s;
        s << "(" << v.x << ", " << v.y << ", " << v.phi << ")";
        return s.str();
    }
};
}  // namespace lied
