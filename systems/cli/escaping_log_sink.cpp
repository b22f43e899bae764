#include "systems/cli/escaping_log_sink.h"

#include "systems/cli/terminal_safe.h"

#include <spdlog/details/log_msg.h>

#include <string>

namespace lied::systems {

void EscapingLogSink::log(const spdlog::details::log_msg& msg) {
    const std::string safe = terminal_safe(std::string_view(msg.payload.data(), msg.payload.size()));
    spdlog::details::log_msg escaped = msg;
    escaped.payload = spdlog::string_view_t(safe.data(), safe.size());
    inner_->log(escaped);
}

}  // namespace lied::systems
