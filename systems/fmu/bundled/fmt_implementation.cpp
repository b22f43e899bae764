// fmt's compiled part, built from the Debian package's own headers for the FMU runtime only (Debian ships fmt as a
// shared library; see spdlog_implementation.cpp for why an FMU carries its own). The non-template functions come
// from the implementation header; the templates the engine and spdlog call are instantiated for char.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API void vformat_to(buffer<char>&, string_view, basic_format_args<buffer_context<char>>, locale_ref);
}  // namespace detail
FMT_END_NAMESPACE
