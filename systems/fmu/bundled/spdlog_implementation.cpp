// spdlog's compiled part, built from the Debian package's own headers for the FMU runtime only. Debian ships spdlog
// as a shared library, and an FMU must not take spdlog from the importer's process (a different spdlog there would
// be called instead of this one). The engine is compiled against the compiled-library form of the headers
// (SPDLOG_COMPILED_LIB), so its definitions come from the headers' implementation parts, included here once.
#include <spdlog/spdlog-inl.h>
#include <spdlog/common-inl.h>
#include <spdlog/logger-inl.h>
#include <spdlog/pattern_formatter-inl.h>
#include <spdlog/details/backtracer-inl.h>
#include <spdlog/details/log_msg-inl.h>
#include <spdlog/details/log_msg_buffer-inl.h>
#include <spdlog/details/os-inl.h>
#include <spdlog/details/periodic_worker-inl.h>
#include <spdlog/details/registry-inl.h>
#include <spdlog/sinks/sink-inl.h>
#include <spdlog/sinks/base_sink-inl.h>
#include <spdlog/sinks/ansicolor_sink-inl.h>

#include <mutex>

// The class templates the default logger and the engine's sinks use, instantiated as the shared library would.
template class spdlog::sinks::base_sink<std::mutex>;
template class spdlog::sinks::base_sink<spdlog::details::null_mutex>;
template class spdlog::sinks::ansicolor_sink<spdlog::details::console_mutex>;
template class spdlog::sinks::ansicolor_stdout_sink<spdlog::details::console_mutex>;
template class spdlog::sinks::ansicolor_stderr_sink<spdlog::details::console_mutex>;
