#include "systems/fmu/base_unit.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string_view>

namespace lied::systems {
namespace {

enum Base { kg, m, s, A, K, mol, cd, rad };

struct Symbol {
    std::string_view name;
    std::array<int, 8> exponents;
    double factor;
};

// The symbols Lied's components use, by what they are in base units.
constexpr Symbol kSymbols[] = {
    {"kg", {1, 0, 0, 0, 0, 0, 0, 0}, 1.0},           {"g", {1, 0, 0, 0, 0, 0, 0, 0}, 1e-3},
    {"m", {0, 1, 0, 0, 0, 0, 0, 0}, 1.0},            {"s", {0, 0, 1, 0, 0, 0, 0, 0}, 1.0},
    {"min", {0, 0, 1, 0, 0, 0, 0, 0}, 60.0},         {"h", {0, 0, 1, 0, 0, 0, 0, 0}, 3600.0},
    {"A", {0, 0, 0, 1, 0, 0, 0, 0}, 1.0},            {"K", {0, 0, 0, 0, 1, 0, 0, 0}, 1.0},
    {"mol", {0, 0, 0, 0, 0, 1, 0, 0}, 1.0},          {"cd", {0, 0, 0, 0, 0, 0, 1, 0}, 1.0},
    {"rad", {0, 0, 0, 0, 0, 0, 0, 1}, 1.0},          {"N", {1, 1, -2, 0, 0, 0, 0, 0}, 1.0},
    {"Pa", {1, -1, -2, 0, 0, 0, 0, 0}, 1.0},         {"bar", {1, -1, -2, 0, 0, 0, 0, 0}, 1e5},
    {"J", {1, 2, -2, 0, 0, 0, 0, 0}, 1.0},           {"W", {1, 2, -3, 0, 0, 0, 0, 0}, 1.0},
    {"Hz", {0, 0, -1, 0, 0, 0, 0, 0}, 1.0},          {"V", {1, 2, -3, -1, 0, 0, 0, 0}, 1.0},
    {"l", {0, 3, 0, 0, 0, 0, 0, 0}, 1e-3},           {"L", {0, 3, 0, 0, 0, 0, 0, 0}, 1e-3},
    {"gal", {0, 3, 0, 0, 0, 0, 0, 0}, 3.785411784e-3},   // the US gallon
    {"1", {0, 0, 0, 0, 0, 0, 0, 0}, 1.0},
};

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}
    bool parse(BaseUnit& out) {
        if (!product(out)) return false;
        return at_ == text_.size();
    }

private:
    // term (('.' | '/') term)*
    bool product(BaseUnit& out) {
        if (!term(out, 1)) return false;
        while (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == '/')) {
            const int sign = text_[at_++] == '/' ? -1 : 1;
            if (!term(out, sign)) return false;
        }
        return true;
    }
    // symbol [power] | '(' product ')' [power]
    bool term(BaseUnit& out, int sign) {
        BaseUnit inner;
        if (at_ < text_.size() && text_[at_] == '(') {
            if (++depth_ > 8) return false;   // a unit text is short: deeper groups are not one
            ++at_;
            if (!product(inner) || at_ >= text_.size() || text_[at_] != ')') return false;
            ++at_;
            --depth_;
        } else {
            const std::size_t start = at_;
            while (at_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[at_]))) ++at_;
            if (at_ == start && at_ < text_.size() && text_[at_] == '1') ++at_;   // the dimensionless "1"
            const std::string_view name = text_.substr(start, at_ - start);
            const Symbol* found = nullptr;
            for (auto& symbol : kSymbols)
                if (symbol.name == name) found = &symbol;
            if (!found) return false;
            inner.exponents = found->exponents;
            inner.factor = found->factor;
        }
        int power = 1;
        if (!exponent(power)) return false;
        for (std::size_t k = 0; k < 8; ++k) out.exponents[k] += sign * power * inner.exponents[k];
        out.factor *= std::pow(inner.factor, sign * power);
        return true;
    }
    // digits | '^' ['-'] digits (a symbolic power such as ^n is not a number: the unit is not parsed)
    bool exponent(int& power) {
        const bool caret = at_ < text_.size() && text_[at_] == '^';
        if (caret) ++at_;
        bool negative = false;
        if (caret && at_ < text_.size() && text_[at_] == '-') negative = true, ++at_;
        const std::size_t start = at_;
        while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) ++at_;
        if (at_ == start) return !caret;   // no power: 1
        if (at_ - start > 2) return false;   // powers beyond ±99 are no unit
        power = std::atoi(std::string(text_.substr(start, at_ - start)).c_str()) * (negative ? -1 : 1);
        return true;
    }
    std::string_view text_;
    std::size_t at_ = 0;
    int depth_ = 0;
};

}  // namespace

std::optional<BaseUnit> base_unit(const std::string& unit) {
    if (unit == "degC") {   // a temperature in °C: K with an offset (an absolute temperature, not a difference)
        BaseUnit celsius;
        celsius.exponents[K] = 1;
        celsius.offset = 273.15;
        return celsius;
    }
    BaseUnit out;
    if (unit.empty() || !Parser(unit).parse(out)) return std::nullopt;
    return out;
}

}  // namespace lied::systems
