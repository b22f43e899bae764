#pragma once
// N plugs of one kind under one name, N a parameter (TFS's SplitterN outlets, a capacitor's ports). They are
// named "<name>[1]" … "<name>[N]" (1-based, as Modelica and ThermofluidStream number them) in paths, files and
// messages. Storage only grows, so a plug once connected never dangles: reducing N unregisters the extra plugs,
// and a connection to one of them is refused by the crawler (an In bound to an unregistered Out).
#include "core/model/build_error.h"

#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace lied {

template <class P>
class PlugArray {
public:
    static constexpr int kMaxSize = 1000;   // a bound that keeps a typo (N = 1e9) from allocating the machine away

    explicit PlugArray(int size = 0) { resize(size); }
    // 1-based, like the names.
    P& operator[](int k) {
        grow(k);
        return *plugs_[k - 1];
    }
    int size() const { return size_; }
    void resize(int n) {
        grow(n);
        size_ = n;
    }
    // Reads an integer size parameter (a double in files and --set): refuses non-integers and out-of-range values.
    void resize_from(double n, const std::string& parameter_path) {
        check_size(n, parameter_path);
        resize(static_cast<int>(n));
    }
    // The same from metainfo: `meta.path_of(parameter)` names it in the error, and is composed only then (a
    // rebuild crawls every component).
    template <class Meta>
    void resize_from(double n, const Meta& meta, std::string_view parameter) {
        check_size(n, meta, parameter);
        resize(static_cast<int>(n));
    }
    // The rule alone, for components that keep plugs of this kind in storage of their own.
    static void check_size(double n, const std::string& parameter_path) {
        if (!size_valid(n))
            throw BuildError(parameter_path + " = " + text(n) + " (rule: a number of plugs is an integer from 1 to " +
                                 std::to_string(kMaxSize) + ")",
                             "number of plugs");
    }
    template <class Meta>
    static void check_size(double n, const Meta& meta, std::string_view parameter) {
        if (!size_valid(n)) check_size(n, meta.path_of(parameter));
    }
    static bool size_valid(double n) { return n >= 1 && n <= kMaxSize && n == std::floor(n); }
    static std::string name(const std::string& base, int k) { return base + "[" + std::to_string(k) + "]"; }

private:
    static std::string text(double v) {
        std::ostringstream s;
        s << v;
        return s.str();
    }
    void grow(int n) {
        while (static_cast<int>(plugs_.size()) < n) plugs_.push_back(std::make_unique<P>());
    }
    std::vector<std::unique_ptr<P>> plugs_;
    int size_ = 0;
};

}  // namespace lied
