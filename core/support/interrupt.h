#pragma once
// A request to stop a run, from a signal handler (SIGINT, SIGTERM) or another thread. A run looks at it between
// steps, and a long solver call (CVODE between two output times) at every evaluation, so that an interrupted run
// stops within one evaluation instead of when the call returns. Async-signal-safe: a lock-free atomic.
namespace lied {

void request_interrupt() noexcept;
bool interrupt_requested() noexcept;
void clear_interrupt() noexcept;

}  // namespace lied
