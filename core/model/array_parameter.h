#pragma once
// A parameter that holds a vector or a matrix of reals: an LTI system's A, B, C and D, a transfer function's
// coefficients. Its shape may size the structure (the number of states), so a value of another shape always takes
// effect through a rebuild. Each element is a parameter of its own as well, named "A[2,1]" or "x_start[3]" (1-based,
// as Modelica and FMI name them), so that whatever sets or reads one number by name reaches it: --set, a sweep's
// --vary, an FMU's variables.
#include "core/model/parameter_spec.h"

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

namespace lied {

class ArrayParameter {
public:
    enum class Rank : unsigned char { Vector, Matrix };
    // Every element is a named parameter: a bound keeps a typo or a hostile file from allocating the machine away.
    static constexpr std::size_t kMaxElements = 250000;

    ArrayParameter() = default;   // an empty vector
    static ArrayParameter vector(std::vector<double> values);
    // Row after row; throws std::invalid_argument if rows·cols is not the number of values.
    static ArrayParameter matrix(std::size_t rows, std::size_t cols, std::vector<double> row_major);
    // Throws std::invalid_argument naming the first row whose length differs from the first's.
    static ArrayParameter matrix(std::initializer_list<std::initializer_list<double>> rows);

    Rank rank() const { return rank_; }
    bool is_matrix() const { return rank_ == Rank::Matrix; }
    std::size_t rows() const { return rows_; }   // a vector: its size
    std::size_t cols() const { return cols_; }   // a vector: 1
    std::size_t size() const { return values_.size(); }
    bool empty() const { return values_.empty(); }
    // 0-based: element (i, j) of a matrix, element i of a vector.
    double operator()(std::size_t i, std::size_t j) const { return values_[i * cols_ + j]; }
    double operator[](std::size_t i) const { return values_[i]; }
    double* data() { return values_.data(); }
    const double* data() const { return values_.data(); }
    const std::vector<double>& values() const { return values_; }
    bool same_shape(const ArrayParameter& other) const { return rank_ == other.rank_ && rows_ == other.rows_ && cols_ == other.cols_; }
    // Copies the values of an array of the same shape (no allocation: the elements keep their addresses).
    void assign_values(const ArrayParameter& same_shape);
    // "a vector of 3 numbers", "a 2x3 matrix", for messages about shapes.
    std::string shape_text() const;
    // As a system file writes it: "[1, 2]", "[[0, 1], [-1, -0.5]]".
    std::string text() const;
    // The name of element k (0-based, in storage order) of the parameter `name`: "A[2,1]", "x_start[3]".
    void element_name(std::string& out, std::string_view name, std::size_t k) const;
    bool operator==(const ArrayParameter&) const = default;

private:
    std::vector<double> values_;
    std::size_t rows_ = 0, cols_ = 1;
    Rank rank_ = Rank::Vector;
};

// What an array parameter holds: a vector or a matrix, and what each element means (unit, description, valid range).
// `element.structural`: the values are read while the component describes itself (a start vector, coefficients
// that decide which blocks read what), so any new value rebuilds; otherwise only a new shape does.
struct ArraySpec {
    ArrayParameter::Rank rank = ArrayParameter::Rank::Vector;
    ParameterSpec element;

    static ArraySpec vector(ParameterSpec element) { return {ArrayParameter::Rank::Vector, std::move(element)}; }
    static ArraySpec matrix(ParameterSpec element) { return {ArrayParameter::Rank::Matrix, std::move(element)}; }
    // Why `value` is refused, after the parameter's name ("expects a matrix (a list of rows), got a vector of 2
    // numbers"; "element [2,1] = nan is out of range ..."), or empty if it is admitted.
    std::string refusal(const ArrayParameter& value) const;
    // `value` with an empty list taken as empty of this spec's rank: `[]` written for a matrix is the empty matrix.
    ArrayParameter with_rank_of_empty(ArrayParameter value) const {
        if (value.empty() && value.rank() != rank && value.rows() == 0)
            return rank == ArrayParameter::Rank::Matrix ? ArrayParameter::matrix(0, 0, {}) : ArrayParameter{};
        return value;
    }
};

}  // namespace lied
