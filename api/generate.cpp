// Generating through the public API (include/numberlink/numberlink.hpp): generate_many
// (generator/generate.hpp), with the command line's limits on the options.
#include "api/puzzle_impl.hpp"
#include "generator/generate.hpp"

namespace numberlink {

namespace {

void require_valid(const GenerateOptions& o) {
    if (o.width < 1 || o.height < 1 || o.width > 1000 || o.height > 1000 || o.width * o.height < 4)
        throw std::invalid_argument("boards from 4 cells up to 1000x1000");
    if (o.count < 1) throw std::invalid_argument("count must be >= 1");
    if (o.min_length < 2 || o.min_paths < 1 || o.max_paths < 0)
        throw std::invalid_argument("min_length must be >= 2, min_paths >= 1, max_paths >= 0 (0: no bound)");
    api::require_timeout(o.timeout, "the time limit per puzzle");
}

GenerateStatus public_status(nl::gen::GenerateStatus status) {
    switch (status) {
        case nl::gen::GenerateStatus::Ok: return GenerateStatus::Done;
        case nl::gen::GenerateStatus::Timeout: return GenerateStatus::Timeout;
        case nl::gen::GenerateStatus::Interrupted: return GenerateStatus::Interrupted;
        case nl::gen::GenerateStatus::GaveUp: return GenerateStatus::GaveUp;
        case nl::gen::GenerateStatus::Exhausted: return GenerateStatus::Exhausted;
    }
    throw InternalError("unknown generator status");
}

}  // namespace

GenerateResult generate(const GenerateOptions& options) {
    require_valid(options);
    nl::gen::GenerateOptions o;
    o.width = options.width;
    o.height = options.height;
    o.rules = api::internal_rules(options.rules);
    o.unique = options.unique;
    o.fill_all = options.fill_all;
    o.min_length = options.min_length;
    o.min_paths = options.min_paths;
    o.max_paths = options.max_paths;
    o.timeout = options.timeout;
    o.interrupt = options.interrupt;
    GenerateResult out;
    const nl::gen::GenerateStatus status = api::translating_errors([&] {
        return nl::gen::generate_many(o, options.seed, options.count, [&](const nl::gen::Generated& g) {
            out.puzzles.push_back(
                Entry{api::public_puzzle(g.puzzle), api::public_solution(g.puzzle, g.solution), 0});
        });
    });
    out.status = public_status(status);
    return out;
}

}  // namespace numberlink
