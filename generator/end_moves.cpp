#include "generator/end_moves.hpp"

#include <algorithm>

namespace nl::gen {

namespace {

using Path = std::vector<CellId>;

void own(Layout& l, const Path& path, int id) {
    for (CellId c : path) l.owner[c] = id;
}

}  // namespace

bool path_touches_itself(const Layout& l, int path) {
    const Path& p = l.paths[path];
    for (std::size_t i = 0; i < p.size(); ++i)
        for (CellId n : l.neighbours(p[i])) {
            if (l.owner[n] != path) continue;
            if ((i > 0 && p[i - 1] == n) || (i + 1 < p.size() && p[i + 1] == n)) continue;
            return true;
        }
    return false;
}

EndMove move_an_end(Layout& l, Rng& rng, int min_length) {
    if (l.paths.empty()) return {};
    const int p = static_cast<int>(rng.below(static_cast<std::uint32_t>(l.paths.size())));
    Path moved = l.paths[p];
    if (moved.size() < 2) return {};
    if (rng.below(2)) std::reverse(moved.begin(), moved.end());  // the moving end is moved.back()
    const CellId e = moved.back();
    const auto around = l.neighbours(e);
    if (around.empty()) return {};
    const CellId n = around[rng.below(static_cast<std::uint32_t>(around.size()))];
    if (n == moved[moved.size() - 2]) return {};
    const int q = l.owner[n];
    // Within P itself (the plain backbite: P = p0 .. pj=n .. pk=e becomes p0 .. pj pk .. pj+1)
    // pj and pj+1 stay neighbours without being consecutive: P would touch itself. Refused.
    if (q < 0 || q == p) return {};
    Path other = l.paths[q];
    const std::size_t j = static_cast<std::size_t>(std::find(other.begin(), other.end(), n) - other.begin());
    if (j == 0 || j + 1 == other.size()) return {};  // an end: the caller's join
    // Which side of Q the path takes; the other side stays Q.
    const bool take_tail = rng.below(2) == 0;
    const std::size_t kept = take_tail ? j : other.size() - 1 - j;
    if (static_cast<int>(kept) < min_length) return {};
    if (!l.may_end(other[take_tail ? j - 1 : j + 1])) return {};
    Path rest;
    if (take_tail) {
        moved.insert(moved.end(), other.begin() + static_cast<std::ptrdiff_t>(j), other.end());
        rest.assign(other.begin(), other.begin() + static_cast<std::ptrdiff_t>(j));
    } else {
        for (std::size_t i = j + 1; i-- > 0;) moved.push_back(other[i]);
        rest.assign(other.begin() + static_cast<std::ptrdiff_t>(j) + 1, other.end());
    }
    const Path before_p = l.paths[p];
    l.paths[p] = std::move(moved);
    l.paths[q] = std::move(rest);
    own(l, l.paths[p], p);
    own(l, l.paths[q], q);
    if (path_touches_itself(l, p) || path_touches_itself(l, q)) {
        l.paths[p] = before_p;
        l.paths[q] = std::move(other);
        own(l, l.paths[p], p);
        own(l, l.paths[q], q);
        return {};
    }
    return {true, p, q};
}

}  // namespace nl::gen
