#pragma once
// Tables of one and two variables (Modelica.Blocks.Tables.CombiTable1Ds and CombiTable2Ds): valve characteristics,
// pump and fan maps. The table is a matrix parameter or a CSV file, checked and prepared at build (a changed table
// rebuilds); stepping only interpolates, from the interval found last, without allocating. As in Modelica, crossing
// a breakpoint is no event: a fixed step integrates across a bend (or, with ConstantSegments, a jump).
#include "components/bivariate_akima.h"
#include "components/table_interpolation.h"
#include "core/model/array_parameter.h"
#include "core/model/block_lists.h"
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/signal.h"
#include "core/model/signal_array.h"

#include <string>
#include <vector>

namespace lied::components {

// y[k] = the table's column columns[k] at u; the first column is the abscissa u, strictly increasing. Default
// columns: 2 … the last. With one row, y is that row's value for every u.
class CombiTable1Ds final : public Component {
public:
    In<double> u;
    SignalArray<Out<double>> y;
    // Rows: u, then the values. The default, y = u on [0, 1], is a placeholder that lets the block be described and
    // checked on its own; a system gives its own table.
    ArrayParameter table = ArrayParameter::matrix({{0.0, 0.0}, {1.0, 1.0}});
    ArrayParameter columns;                                     // 1-based; empty: 2 … the last column
    std::string fileName;                                       // a CSV file instead of `table`
    Choice<Smoothness> smoothness{Smoothness::LinearSegments};
    Choice<Extrapolation> extrapolation{Extrapolation::LastTwoPoints};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "CombiTable1Ds"; }

private:
    void update();
    bool prepare(Meta& meta);
    const ArrayParameter& source() const { return fileName.empty() ? table : file_table_; }
    ArrayParameter file_table_;
    std::string loaded_;   // the file file_table_ came from
    std::vector<double> x_;
    std::vector<std::vector<double>> values_;   // per output: its column
    std::vector<Interpolant1D> interpolants_;
    BlockLists lists_;
    std::size_t last_ = 0;
    int outputs_ = 0;
};

// y = the table at (u1, u2): u1 down the first column (from row 2), u2 along the first row (from column 2), each
// strictly increasing; table[1,1] is not used. LinearSegments is bilinear, ContinuousDerivative bivariate Akima
// (components/bivariate_akima.h; on a grid of at most 2×2 values bilinear, as in Modelica), ConstantSegments the value
// at the grid point at or below both inputs. Outside a grid each input is extrapolated on its own (LastTwoPoints:
// from the edge cell, bilinearly, or for Akima along the edge's slopes with their twist). A table with one row or one
// column of values is a table of the other input alone.
class CombiTable2Ds final : public Component {
public:
    In<double> u1, u2;
    Out<double> y;
    ArrayParameter table = ArrayParameter::matrix({{0.0, 0.0, 1.0}, {0.0, 0.0, 0.0}, {1.0, 0.0, 1.0}});   // placeholder: y = u1·u2 on [0, 1]²
    std::string fileName;   // a CSV file instead of `table`: the first row the u2 grid after a corner cell
    enum class Smoothness2D { LinearSegments, ContinuousDerivative, ConstantSegments };   // Modelica's order
    Choice<Smoothness2D> smoothness{Smoothness2D::LinearSegments};
    Choice<Extrapolation> extrapolation{Extrapolation::LastTwoPoints};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "CombiTable2Ds"; }

private:
    void update();
    bool prepare(Meta& meta);
    double value(double a, double b);
    const ArrayParameter& source() const { return fileName.empty() ? table : file_table_; }
    ArrayParameter file_table_;
    std::string loaded_;
    std::vector<double> a_, b_, z_;   // the u1 grid, the u2 grid, the values (row-major, a_.size() × b_.size())
    Interpolant1D along_;             // a table with one row or column of values
    BivariateAkima akima_;
    bool smooth_ = false;             // bivariate Akima (ContinuousDerivative on more than 2×2 values)
    double akima(double p, double q);
    std::size_t last1_ = 0, last2_ = 0;
};

}  // namespace lied::components
