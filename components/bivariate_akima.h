#pragma once
// Modelica's CombiTable2D with smoothness ContinuousDerivative: a surface through a grid of values, made of bicubic
// Hermite patches, one per cell, whose node derivatives ∂y/∂u1, ∂y/∂u2 and ∂²y/∂u1∂u2 follow Akima's bivariate
// method (H. Akima, "A method of bivariate interpolation and smooth surface fitting based on local procedures",
// 1974), as ModelicaStandardTables computes them:
//  - the grid is extended by two ghost nodes on each side in each direction: their spacing mirrors the neighbouring
//    spacings, their values continue the last two slopes (Akima's 1970 end rule; linear with two nodes), first along
//    u2 for every row, then along u1 for every column including the ghost ones;
//  - a node's slope along a direction weighs the slopes beside it as Akima does, |m4 − m3| for the left one and
//    |m2 − m1| for the right one (their mean where m1 = m2 and m3 = m4);
//  - the cross derivative weighs the four neighbouring cells' twists with the same weights (equal ones on a tie).
// The surface and its first derivatives are continuous. Computed when the table is prepared (at build); evaluating
// allocates nothing.
#include <cstddef>
#include <span>
#include <vector>

namespace lied::components {

class BivariateAkima {
public:
    // The value and derivatives of a patch at a point.
    struct Point {
        double value, d1, d2, d12;   // y, ∂y/∂u1, ∂y/∂u2, ∂²y/∂u1∂u2
    };
    // a: the u1 grid, b: the u2 grid (both strictly increasing, at least 2 nodes each), z row-major (a.size() rows of
    // b.size() values). The spans must outlive this object.
    void prepare(std::span<const double> a, std::span<const double> b, std::span<const double> z);
    // The patch of cell (i, j) (a[i] ≤ p ≤ a[i+1], b[j] ≤ q ≤ b[j+1]; evaluated as a polynomial outside as well).
    Point patch(std::size_t i, std::size_t j, double p, double q) const;
    double d1(std::size_t i, std::size_t j) const { return zx_[i * nb_ + j]; }
    double d2(std::size_t i, std::size_t j) const { return zy_[i * nb_ + j]; }
    double d12(std::size_t i, std::size_t j) const { return zxy_[i * nb_ + j]; }

private:
    std::span<const double> a_, b_, z_;
    std::size_t nb_ = 0;
    std::vector<double> zx_, zy_, zxy_;   // per node, row-major as z
};

}  // namespace lied::components
