#pragma once
// Text from system files and the command line (a system's name, a description, a type name) reaches the terminal:
// its control characters (ESC sequences that recolour, retitle or clear the terminal, a carriage return that
// overwrites a line) are printed escaped, as \x1b, so that what is printed is what the file says. Line breaks and
// tabs stay.
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace lied::systems {

std::string terminal_safe(std::string_view text);

// An ostream over another one that escapes what passes through it (for everything the CLI prints on stdout).
class TerminalSafeStream : public std::ostream {
public:
    explicit TerminalSafeStream(std::ostream& to);

private:
    class Buffer : public std::streambuf {
    public:
        explicit Buffer(std::ostream& to) : to_(to) {}

    protected:
        int_type overflow(int_type c) override;
        int sync() override;

    private:
        std::ostream& to_;
        bool after_c2_ = false;   // a UTF-8 lead byte of a C1 control (U+0080…U+009F) was held back
    };
    Buffer buffer_;
};

}  // namespace lied::systems
