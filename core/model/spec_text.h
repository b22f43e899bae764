#pragma once
// The unit or description of a parameter or choice. Components declare them in metainfo, that is at every crawl:
// as std::strings a rebuild of 10⁴ pipes built and freed some 10⁵ of them. A string literal is held by its address
// (it lives as long as the program, or the plugin whose component declares it); any other text is owned.
#include <cstddef>
#include <cstring>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace lied {

class SpecText {
public:
    constexpr SpecText() = default;
    // A string literal, or a constexpr array of static storage: viewed, never copied. consteval, so that only an
    // array that lives as long as the program binds here. A char buffer on a function's stack has no constant
    // address: passing one does not compile, where it used to leave the model a dangling view. Pass such text as a
    // std::string.
    template <std::size_t N>
    consteval SpecText(const char (&literal)[N]) : text_(literal), size_(literal[N - 1] == '\0' ? N - 1 : N) {}
    // Everything else is owned.
    SpecText(std::string_view text) { assign_owned(text); }
    SpecText(const std::string& text) : SpecText(std::string_view(text)) {}
    template <class Pointer>
        requires std::is_pointer_v<Pointer> && std::is_convertible_v<Pointer, const char*>
    SpecText(Pointer text) : SpecText(std::string_view(text ? text : "")) {}

    // Copies keep the other's literal by address; owned text goes into this one's buffer (its capacity stays, so
    // an entry refilled at every crawl allocates only when a text outgrows it).
    SpecText(const SpecText& other) { *this = other; }
    SpecText(SpecText&& other) noexcept { swap(other); }
    SpecText& operator=(SpecText&& other) noexcept {
        if (other.is_literal()) {   // keep this one's buffer for the next owned text
            text_ = other.text_;
            size_ = other.size_;
        } else {
            swap(other);
        }
        return *this;
    }
    SpecText& operator=(const SpecText& other) {
        if (this == &other) return *this;
        if (other.is_literal()) {
            text_ = other.text_;
            size_ = other.size_;
        } else {
            assign_owned(other.view());
        }
        return *this;
    }
    constexpr ~SpecText() { delete[] owned_; }

    std::string_view view() const { return text_ ? std::string_view(text_, size_) : std::string_view(); }
    operator std::string_view() const { return view(); }
    std::string str() const { return std::string(view()); }
    bool empty() const { return size_ == 0; }
    bool is_literal() const { return text_ != nullptr && text_ != owned_; }

    // Appends `separator` (only if this text is not empty) and the parts: the text becomes owned, in this object's
    // buffer.
    void append(std::string_view separator, std::string_view a, std::string_view b = {}) {
        const std::string_view before = view();
        if (before.empty()) separator = {};
        const std::size_t size = before.size() + separator.size() + a.size() + b.size();
        char* buffer = owned_;
        char* replaced = nullptr;   // freed after the parts are copied: they may view it
        if (size > capacity_) {
            buffer = new char[size];
            if (!before.empty()) std::memcpy(buffer, before.data(), before.size());
            replaced = owned_;
            capacity_ = size;
        } else if (is_literal() && !before.empty()) {
            std::memcpy(buffer, before.data(), before.size());
        }
        char* end = buffer + before.size();
        for (std::string_view part : {separator, a, b}) {
            if (!part.empty()) std::memmove(end, part.data(), part.size());
            end += part.size();
        }
        delete[] replaced;
        owned_ = buffer;
        text_ = owned_;
        size_ = size;
    }

    friend bool operator==(const SpecText& a, const SpecText& b) { return a.view() == b.view(); }
    friend std::ostream& operator<<(std::ostream& out, const SpecText& t) { return out << t.view(); }

private:
    // Into this object's buffer, growing it only when the text does not fit. The text may be this one's own.
    void assign_owned(std::string_view text) {
        if (text.size() > capacity_) {
            char* grown = new char[text.size()];
            std::memcpy(grown, text.data(), text.size());
            delete[] owned_;
            owned_ = grown;
            capacity_ = text.size();
        } else if (!text.empty()) {
            std::memmove(owned_, text.data(), text.size());
        }
        text_ = owned_;
        size_ = text.size();
    }
    void swap(SpecText& other) noexcept {
        std::swap(text_, other.text_);
        std::swap(size_, other.size_);
        std::swap(owned_, other.owned_);
        std::swap(capacity_, other.capacity_);
    }

    const char* text_ = nullptr;   // the literal, or owned_
    std::size_t size_ = 0;
    char* owned_ = nullptr;        // this object's buffer (capacity_ chars), kept when a literal is assigned
    std::size_t capacity_ = 0;
};

inline std::string operator+(const std::string& a, const SpecText& b) { return a + std::string(b.view()); }

}  // namespace lied
