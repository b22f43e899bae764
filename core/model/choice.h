#pragma once
// A parameter with named options that its component reads as a bool or an enum, never as text. A system file,
// `--set` and Simulator::set_choice set it by the name of an option; Meta::choice turns the name into the value at
// every crawl (a choice changes only with a rebuild), so the value a block reads is always the one in force and there
// is no resolve step to forget. C++ code assigns the value itself:
//     Choice<bool> computeL{true};                  // options {"false", "true"}
//     enum class Law { Laminar, Turbulent };        // options in the order of the enumerators
//     Choice<Law> law{Law::Laminar};
//     pipe.computeL = false;  pipe.law = Law::Turbulent;
#include <string>
#include <type_traits>

namespace lied {

template <class E>
    requires std::is_enum_v<E> || std::is_same_v<E, bool>
class Choice {
public:
    Choice(E value) : value_(value) {}   // NOLINT: a choice is written like its value
    Choice& operator=(E value) {
        value_ = value;
        assigned_ = true;
        return *this;
    }
    operator E() const { return value_; }   // NOLINT: read like its value
    E value() const { return value_; }
    // The option's name as the engine last took it (after a crawl; a value assigned since is named at the next one).
    const std::string& text() const { return text_; }

private:
    friend class Meta;
    E value_;
    bool assigned_ = true;   // set from C++ since the last crawl: the text follows the value
    std::string text_;
};

}  // namespace lied
