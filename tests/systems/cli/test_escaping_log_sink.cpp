// Log lines pass escaped: a description from a file that carries a terminal control sequence reaches the log as text.
#include "systems/cli/escaping_log_sink.h"

#include <doctest/doctest.h>
#include <spdlog/logger.h>
#include <spdlog/sinks/ostream_sink.h>

#include <memory>
#include <sstream>

TEST_CASE("the CLI's log sink escapes control characters in every line") {
    std::ostringstream text;
    auto inner = std::make_shared<spdlog::sinks::ostream_sink_mt>(text);
    auto sink = std::make_shared<lied::systems::EscapingLogSink>(inner);
    spdlog::logger logger("escaping-test", sink);
    logger.set_pattern("%v");
    logger.warn("t = 5 s: {} (3 states)", "retitled\x1b]0;owned\x07 and \x1b[31mred\r");
    CHECK(text.str() == "t = 5 s: retitled\\x1b]0;owned\\x07 and \\x1b[31mred\\x0d (3 states)\n");
}
