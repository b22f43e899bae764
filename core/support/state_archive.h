#pragma once
// One description of what a part of the engine keeps between steps, used four ways: to measure how many bytes it
// takes, to save it into a buffer, to check that a buffer holds it (sizes and counts, before anything is changed),
// and to restore it. A part lists its members once, in one function (`void archive(StateArchive& a)`), so that
// saving and restoring cannot drift apart:
//     a.value(h_);  a.values(k1_.data(), k1_.size());
// Only plain values (trivially copyable) are archived; a flag is a char, never a bool or an enum, because restored
// bytes may come from outside (a serialized FMU state) and every byte pattern of a char is a valid char.
// Saving and restoring allocate nothing; a buffer too short or a count that differs stops the archive (ok() false),
// it never reads or writes out of bounds.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace lied {

class StateArchive {
public:
    enum class Mode { Measure, Save, Check, Restore };
    // Measure: counts the bytes only. Save: writes into `data` (at most `size` bytes). Check: reads `data` and
    // compares counts, changing nothing. Restore: reads `data` into the members.
    StateArchive(Mode mode, std::byte* data, std::size_t size) : mode_(mode), data_(data), size_(size) {}
    static StateArchive measuring() { return StateArchive(Mode::Measure, nullptr, 0); }

    Mode mode() const { return mode_; }
    bool restoring() const { return mode_ == Mode::Restore; }
    bool ok() const { return problem_ == nullptr; }
    // What stopped the archive (a static text), or null.
    const char* problem() const { return problem_; }
    std::size_t used() const { return used_; }

    template <class T>
    void value(T& v) {
        static_assert(std::is_trivially_copyable_v<T> && !std::is_same_v<T, bool> && !std::is_enum_v<T>,
                      "archive plain values; a flag as a char, an enum as an int (see the header)");
        bytes(&v, sizeof(T));
    }
    // `count` values at `data`, preceded by their count: a buffer from another structure is refused by its counts.
    template <class T>
    void values(T* data, std::size_t count) {
        static_assert(std::is_trivially_copyable_v<T> && !std::is_same_v<T, bool> && !std::is_enum_v<T>,
                      "archive plain values; a flag as a char, an enum as an int (see the header)");
        expect_count(count);
        bytes(data, count * sizeof(T));
    }
    // A count: saved, and compared with this structure's when checked or restored.
    void expect_count(std::size_t count) {
        std::uint64_t n = count;
        through_local(n);
        if (ok() && n != count) problem_ = "a list in the saved state has another length than in this structure";
    }
    // An int kept as an enum in memory: archived as its number, restored only if it is one of `count` values.
    template <class E>
    void enumerator(E& e, int count) {
        static_assert(std::is_enum_v<E>);
        int n = static_cast<int>(e);
        through_local(n);
        if (!ok() || (mode_ != Mode::Check && mode_ != Mode::Restore)) return;
        if (n < 0 || n >= count) problem_ = "the saved state holds an unknown option";
        else if (mode_ == Mode::Restore) e = static_cast<E>(n);
    }
    // A flag: saved as 0 or 1, restored as any non-zero byte = true.
    void flag(bool& b) {
        char c = b ? 1 : 0;
        through_local(c);
        if (mode_ == Mode::Restore && ok()) b = c != 0;
    }

    void bytes(void* data, std::size_t n) {
        if (!ok()) return;
        if (mode_ != Mode::Measure && n > size_ - used_) {
            problem_ = "the saved state is shorter than this structure's state";
            return;
        }
        if (mode_ == Mode::Save && n > 0) std::memcpy(data_ + used_, data, n);
        if (mode_ == Mode::Restore && n > 0) std::memcpy(data, data_ + used_, n);
        used_ += n;
    }
private:
    // A copy held by the caller: written when saving, read when checking as well as when restoring (the caller then
    // judges the saved value, e.g. a count, without touching what it stands for).
    template <class T>
    void through_local(T& v) {
        if (mode_ != Mode::Check) return bytes(&v, sizeof v);
        if (!ok()) return;
        if (sizeof v > size_ - used_) {
            problem_ = "the saved state is shorter than this structure's state";
            return;
        }
        std::memcpy(&v, data_ + used_, sizeof v);
        used_ += sizeof v;
    }

    Mode mode_;
    std::byte* data_;
    std::size_t size_;
    std::size_t used_ = 0;
    const char* problem_ = nullptr;
};

}  // namespace lied
