#include "core/build/sparsity_pattern.h"

#include <algorithm>
#include <span>

namespace lied {

SparsityPattern SparsityPattern::dense(int n) {
    SparsityPattern p;
    p.rows = p.columns = n;
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) p.row_index.push_back(i);
        p.start.push_back(static_cast<int>(p.row_index.size()));
    }
    return p;
}

std::vector<std::vector<int>> colour_columns(int rows, std::span<const int> start, std::span<const int> row_index) {
    std::vector<std::vector<int>> groups;
    // The colours each row has seen, in one flat array: a row sees one colour per column it is in, so its slice
    // is sized by counting (a list per row was an allocation per row, one per tearing variable on a tree).
    std::vector<int> row_start(static_cast<std::size_t>(rows) + 1, 0);
    for (int i : row_index) ++row_start[static_cast<std::size_t>(i) + 1];
    for (std::size_t i = 0; i < static_cast<std::size_t>(rows); ++i) row_start[i + 1] += row_start[i];
    std::vector<int> row_end(row_start.begin(), row_start.end() - 1);   // one past the colours row i has seen
    std::vector<int> row_colours(row_index.size());
    auto seen = [&](int i) {
        const auto r = static_cast<std::size_t>(i);
        return std::span<const int>(row_colours.data() + row_start[r], static_cast<std::size_t>(row_end[r] - row_start[r]));
    };
    std::vector<std::size_t> forbidden;   // forbidden[c] == j + 1 while colouring column j
    const std::size_t n = start.empty() ? 0 : start.size() - 1;
    for (std::size_t j = 0; j < n; ++j) {
        const auto column = row_index.subspan(static_cast<std::size_t>(start[j]), static_cast<std::size_t>(start[j + 1] - start[j]));
        std::size_t colour = groups.size();
        const bool saturated = std::any_of(column.begin(), column.end(), [&](int i) { return seen(i).size() == groups.size(); });
        if (!saturated && !groups.empty()) {
            for (int i : column)
                for (int c : seen(i)) forbidden[static_cast<std::size_t>(c)] = j + 1;
            for (colour = 0; colour < groups.size() && forbidden[colour] == j + 1; ++colour) {}
        }
        if (colour == groups.size()) {
            groups.emplace_back();
            forbidden.push_back(0);
        }
        groups[colour].push_back(static_cast<int>(j));
        for (int i : column) row_colours[static_cast<std::size_t>(row_end[static_cast<std::size_t>(i)]++)] = static_cast<int>(colour);
    }
    return groups;
}

}  // namespace lied
