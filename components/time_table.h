#pragma once
// A time series read from a CSV file (like Modelica's CombiTimeTable with one output): the first column is the
// time in s, `column` (1-based, so 2 is the first data column) the output. Linear interpolation between rows;
// before the first and after the last row the end values hold. Two rows with the same time give a jump.
// The file is read when the system is built (errors name the file, the line and the rule); stepping only
// interpolates, from the row found last, without allocating.
#include "core/model/component.h"
#include "core/model/signal.h"

#include <string>
#include <vector>

namespace lied::components {

class TimeTable final : public Component {
public:
    Out<double> y;
    std::string fileName;    // CSV: "time, value, ..." per row; a first row that is not numbers is a header
    double column = 2;       // 1-based column of the output
    // In C++ a table can be given directly instead of a file: rows of (time, value).
    std::vector<std::pair<double, double>> table;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "TimeTable"; }

private:
    void update();
    void load(const Meta& meta);
    In<double> time_;
    std::vector<double> t_, v_;
    std::string loaded_;       // "<file>#<column>" the rows came from
    std::size_t row_ = 0;      // the interval [t_[row_], t_[row_ + 1]) found last
};

}  // namespace lied::components
