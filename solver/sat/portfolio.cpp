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
