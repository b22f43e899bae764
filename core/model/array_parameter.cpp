#include "core/model/array_parameter.h"

#include <charconv>
#include <sstream>
#include <stdexcept>

namespace lied {

ArrayParameter ArrayParameter::vector(std::vector<double> values) {
    ArrayParameter a;
    a.rows_ = values.size();
    a.values_ = std::move(values);
    return a;
}

ArrayParameter ArrayParameter::matrix(std::size_t rows, std::size_t cols, std::vector<double> row_major) {
    if (rows * cols != row_major.size())
        throw std::invalid_argument("a " + std::to_string(rows) + "x" + std::to_string(cols) + " matrix holds " + std::to_string(rows * cols) +
                                    " numbers, not " + std::to_string(row_major.size()));
    ArrayParameter a;
    a.rank_ = Rank::Matrix;
    a.rows_ = rows;
    a.cols_ = rows == 0 ? 0 : cols;
    a.values_ = std::move(row_major);
    return a;
}

ArrayParameter ArrayParameter::matrix(std::initializer_list<std::initializer_list<double>> rows) {
    std::vector<double> values;
    const std::size_t cols = rows.size() == 0 ? 0 : rows.begin()->size();
    std::size_t r = 0;
    for (const auto& row : rows) {
        ++r;
        if (row.size() != cols)
            throw std::invalid_argument("row " + std::to_string(r) + " has " + std::to_string(row.size()) + " numbers, row 1 has " + std::to_string(cols) +
                                        " (rule: every row of a matrix has the same length)");
        values.insert(values.end(), row.begin(), row.end());
    }
    return matrix(rows.size(), cols, std::move(values));
}

void ArrayParameter::assign_values(const ArrayParameter& same) {
    if (!same_shape(same)) throw std::invalid_argument("assign_values: " + same.shape_text() + " given for " + shape_text());
    std::copy(same.values_.begin(), same.values_.end(), values_.begin());
}

std::string ArrayParameter::shape_text() const {
    if (rank_ == Rank::Vector) return rows_ == 0 ? "an empty vector" : "a vector of " + std::to_string(rows_) + (rows_ == 1 ? " number" : " numbers");
    if (rows_ == 0) return "an empty matrix";
    return "a " + std::to_string(rows_) + "x" + std::to_string(cols_) + " matrix";
}

std::string ArrayParameter::text() const {
    std::ostringstream s;
    auto row = [&](std::size_t first, std::size_t n) {
        s << '[';
        for (std::size_t k = 0; k < n; ++k) {
            char digits[32];   // the shortest text that reads back as the same double: 0.2, not 0.20000000000000001
            const auto end = std::to_chars(digits, digits + sizeof digits, values_[first + k]).ptr;
            s << (k ? ", " : "") << std::string_view(digits, static_cast<std::size_t>(end - digits));
        }
        s << ']';
    };
    if (rank_ == Rank::Vector) row(0, rows_);
    else {
        s << '[';
        for (std::size_t i = 0; i < rows_; ++i) {
            if (i) s << ", ";
            row(i * cols_, cols_);
        }
        s << ']';
    }
    return s.str();
}

void ArrayParameter::element_name(std::string& out, std::string_view name, std::size_t k) const {
    // Composed with to_chars into a buffer that a refilled entry keeps: a crawl allocates nothing for it.
    char row[24], col[24];
    const bool matrix = rank_ == Rank::Matrix;
    const char* row_end = std::to_chars(row, row + sizeof row, matrix ? k / cols_ + 1 : k + 1).ptr;
    const char* col_end = matrix ? std::to_chars(col, col + sizeof col, k % cols_ + 1).ptr : col;
    out.assign(name);
    out += '[';
    out.append(row, static_cast<std::size_t>(row_end - row));
    if (matrix) {
        out += ',';
        out.append(col, static_cast<std::size_t>(col_end - col));
    }
    out += ']';
}

std::string ArraySpec::refusal(const ArrayParameter& value) const {
    if (value.rank() != rank)
        return rank == ArrayParameter::Rank::Matrix ? "expects a matrix (a list of rows, e.g. [[1, 0], [0, 1]]), got " + value.shape_text()
                                                    : "expects a vector (a list of numbers, e.g. [1, 2]), got " + value.shape_text();
    if (value.size() > ArrayParameter::kMaxElements)
        return "has " + std::to_string(value.size()) + " elements, at most " + std::to_string(ArrayParameter::kMaxElements) + " are allowed";
    std::string name;
    for (std::size_t k = 0; k < value.size(); ++k) {
        if (element.admits(value.data()[k])) continue;
        value.element_name(name, "element ", k);
        std::ostringstream s;
        s << name << " = " << value.data()[k] << ' ' << element.refusal_text(value.data()[k]);
        return s.str();
    }
    return {};
}

}  // namespace lied
