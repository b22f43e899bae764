#pragma once
// A component class template instantiated under its library name: `using Mass = Named<MassOf<Translational>,
// "Mass">` gives the type the name `lied describe`, system files and messages use.
#include <algorithm>
#include <cstddef>

namespace lied::mechanics {

template <std::size_t N>
struct TypeName {
    char text[N];
    constexpr TypeName(const char (&name)[N]) { std::copy_n(name, N, text); }
};

template <class Base, TypeName Name>
class Named final : public Base {
public:
    using Base::Base;
    const char* type_name() const override { return Name.text; }
};

}  // namespace lied::mechanics
