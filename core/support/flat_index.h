#pragma once
// An insert-only hash index in one flat array (open addressing, linear probing), for the lookups a build does
// once per signal, name or parameter. std::unordered_map allocates a node per entry, which made those
// allocations a third of a rebuild; this allocates once per build. Keys must outlive the index (pointers,
// or views into the model's own strings); the null pointer and a view without data mark empty slots and are
// not keys.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <string_view>
#include <utility>
#include <vector>

namespace lied {

template <class Key, class Value>
class FlatIndex {
public:
    // Sizes the table for `n` entries at a load of at most three quarters; drops what was there.
    void reset(std::size_t n) {
        std::size_t capacity = 16;
        while (3 * capacity < 4 * n) capacity *= 2;
        slots_.assign(capacity, Slot{});
        mask_ = capacity - 1;
        size_ = 0;
    }
    // Inserts unless the key is present; returns the stored value and whether it was inserted.
    std::pair<const Value*, bool> insert(const Key& key, const Value& value) {
        if (4 * (size_ + 1) > 3 * slots_.size()) grow();
        const std::size_t h = hash(key);
        Slot& s = slot(key, h);
        if (!empty(s.key)) return {&s.value, false};
        s = Slot{key, value, h};
        ++size_;
        return {&s.value, true};
    }
    const Value* find(const Key& key) const {
        if (slots_.empty()) return nullptr;
        const Slot& s = const_cast<FlatIndex*>(this)->slot(key, hash(key));
        return empty(s.key) ? nullptr : &s.value;
    }
    std::size_t size() const { return size_; }
    template <class F>
    void for_each(F&& f) const {
        for (const Slot& s : slots_)
            if (!empty(s.key)) f(s.key, s.value);
    }

private:
    struct Slot {
        Key key{};
        Value value{};
        std::size_t hash = 0;   // kept: probing compares hashes before names, and growing never hashes again
    };
    static bool empty(const Key& key) {
        if constexpr (std::is_pointer_v<Key>) return key == nullptr;
        else return key.data() == nullptr;
    }
    static std::size_t hash(const Key& key) {
        if constexpr (std::is_pointer_v<Key>) {
            // Pointers are aligned and clustered: multiply (Fibonacci hashing) and fold the high bits down, which
            // the mask would otherwise never see.
            const std::uint64_t h = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(key)) * 0x9E3779B97F4A7C15ull;
            return static_cast<std::size_t>(h ^ (h >> 32));
        } else {
            return std::hash<Key>{}(key);
        }
    }
    Slot& slot(const Key& key, std::size_t h) {
        std::size_t i = h & mask_;
        while (!empty(slots_[i].key) && !(slots_[i].hash == h && slots_[i].key == key)) i = (i + 1) & mask_;
        return slots_[i];
    }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        reset(old.empty() ? 8 : old.size());   // twice the entries the old table held at most
        for (const Slot& s : old)
            if (!empty(s.key)) slot(s.key, s.hash) = s, ++size_;
    }
    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
};

}  // namespace lied
