#pragma once
// The structure of a sparse matrix in compressed columns, and the Curtis–Powell–Reid colouring that lets
// finite differences (or probes) find all of its columns in one pass per colour: columns that share no row
// are perturbed together, and each row then changes by the one column of that colour that reaches it.
#include <cstddef>
#include <span>
#include <vector>

namespace lied {

struct SparsityPattern {
    int rows = 0;
    int columns = 0;
    std::vector<int> start{0};   // column j: rows row_index[start[j] .. start[j+1]), ascending
    std::vector<int> row_index;

    std::span<const int> column(std::size_t j) const {
        return {row_index.data() + start[j], static_cast<std::size_t>(start[j + 1] - start[j])};
    }
    std::size_t nonzeros() const { return row_index.size(); }
    // Every entry of an n × n matrix (for an ODE that says nothing about its structure).
    static SparsityPattern dense(int n);
};

// Greedy CPR colouring: a column takes the first colour that none of its rows has seen yet; a row that has
// seen every colour forces a new one at once (so that a tree's root does not make the search quadratic).
// Returns the columns of each colour.
std::vector<std::vector<int>> colour_columns(int rows, std::span<const int> start, std::span<const int> row_index);
inline std::vector<std::vector<int>> colour_columns(const SparsityPattern& p) { return colour_columns(p.rows, p.start, p.row_index); }

}  // namespace lied
