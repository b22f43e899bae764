#pragma once
// A simulator's complete state at one instant, as bytes (Simulator::save_state, restore_state): time, states,
// parameters, discrete signals, which time events fired and where each sampler stands, the zero crossings' sides
// and counts, the mass and energy books, L as last probed, the fixed-step error monitor, and the solver's history
// where it can be read out. What it does not hold is the structure: a state fits only a simulator of the same
// structure (the same components, types, names, choices and structural parameters), solver and number of
// structural changes made, and says so when it does not.
//
// The bytes can be kept outside the process (an FMU's serialized state) and given back with assign(); they are
// checked when restored (a checksum, the structure, every length), so damaged or foreign bytes are refused with a
// reason, never read out of bounds. They are meant for the same build of Lied on the same kind of machine.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace lied {

class SimulationState {
public:
    std::span<const std::byte> bytes() const { return bytes_; }
    // Takes bytes from bytes() of a state kept elsewhere. Allocates only if they are larger than what it holds.
    void assign(std::span<const std::byte> bytes) { bytes_.assign(bytes.begin(), bytes.end()); }
    bool empty() const { return bytes_.empty(); }
    // The time the state was saved at (NaN if empty or not a saved state).
    double time() const;

private:
    friend class Simulator;
    // What precedes the archived values. Plain bytes (read with memcpy), checked field by field when restored.
    struct Header {
        char magic[8];
        std::uint32_t format;
        std::uint32_t monitor;       // 1 if the fixed-step error monitor is on
        std::uint32_t books;         // 1 if the mass and energy books are kept
        std::uint32_t reserved;      // 0: no padding bytes, so equal states are equal bytes
        std::uint64_t structure;     // the fingerprint of the structure it was saved from
        std::uint64_t segments;      // how many segments its run had (a structural change starts one)
        std::uint64_t checksum;      // of the archived values after the header
        std::uint64_t payload;       // their length in bytes
        char solver[32];             // the solver's name, zero-padded
        double time;
    };
    static constexpr char kMagic[8] = {'L', 'I', 'E', 'D', 'S', 'T', 'A', 'T'};
    static constexpr std::uint32_t kFormat = 5;   // 2: whether inputs were set since the last step; 3: each created term's integral; 4: the nominal scales; 5: what after-step handlers remember
    static std::uint64_t checksum(std::span<const std::byte> bytes);
    std::vector<std::byte> bytes_;
};

}  // namespace lied
