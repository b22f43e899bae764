#include "core/model.h"

namespace lied {

std::string Model::signal_name(const SignalBase* s) const {
    const int i = signal_index(s);
    return i < 0 ? std::string("<unregistered signal>") : signals[static_cast<std::size_t>(i)].path;
}

void Model::index_signals() {
    signal_index_.reset(signals.size());
    for (std::size_t i = 0; i < signals.size(); ++i) signal_index_.insert(signals[i].signal, static_cast<int>(i));
}

}  // namespace lied
