#include "core/build/crawl_and_order.h"

#include "core/build/crawler.h"

#include <spdlog/spdlog.h>

namespace lied {
namespace {

// A large dense L makes the build probe it in as many passes as it has columns, each over much of the model, and
// its factorization grow with the cube of its size: a system that builds in a second at 1000 tearing variables
// would take minutes at 10^4. Said once per new structure, since the cause is in the model, not in the engine.
void warn_if_dense(const Schedule& s) {
    constexpr std::size_t kLargeTearing = 256;
    const std::size_t n = s.pattern_start.empty() ? 0 : s.pattern_start.size() - 1;
    if (n < kLargeTearing || s.nonzeros() * 8 < n * n) return;
    spdlog::warn("L is dense: {} tearing variables, {} of {} entries ({:.0f} %), probed in {} passes; building grows with the "
                 "square of its size and factoring it with the cube. Tearing variables whose effect travels through the whole "
                 "network cause this (a manifold, a ladder); components that can cut a network end that reach (thermofluid: "
                 "cut = true on Splitter, SplitterN and JunctionN; docs/user-guide/thermofluid.md, \"Long networks\")",
                 n, s.nonzeros(), n * n, 100.0 * static_cast<double>(s.nonzeros()) / static_cast<double>(n * n), s.probe_groups.size());
}

}  // namespace

void crawl_and_order(Component& root, Out<double>& time, Model& model, Schedule& schedule, ScheduleWorkspace& workspace,
                     bool& prefer_cuts) {
    schedule.forget_blocks();   // what a structure of the same shape reuses stays (see make_schedule)
    model.prefer_cuts = prefer_cuts;
    auto crawl_tree = [&] {
        try {
            model = crawl(root, time, std::move(model));   // refills the old model's entries (their names' buffers)
        } catch (...) {
            schedule.clear();
            throw;
        }
    };
    crawl_tree();
    try {
        // Reach sets of more than kReachPerBlock entries per block on average: tearing variables whose effect travels
        // through the whole network (a manifold, a ladder), an L that would be dense. If components offered cuts
        // (Meta::offer_cut), the tree is crawled again with them.
        constexpr std::size_t kReachPerBlock = 16;
        const std::size_t budget = !prefer_cuts && model.cut_offers > 0 ? kReachPerBlock * model.blocks.size() : 0;
        if (!make_schedule(model, schedule, workspace, budget)) {
            spdlog::info("the tearing variables reach through the whole network: {} components cut it", model.cut_offers);
            prefer_cuts = true;
            model.prefer_cuts = true;
            restore_time_inputs(model);   // the next crawl records their sources again
            crawl_tree();
            make_schedule(model, schedule, workspace);
        }
    } catch (...) {
        schedule.clear();
        restore_time_inputs(model);
        model.clear();
        throw;
    }
    if (!schedule.reused) warn_if_dense(schedule);
}

}  // namespace lied
