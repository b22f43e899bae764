#pragma once
// A list of entries kept sorted by their unique `name`: the common core of the component-type and system
// registries, which are filled by static registration objects next to each definition.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace lied {

template <class Entry>
class NamedRegistry {
public:
    // `what` names the kind of entry in the error ("component type", "system").
    void add(Entry entry, const char* what) {
        if (find(entry.name)) throw std::logic_error(std::string(what) + " '" + entry.name + "' is registered twice");
        entries_.push_back(std::move(entry));
        std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
    }
    const Entry* find(const std::string& name) const {
        for (const Entry& e : entries_)
            if (e.name == name) return &e;
        return nullptr;
    }
    std::vector<std::string> names() const {
        std::vector<std::string> n;
        for (const Entry& e : entries_) n.push_back(e.name);
        return n;
    }
    const std::vector<Entry>& entries() const { return entries_; }

private:
    std::vector<Entry> entries_;
};

}  // namespace lied
