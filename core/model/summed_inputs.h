#pragma once
// One input per attached element, added up: what a plug needs that takes any number of connections (a
// mechanical flange sums the forces of everything attached to it). Inputs are added when a connection is made
// (composition time, may allocate) and are named "<name>[1]" … in the plug's members. unique_ptr keeps the
// addresses the crawler registered stable while the list grows.
#include "core/model/signal.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lied {

template <class T>
class SummedInputs {
public:
    // Binds a new input to `source` (messages about algebraic loops through it give the plug's rule).
    void attach(const Out<T>& source) {
        auto in = std::make_unique<In<T>>();
        in->connect(source);
        inputs_.push_back(std::move(in));
    }
    void detach(const Out<T>& source) {
        std::erase_if(inputs_, [&](const auto& in) { return in->source() == &source; });
    }
    // The sum of the attached values (T{} with nothing attached); allocation-free.
    T sum() const {
        T total{};
        for (const auto& in : inputs_) total += in->value();
        return total;
    }
    // The inputs, appended to a block's read list (BlockLists::reads: kept between crawls, so nothing allocates).
    void append_signals(std::vector<const SignalBase*>& list) const {
        for (const auto& in : inputs_) list.push_back(in.get());
    }
    template <class Visit>
    void visit(const Visit& visit, std::string_view name) {
        for (std::size_t k = 0; k < inputs_.size(); ++k) visit(*inputs_[k], std::string(name) + "[" + std::to_string(k + 1) + "]");
    }

private:
    std::vector<std::unique_ptr<In<T>>> inputs_;
};

}  // namespace lied
