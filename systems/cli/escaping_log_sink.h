#pragma once
// Log lines carry names and descriptions from files (an action's description, a component's path): the CLI's logger
// writes them through this sink, which escapes their control characters as terminal_safe does for everything else
// the CLI prints, and hands the line to the sink that colours it.
#include <spdlog/sinks/sink.h>

#include <memory>

namespace lied::systems {

class EscapingLogSink final : public spdlog::sinks::sink {
public:
    explicit EscapingLogSink(std::shared_ptr<spdlog::sinks::sink> inner) : inner_(std::move(inner)) {}
    void log(const spdlog::details::log_msg& msg) override;
    void flush() override { inner_->flush(); }
    void set_pattern(const std::string& pattern) override { inner_->set_pattern(pattern); }
    void set_formatter(std::unique_ptr<spdlog::formatter> formatter) override { inner_->set_formatter(std::move(formatter)); }

private:
    std::shared_ptr<spdlog::sinks::sink> inner_;
};

}  // namespace lied::systems
