#pragma once
// How engine tools look into a signal's value without knowing its C++ type: a value type that is a plain record of
// doubles (a real number, a fluid state, a planar vector) registers its layout under its SignalTraits type name,
// with a typical value to start from. The dependency check (core/diagnostics/dependency_check.h) perturbs values
// through it; a type without a layout is listed there as not checked.
#include <cstddef>
#include <string_view>
#include <type_traits>

namespace lied {

struct ValueLayout {
    std::string_view type_name;   // SignalTraits<T>::type_name
    std::size_t doubles;          // sizeof(T) / sizeof(double)
    // A typical, physically plausible value for a test point; `u` in [0, 1) varies it between signals.
    void (*typical)(double* value, double u);
};

// Adds a layout; a second layout for the same type name replaces nothing and is ignored.
void register_value_layout(const ValueLayout& layout);
// The layout of a type name, or null. "real" (double) is always known.
const ValueLayout* find_value_layout(std::string_view type_name);

struct ValueLayoutRegistration {
    explicit ValueLayoutRegistration(const ValueLayout& layout) { register_value_layout(layout); }
};

}  // namespace lied

// Registers T (a plain record of doubles) next to its SignalTraits: LIED_REGISTER_VALUE_LAYOUT(FluidState, typical).
#define LIED_REGISTER_VALUE_LAYOUT(Type, typical_function)                                                         \
    static_assert(std::is_trivially_copyable_v<Type> && sizeof(Type) % sizeof(double) == 0,                        \
                  #Type " is not a plain record of doubles");                                                       \
    static const ::lied::ValueLayoutRegistration lied_value_layout_##Type {                                       \
        ::lied::ValueLayout { ::lied::SignalTraits<Type>::type_name, sizeof(Type) / sizeof(double), typical_function } \
    }
