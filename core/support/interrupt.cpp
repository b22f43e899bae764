#include "core/support/interrupt.h"

#include <atomic>

namespace lied {

namespace {
std::atomic<int> g_requested{0};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler may only touch a lock-free atomic");
}  // namespace

void request_interrupt() noexcept { g_requested.store(1, std::memory_order_relaxed); }
bool interrupt_requested() noexcept { return g_requested.load(std::memory_order_relaxed) != 0; }
void clear_interrupt() noexcept { g_requested.store(0, std::memory_order_relaxed); }

}  // namespace lied
