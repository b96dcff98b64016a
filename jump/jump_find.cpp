// One jump tour of a board of any size (find_tour, jump.hpp): Warnsdorff's rule with
// backtracking.
//
// Warnsdorff (1823) moves next to the unvisited cell with the fewest onward moves, so the cells
// that are hardest to reach are taken while they still can be; on jump graphs, as on the
// knight's graph, it almost never needs to back up. Ties go to the cell farther from the
// board's centre (the rim is the constrained part). It is made complete by backtracking, with
// the exact dead-end cuts of the counting search (jump.cpp): an unvisited cell with no unvisited
// neighbour while others remain, or three cells with one. A completed search without a tour
// therefore proves there is none.
//
// Because a heuristic order can still sink a long time into a hopeless subtree below an
// unlucky start, starts are tried round-robin with node budgets that grow 4x per round; a
// start whose search finished within its budget is settled (a tour, or none) and not retried.
// Repeated work is bounded by the geometric growth (at most 4/3 of the last round).
#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "jump/jump.hpp"

namespace nl::jump {

namespace {

struct WarnsdorffSearch {
    const JumpBoard& board;
    std::vector<std::vector<int>> neighbours;
    std::vector<int> degree;  // unvisited neighbours of each unvisited cell
    std::vector<char> visited;
    std::vector<int> centre_distance;  // doubled Manhattan distance, an integer tie-break
    int remaining = 0, degree0 = 0, degree1 = 0;

    explicit WarnsdorffSearch(const JumpBoard& b) : board(b), neighbours(jump_neighbours(b)) {
        const int n = b.cells();
        degree.resize(static_cast<std::size_t>(n));
        centre_distance.resize(static_cast<std::size_t>(n));
        for (int c = 0; c < n; ++c) {
            centre_distance[static_cast<std::size_t>(c)] =
                std::abs(2 * (c % b.width) - (b.width - 1)) + std::abs(2 * (c / b.width) - (b.height - 1));
        }
        reset();
    }

    void reset() {
        const int n = board.cells();
        visited.assign(static_cast<std::size_t>(n), 0);
        remaining = n;
        degree0 = degree1 = 0;
        for (int c = 0; c < n; ++c) {
            const int d = static_cast<int>(neighbours[static_cast<std::size_t>(c)].size());
            degree[static_cast<std::size_t>(c)] = d;
            degree0 += d == 0;
            degree1 += d == 1;
        }
    }

    void count_degree(int d, int sign) {
        if (d == 0) degree0 += sign;
        if (d == 1) degree1 += sign;
    }

    void visit(int c) {
        visited[static_cast<std::size_t>(c)] = 1;
        --remaining;
        count_degree(degree[static_cast<std::size_t>(c)], -1);
        for (int u : neighbours[static_cast<std::size_t>(c)]) {
            if (visited[static_cast<std::size_t>(u)]) continue;
            int& d = degree[static_cast<std::size_t>(u)];
            count_degree(d, -1);
            --d;
            count_degree(d, +1);
        }
    }

    void leave(int c) {
        for (int u : neighbours[static_cast<std::size_t>(c)]) {
            if (visited[static_cast<std::size_t>(u)]) continue;
            int& d = degree[static_cast<std::size_t>(u)];
            count_degree(d, -1);
            ++d;
            count_degree(d, +1);
        }
        visited[static_cast<std::size_t>(c)] = 0;
        ++remaining;
        count_degree(degree[static_cast<std::size_t>(c)], +1);
    }

    bool dead() const { return (remaining > 1 && degree0 > 0) || degree1 > 2; }

    // The unvisited neighbours of c, most constrained first.
    std::vector<int> ordered_moves(int c) const {
        std::vector<int> out;
        for (int u : neighbours[static_cast<std::size_t>(c)])
            if (!visited[static_cast<std::size_t>(u)]) out.push_back(u);
        std::stable_sort(out.begin(), out.end(), [&](int a, int b) {
            const int da = degree[static_cast<std::size_t>(a)], db = degree[static_cast<std::size_t>(b)];
            if (da != db) return da < db;
            return centre_distance[static_cast<std::size_t>(a)] > centre_distance[static_cast<std::size_t>(b)];
        });
        return out;
    }

    enum class Outcome { Found, Exhausted, OutOfBudget, Stopped };

    // Iterative depth-first search from `start` (long boards would overflow a recursive one).
    Outcome run(int start, std::uint64_t budget, const std::atomic<bool>* stop, std::vector<int>& tour,
                std::uint64_t& nodes) {
        reset();
        struct Frame {
            std::vector<int> moves;
            std::size_t next = 0;
        };
        tour.assign(1, start);
        visit(start);
        std::vector<Frame> frames;
        frames.push_back({ordered_moves(start), 0});
        std::uint64_t used = 0;
        while (!frames.empty()) {
            if (remaining == 0) return Outcome::Found;
            Frame& f = frames.back();
            if (f.next == f.moves.size() || (remaining > 0 && dead())) {
                frames.pop_back();
                leave(tour.back());
                tour.pop_back();
                continue;
            }
            const int v = f.moves[f.next++];
            ++nodes;
            if ((++used & 0xfff) == 0 && stop && stop->load(std::memory_order_relaxed)) return Outcome::Stopped;
            if (used > budget) return Outcome::OutOfBudget;
            visit(v);
            tour.push_back(v);
            frames.push_back({ordered_moves(v), 0});
        }
        return Outcome::Exhausted;
    }
};

}  // namespace

FindResult find_tour(const JumpBoard& board, int start, const std::atomic<bool>* stop) {
    FindResult result;
    if (board.width < 1 || board.height < 1) return result;
    if (start >= board.cells()) throw std::invalid_argument("start cell outside the board");
    WarnsdorffSearch search(board);
    std::vector<int> open;
    if (start >= 0) {
        open.push_back(start);
    } else {
        for (int c = 0; c < board.cells(); ++c) open.push_back(c);
        // Corners and rims first: they are the constrained cells, the natural ends of a tour.
        std::stable_sort(open.begin(), open.end(), [&](int a, int b) {
            return search.centre_distance[static_cast<std::size_t>(a)] > search.centre_distance[static_cast<std::size_t>(b)];
        });
    }
    std::vector<int> tour;
    constexpr std::uint64_t kUnbounded = ~std::uint64_t{0};
    for (std::uint64_t budget = 4 * static_cast<std::uint64_t>(board.cells()) + 1000; !open.empty();
         budget = budget > kUnbounded / 4 ? kUnbounded : budget * 4) {
        std::vector<int> still_open;
        for (int s : open) {
            switch (search.run(s, budget, stop, tour, result.nodes)) {
                case WarnsdorffSearch::Outcome::Found:
                    // The search only takes jumps, so this holds; if it ever did not, the caller
                    // must report an internal error, never a tour and never "none".
                    if (!is_jump_tour(board, tour)) throw std::logic_error("find_tour built an invalid tour");
                    result.tour = tour;
                    return result;
                case WarnsdorffSearch::Outcome::Stopped: result.interrupted = true; return result;
                case WarnsdorffSearch::Outcome::OutOfBudget: still_open.push_back(s); break;
                case WarnsdorffSearch::Outcome::Exhausted: break;
            }
        }
        open = std::move(still_open);  // empty only when every start is settled: "none" is exact
    }
    return result;
}

}  // namespace nl::jump
