#include "systems/cli/terminal_safe.h"

#include <cstdio>

namespace lied::systems {
namespace {
bool is_control(unsigned char c) { return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f; }

void put_escaped(std::string& out, unsigned char c) {
    char code[8];
    std::snprintf(code, sizeof code, "\\x%02x", c);
    out += code;
}
}  // namespace

std::string terminal_safe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        if (is_control(c)) {
            put_escaped(out, c);
        } else if (c == 0xc2 && next >= 0x80 && next <= 0x9f) {   // a C1 control in UTF-8 (CSI is U+009B)
            put_escaped(out, c);
            put_escaped(out, next);
            ++i;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

TerminalSafeStream::TerminalSafeStream(std::ostream& to) : std::ostream(nullptr), buffer_(to) { rdbuf(&buffer_); }

TerminalSafeStream::Buffer::int_type TerminalSafeStream::Buffer::overflow(int_type ch) {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    const auto c = static_cast<unsigned char>(traits_type::to_char_type(ch));
    std::string piece;
    if (after_c2_) {
        after_c2_ = false;
        if (c >= 0x80 && c <= 0x9f) {
            put_escaped(piece, 0xc2);
            put_escaped(piece, c);
            to_ << piece;
            return ch;
        }
        piece += static_cast<char>(0xc2);
    }
    if (c == 0xc2) {
        after_c2_ = true;
        to_ << piece;
        return ch;
    }
    if (is_control(c)) put_escaped(piece, c);
    else piece += static_cast<char>(c);
    to_ << piece;
    return to_ ? ch : traits_type::eof();
}

int TerminalSafeStream::Buffer::sync() {
    if (after_c2_) {   // a lone lead byte at a flush: not a C1 control after all
        after_c2_ = false;
        to_ << static_cast<char>(0xc2);
    }
    to_.flush();
    return to_ ? 0 : -1;
}

}  // namespace lied::systems
