// Both back ends at once; see portfolio.hpp.
#include "solver/sat/portfolio.hpp"

#include <atomic>
#include <optional>

#include "core/errors.hpp"
#include "solver/base/race.hpp"
#include "solver/sat/sat_api.hpp"

namespace nl {

void require_both_backends() {
    (void)sat_api(SatBackend::CryptoMiniSat);
    (void)sat_api(SatBackend::CaDiCaL);
}

namespace {

// Each solver's conflicts under a name of its own: both count from 0, and a line showing one
// count and then the other would jump back and forth.
ProgressSink named_conflicts(const ProgressSink& sink, SatBackend backend) {
    if (!sink) return {};
    const char* unit = backend == SatBackend::CaDiCaL ? "cadical conflicts" : "cms conflicts";
    return [sink, unit](const ProgressNote& note) {
        ProgressNote named = note;
        if (*named.unit) named.unit = unit;
        sink(named);
    };
}

}  // namespace

SolveResult solve_portfolio(const Puzzle& p, Rules rules, const SolveOptions& options) {
    require_both_backends();
    std::optional<SolveResult> cms, cadical;
    std::atomic<int> finished{0};
    int cms_rank = 0, cadical_rank = 0;  // 1: decided first
    auto side = [&](SatBackend backend, std::optional<SolveResult>& out, int& rank) {
        return [&, backend](std::atomic<bool>* stop) {
            SolveOptions own = options;
            own.interrupt = stop;
            own.sat = backend == SatBackend::CaDiCaL ? SatChoice::CaDiCaL : SatChoice::CryptoMiniSat;
            own.progress = named_conflicts(options.progress, backend);
            out = solve_sat_on(p, rules, own, backend);
            if (!decisive(out->status)) return false;
            rank = ++finished;
            return true;
        };
    };
    race(options.interrupt, side(SatBackend::CryptoMiniSat, cms, cms_rank),
         side(SatBackend::CaDiCaL, cadical, cadical_rank));
    if (cms_rank && cadical_rank && cms->status != cadical->status)
        throw InternalError(p.name + ": CryptoMiniSat and CaDiCaL disagree: " + verdict_name(cms->status) +
                            " against " + verdict_name(cadical->status));
    if (cadical_rank && (!cms_rank || cadical_rank < cms_rank)) return std::move(*cadical);
    return std::move(*cms);
}

}  // namespace nl
