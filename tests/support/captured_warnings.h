#pragma once
// What spdlog writes at warning level and above while an instance lives, for tests of the engine's warnings (the
// program's logger writes to stderr, which an in-process test cannot read).
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <sstream>
#include <string>

namespace lied::testing {

class CapturedWarnings {
public:
    CapturedWarnings() : sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(text_)), level_(spdlog::get_level()) {
        spdlog::default_logger()->sinks().push_back(sink_);
        spdlog::set_level(spdlog::level::warn);
    }
    ~CapturedWarnings() {
        auto& sinks = spdlog::default_logger()->sinks();
        sinks.pop_back();
        spdlog::set_level(level_);
    }
    CapturedWarnings(const CapturedWarnings&) = delete;
    CapturedWarnings& operator=(const CapturedWarnings&) = delete;
    std::string str() const { return text_.str(); }

private:
    std::ostringstream text_;
    std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink_;
    spdlog::level::level_enum level_;
};

}  // namespace lied::testing
