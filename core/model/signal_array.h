#pragma once
// N signals of one kind under one name, N known only when the component describes itself (a state space's inputs
// u[1] … u[m], its outputs y[1] … y[p]). Named "<name>[k]", 1-based as Modelica numbers them, in paths, files and
// messages. Storage only grows (a deque keeps addresses), so a signal once connected never dangles: a smaller N
// unregisters the extra signals, and a connection to one of them is refused by the crawler.
#include <deque>
#include <string>
#include <string_view>

namespace lied {

template <class S>
class SignalArray {
public:
    // 1-based, like the names.
    S& operator[](int k) {
        while (static_cast<int>(signals_.size()) < k) signals_.emplace_back();
        return signals_[static_cast<std::size_t>(k - 1)];
    }
    const S& operator[](int k) const { return signals_[static_cast<std::size_t>(k - 1)]; }
    int size() const { return size_; }
    // Sizes it to `n` and registers signals 1 … n under "<name>[k]".
    template <class Meta>
    void declare(Meta& meta, std::string_view name, int n) {
        size_ = n;
        std::string element;
        for (int k = 1; k <= n; ++k) {
            element.assign(name);
            element += '[';
            element += std::to_string(k);
            element += ']';
            meta.signal((*this)[k], element);
        }
    }

private:
    std::deque<S> signals_;
    int size_ = 0;
};

}  // namespace lied
