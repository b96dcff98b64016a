#include "generator/unique.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "core/errors.hpp"
#include "generator/union_find.hpp"
#include "generator/grow.hpp"
#include "solver/count/count.hpp"

namespace nl::gen {

namespace {

// Per cell, its (up to two) neighbours along its path in `paths`.
std::vector<std::array<CellId, 2>> path_links(const std::vector<std::vector<CellId>>& paths, int cells) {
    std::vector<std::array<CellId, 2>> links(static_cast<std::size_t>(cells), {kNoCell, kNoCell});
    auto link = [&](CellId a, CellId b) { (links[a][0] == kNoCell ? links[a][0] : links[a][1]) = b; };
    for (const auto& path : paths)
        for (std::size_t i = 1; i < path.size(); ++i) {
            link(path[i - 1], path[i]);
            link(path[i], path[i - 1]);
        }
    return links;
}

// Same paths, whichever end each one is listed from.
bool same_paths(const std::vector<std::vector<CellId>>& a, const std::vector<std::vector<CellId>>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i] && !std::equal(a[i].begin(), a[i].end(), b[i].rbegin(), b[i].rend())) return false;
    return true;
}

bool linked(const std::array<CellId, 2>& l, CellId c) { return l[0] == c || l[1] == c; }

struct Cut {
    CellId a, b;  // consecutive cells of one path of the layout
};

// One cut per region where the layout's solution and `other` differ, chosen at random among the
// edges of the layout's paths that `other` does not use, that leave both pieces long enough and
// that make no bridge's lane an end.
// `differing` gets the cells where the two differ.
std::vector<Cut> choose_cuts(const Layout& l, const Solution& other, Rng& rng, int min_length,
                             std::vector<CellId>& differing) {
    const int n = l.cell_count();
    const auto mine = path_links(l.paths, n), theirs = path_links(other.paths, n);
    std::vector<std::uint8_t> differs(static_cast<std::size_t>(n), 0);
    for (CellId c = 0; c < n; ++c) {
        auto a = mine[c], b = theirs[c];
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        differs[c] = a != b;
        if (differs[c]) differing.push_back(c);
    }
    UnionFind regions(n);
    for (CellId c = 0; c < n; ++c)
        if (differs[c])
            for (CellId d : l.neighbours(c))
                if (differs[d]) regions.unite(c, d);
    std::map<int, std::vector<Cut>> by_region;  // ordered: the same cuts on every platform
    for (const auto& path : l.paths) {
        const int len = static_cast<int>(path.size());
        for (int i = min_length - 1; i + min_length < len; ++i)
            if (!linked(theirs[path[i]], path[i + 1]) && l.may_end(path[i]) && l.may_end(path[i + 1]))
                by_region[regions.find(path[i])].push_back({path[i], path[i + 1]});
    }
    std::vector<Cut> cuts;
    for (auto& [root, candidates] : by_region) cuts.push_back(rng.pick(candidates));
    return cuts;
}

// Applies a cut if both pieces are still long enough (an earlier cut may have shortened the path).
bool apply_cut(Layout& l, const Cut& cut, int min_length) {
    const int p = l.owner[cut.a];
    if (p < 0 || l.owner[cut.b] != p) return false;
    auto& path = l.paths[p];
    const auto i = static_cast<std::size_t>(std::find(path.begin(), path.end(), cut.a) - path.begin());
    std::size_t at;
    if (i + 1 < path.size() && path[i + 1] == cut.b) at = i;
    else if (i > 0 && path[i - 1] == cut.b) at = i - 1;
    else return false;
    if (static_cast<int>(at + 1) < min_length || static_cast<int>(path.size() - at - 1) < min_length) return false;
    split_path(l, p, at);
    return true;
}

// Bounds the repair of one layout (regrowing can meet new ambiguities without end).
constexpr int kMaxRegrowths = 100;

// Removes every path through `cells` and grows new ones on the freed cells.
bool regrow(Layout& l, const std::vector<CellId>& cells, Rng& rng, const ShapeOptions& shape) {
    if (cells.empty()) return false;
    for (CellId c : cells)
        if (l.owner[c] >= 0) l.paths[l.owner[c]].clear();
    std::erase_if(l.paths, [](const std::vector<CellId>& p) { return p.empty(); });
    l.renumber();
    grow_paths(l, rng);
    return shape_layout(l, rng, shape);
}

// Counts the solutions of the layout's puzzle up to two; nullopt when time ran out.
std::optional<CountResult> count_two(const Layout& l, Rules rules, const UniqueOptions& o, UniqueStats& stats) {
    const Puzzle p = puzzle_of(l, rules, "generated");
    CountOptions co;
    co.max = 2;
    co.keep = 2;
    co.sat.threads = 1;  // one thread: the same seed gives the same puzzles
    co.sat.interrupt = o.shape.interrupt;
    if (o.shape.deadline > 0) {
        co.sat.timeout = o.shape.deadline - seconds_now();
        if (co.sat.timeout <= 0) return std::nullopt;
    }
    ++stats.checks;
    CountResult r = count_solutions_sat(p, rules, co);
    if (r.timed_out) return std::nullopt;
    if (r.count == 0) throw InternalError("generate: the SAT engine found no solution to a puzzle built from one");
    return r;
}

}  // namespace

UniqueOutcome make_unique(Layout& l, Rules rules, Rng& rng, const UniqueOptions& o, UniqueStats& stats) {
    for (;;) {
        const std::optional<CountResult> counted = count_two(l, rules, o, stats);
        if (!counted) return UniqueOutcome::Timeout;
        const CountResult& r = *counted;
        if (r.count == 1) return UniqueOutcome::Unique;
        if (o.repair == Repair::Regenerate) return UniqueOutcome::GiveUp;
        const Solution& other = same_paths(r.solutions[0].paths, l.paths) ? r.solutions[1] : r.solutions[0];
        int applied = 0;
        std::vector<CellId> region;
        for (const Cut& cut : choose_cuts(l, other, rng, o.shape.min_length, region))
            applied += apply_cut(l, cut, o.shape.min_length);
        if (applied == 0) {
            // Too short to cut where the solutions differ: grow the paths there anew.
            if (stats.regrown >= kMaxRegrowths || !regrow(l, region, rng, o.shape)) return UniqueOutcome::GiveUp;
            ++stats.regrown;
            continue;
        }
        stats.cuts += applied;
        if (o.shape.max_paths > 0 && static_cast<int>(l.paths.size()) > o.shape.max_paths) return UniqueOutcome::GiveUp;
    }
}


int polish_unique(Layout& l, Rules rules, Rng& rng, const UniqueOptions& o, UniqueStats& stats, int tries) {
    int merged = 0;
    std::set<std::pair<CellId, CellId>> refused;  // merges that made the puzzle ambiguous
    while (tries > 0) {
        std::vector<EndPair> pairs = neighbouring_ends(l);
        rng.shuffle(pairs);
        bool improved = false;
        for (const EndPair& pair : pairs) {
            if (tries == 0) break;
            if (refused.count({pair.a_end, pair.b_end})) continue;
            Layout candidate = l;
            if (!merge_pair(candidate, pair, o.shape.touch)) continue;
            --tries;
            const std::optional<CountResult> r = count_two(candidate, rules, o, stats);
            if (!r) return merged;  // out of time: keep what is proved unique
            if (r->count != 1) {
                refused.insert({pair.a_end, pair.b_end});
                continue;
            }
            l = std::move(candidate);
            ++merged;
            improved = true;
            break;  // path numbers changed: list the pairs again
        }
        // No join of the ends as they lie keeps the puzzle unique: stir the ends of a copy into a
        // join elsewhere (shape.hpp; this moves other ends too, so it is a new puzzle) and keep it
        // when it is unique. Each stir is one try, checked or not.
        while (o.stir_ends && !improved && tries > 0) {
            --tries;
            Layout candidate = l;
            if (!stir_until_ends_meet(candidate, rng, o.shape)) continue;
            const std::optional<CountResult> r = count_two(candidate, rules, o, stats);
            if (!r) return merged;
            if (r->count != 1) continue;
            l = std::move(candidate);
            ++merged;
            improved = true;
            refused.clear();  // other ends now
        }
        if (!improved) break;
    }
    stats.merges += merged;
    return merged;
}

}  // namespace nl::gen
