#include "systems/io/array_values.h"

#include <stdexcept>
#include <vector>

namespace lied::systems {

namespace {
double element(const YAML::Node& node, const std::string& where) {
    if (!node.IsScalar()) throw std::invalid_argument(where + " is not a number" + (node.IsSequence() ? " (a list nested deeper than rows)" : ""));
    try {
        return node.as<double>();
    } catch (const YAML::Exception&) {
        throw std::invalid_argument(where + " = '" + node.Scalar() + "' is not a number");
    }
}
}  // namespace

ArrayParameter array_from_yaml(const YAML::Node& node) {
    if (!node.IsSequence()) throw std::invalid_argument("expected a list: [1, 2] for a vector, [[1, 2], [3, 4]] for a matrix (a list of rows)");
    if (node.size() == 0) return {};
    const std::size_t cols_seen = node[0].IsSequence() ? node[0].size() : 1;
    if (node.size() * cols_seen > ArrayParameter::kMaxElements)
        throw std::invalid_argument("a list of more than " + std::to_string(ArrayParameter::kMaxElements) + " numbers (the bound of an array parameter)");
    std::vector<double> values;
    if (!node[0].IsSequence()) {
        for (std::size_t k = 0; k < node.size(); ++k) values.push_back(element(node[k], "element " + std::to_string(k + 1)));
        return ArrayParameter::vector(std::move(values));
    }
    const std::size_t cols = node[0].size();
    for (std::size_t i = 0; i < node.size(); ++i) {
        const YAML::Node row = node[i];
        if (!row.IsSequence()) throw std::invalid_argument("row " + std::to_string(i + 1) + " is not a list (a matrix is a list of rows)");
        if (row.size() != cols)
            throw std::invalid_argument("row " + std::to_string(i + 1) + " has " + std::to_string(row.size()) + " numbers, row 1 has " +
                                        std::to_string(cols) + " (rule: every row of a matrix has the same length)");
        for (std::size_t j = 0; j < cols; ++j)
            values.push_back(element(row[j], "element [" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]"));
    }
    return ArrayParameter::matrix(node.size(), cols, std::move(values));
}

ArrayParameter array_from_text(const std::string& text) {
    YAML::Node node;
    try {
        node = YAML::Load(text);
    } catch (const YAML::Exception& e) {
        throw std::invalid_argument("'" + text + "' is not a list: " + e.msg);
    }
    return array_from_yaml(node);
}

bool looks_like_array(const std::string& text) {
    const auto first = text.find_first_not_of(" \t");
    return first != std::string::npos && text[first] == '[';
}

}  // namespace lied::systems
