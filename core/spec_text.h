#pragma once
// The unit or description of a parameter or choice. Components declare them in metainfo, that is at every crawl:
// as std::strings a rebuild of 10⁴ pipes built and freed some 10⁵ of them. A string literal is held by its address
// (it lives as long as the program, or the plugin whose component declares it); any other text is owned.
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>

namespace lied {

class SpecText {
public:
    SpecText() = default;
    // A string literal: viewed, never copied. (Any char array binds here; pass a std::string for a buffer.)
    template <std::size_t N>
    SpecText(const char (&literal)[N]) : literal_(literal), size_(literal[N - 1] == '\0' ? N - 1 : N) {}
    // Everything else is owned.
    SpecText(std::string text) : owned_(std::move(text)) {}
    SpecText(std::string_view text) : owned_(text) {}
    template <class Pointer>
        requires std::is_pointer_v<Pointer> && std::is_convertible_v<Pointer, const char*>
    SpecText(Pointer text) : owned_(text ? text : "") {}

    // Copies keep the other's literal by address; owned text goes into this one's buffer (its capacity stays, so
    // an entry refilled at every crawl allocates only when a text outgrows it).
    SpecText(const SpecText&) = default;
    SpecText(SpecText&&) noexcept = default;
    SpecText& operator=(SpecText&&) noexcept = default;
    SpecText& operator=(const SpecText& other) {
        literal_ = other.literal_;
        size_ = other.size_;
        if (!other.literal_) owned_.assign(other.owned_);
        return *this;
    }

    std::string_view view() const { return literal_ ? std::string_view(literal_, size_) : std::string_view(owned_); }
    operator std::string_view() const { return view(); }
    std::string str() const { return std::string(view()); }
    bool empty() const { return view().empty(); }
    bool is_literal() const { return literal_ != nullptr; }

    // Appends `separator` (only if this text is not empty) and the parts: the text becomes owned, in this object's
    // buffer.
    void append(std::string_view separator, std::string_view a, std::string_view b = {}) {
        if (literal_) {
            owned_.assign(literal_, size_);
            literal_ = nullptr;
        }
        if (!owned_.empty()) owned_ += separator;
        owned_ += a;
        owned_ += b;
    }

    friend bool operator==(const SpecText& a, const SpecText& b) { return a.view() == b.view(); }
    friend std::ostream& operator<<(std::ostream& out, const SpecText& t) { return out << t.view(); }

private:
    const char* literal_ = nullptr;
    std::size_t size_ = 0;
    std::string owned_;
};

inline std::string operator+(const std::string& a, const SpecText& b) { return a + std::string(b.view()); }

}  // namespace lied
