// Jump tours: moves, symmetries, the checker and the exact counting search; see jump.hpp.
// The large-board search for one tour (find_tour) lives in jump_find.cpp.
//
// The counting search keeps, for every unvisited cell v, d(v) = the number of unvisited cells
// one jump away, updated incrementally when a cell is visited or left, and two bit masks: the
// unvisited cells with d = 0 and those with d = 1. With the path ending at `head` and the
// unvisited cells still to be covered by the path head -> v1 -> ... -> vk, every vi but vk
// needs an unvisited successor, and every vi but v1 an unvisited predecessor. Hence, exactly:
//   * a cell with d = 0 can only be vk = v1 (k = 1, adjacent to head): otherwise dead;
//   * a cell with d = 1 that is not adjacent to head can only be vk: two of them are dead;
//   * every cell with d = 1 is v1 or vk: three of them are dead, and when one is the forced
//     end vk, a d = 1 cell adjacent to head must be v1, the next move.
// These cuts never remove a tour, so the counts stay exact (the tests compare them with a
// plain search that has no pruning at all).
#include "jump/jump.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <exception>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>

namespace nl::jump {

std::vector<Offset> expand_moves(const std::vector<Offset>& base) {
    std::vector<Offset> out;
    for (const Offset& o : base)
        for (int swap = 0; swap < 2; ++swap)
            for (int sx : {1, -1})
                for (int sy : {1, -1}) {
                    Offset m = swap ? Offset{o.dy * sx, o.dx * sy} : Offset{o.dx * sx, o.dy * sy};
                    if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
                }
    std::sort(out.begin(), out.end(), [](const Offset& a, const Offset& b) {
        return a.dy != b.dy ? a.dy < b.dy : a.dx < b.dx;
    });
    return out;
}

std::vector<Offset> default_moves() { return expand_moves({{3, 0}, {2, 2}}); }

std::optional<std::vector<Offset>> parse_moves(const std::string& text) {
    std::vector<Offset> base;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find(':', pos), text.size());
        const std::string part = text.substr(pos, end - pos);
        const std::size_t comma = part.find(',');
        if (comma == std::string::npos) return std::nullopt;
        auto number = [](const std::string& s) -> std::optional<int> {
            if (s.empty() || s.size() > 4) return std::nullopt;
            std::size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
            if (i == s.size()) return std::nullopt;
            for (std::size_t k = i; k < s.size(); ++k)
                if (s[k] < '0' || s[k] > '9') return std::nullopt;
            return std::stoi(s);
        };
        auto dx = number(part.substr(0, comma)), dy = number(part.substr(comma + 1));
        if (!dx || !dy || (*dx == 0 && *dy == 0) || std::abs(*dx) > kMaxOffset || std::abs(*dy) > kMaxOffset)
            return std::nullopt;
        base.push_back({std::abs(*dx), std::abs(*dy)});
        pos = end + 1;
    }
    return base;
}

std::vector<std::vector<int>> jump_neighbours(const JumpBoard& board) {
    std::vector<std::vector<int>> out(static_cast<std::size_t>(board.cells()));
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x)
            for (const Offset& m : board.moves) {
                const int nx = x + m.dx, ny = y + m.dy;
                if (nx >= 0 && nx < board.width && ny >= 0 && ny < board.height)
                    out[static_cast<std::size_t>(y * board.width + x)].push_back(ny * board.width + nx);
            }
    return out;
}

bool is_jump_tour(const JumpBoard& board, const std::vector<int>& tour) {
    if (board.width < 1 || board.height < 1 || static_cast<long>(tour.size()) != board.cells()) return false;
    std::vector<char> used(tour.size(), 0);
    for (std::size_t i = 0; i < tour.size(); ++i) {
        const int c = tour[i];
        if (c < 0 || c >= board.cells() || used[static_cast<std::size_t>(c)]) return false;
        used[static_cast<std::size_t>(c)] = 1;
        if (i == 0) continue;
        const int p = tour[i - 1];
        const Offset step{c % board.width - p % board.width, c / board.width - p / board.width};
        if (std::find(board.moves.begin(), board.moves.end(), step) == board.moves.end()) return false;
    }
    return true;
}

namespace {

// The linear part of symmetry s applied to an offset (see map_cell for the cells).
Offset map_offset(int s, Offset o) {
    switch (s) {
        case 0: return o;
        case 1: return {-o.dy, o.dx};
        case 2: return {-o.dx, -o.dy};
        case 3: return {o.dy, -o.dx};
        case 4: return {-o.dx, o.dy};
        case 5: return {o.dx, -o.dy};
        case 6: return {o.dy, o.dx};
        default: return {-o.dy, -o.dx};
    }
}

bool square_only(int s) { return s == 1 || s == 3 || s == 6 || s == 7; }

}  // namespace

int map_cell(const JumpBoard& board, int s, int cell) {
    const int w = board.width, h = board.height, x = cell % w, y = cell / w;
    int nx = x, ny = y;
    switch (s) {
        case 0: break;
        case 1: nx = w - 1 - y, ny = x; break;  // square only (w == h)
        case 2: nx = w - 1 - x, ny = h - 1 - y; break;
        case 3: nx = y, ny = h - 1 - x; break;
        case 4: nx = w - 1 - x; break;
        case 5: ny = h - 1 - y; break;
        case 6: nx = y, ny = x; break;
        default: nx = w - 1 - y, ny = h - 1 - x; break;
    }
    return ny * w + nx;
}

std::vector<int> board_symmetries(const JumpBoard& board) {
    std::vector<int> out;
    for (int s = 0; s < 8; ++s) {
        if (square_only(s) && board.width != board.height) continue;
        bool keeps_moves = true;
        for (const Offset& m : board.moves)
            keeps_moves = keeps_moves &&
                          std::find(board.moves.begin(), board.moves.end(), map_offset(s, m)) != board.moves.end();
        if (keeps_moves) out.push_back(s);
    }
    return out;
}

namespace {

using Mask = std::uint64_t;
inline Mask bit(int c) { return Mask{1} << c; }

// The depth-first search over one board (<= 64 cells). One per worker thread.
struct BitSearch {
    Mask neighbours[kMaxCountCells] = {};
    std::uint8_t degree[kMaxCountCells] = {};  // d(v): unvisited neighbours (stale while v is visited)
    Mask unvisited = 0, degree0 = 0, degree1 = 0;
    std::uint64_t nodes = 0;
    const std::atomic<bool>* stop = nullptr;
    bool stopped = false;
    // Enumeration only: the path so far and the callback for complete tours.
    std::vector<int> path;
    const std::function<bool(const std::vector<int>&)>* on_tour = nullptr;

    explicit BitSearch(const JumpBoard& board) {
        const auto lists = jump_neighbours(board);
        for (int c = 0; c < board.cells(); ++c) {
            for (int n : lists[static_cast<std::size_t>(c)]) neighbours[c] |= bit(n);
            degree[c] = static_cast<std::uint8_t>(std::popcount(neighbours[c]));
            unvisited |= bit(c);
            if (degree[c] == 0) degree0 |= bit(c);
            if (degree[c] == 1) degree1 |= bit(c);
        }
    }

    void visit(int c) {
        unvisited &= ~bit(c);
        degree0 &= ~bit(c);
        degree1 &= ~bit(c);
        for (Mask m = neighbours[c] & unvisited; m; m &= m - 1) {
            const int u = std::countr_zero(m);
            const int d = --degree[u];
            if (d == 1) {
                degree1 |= bit(u);
            } else if (d == 0) {
                degree1 &= ~bit(u);
                degree0 |= bit(u);
            }
        }
        if (on_tour) path.push_back(c);
    }

    // Undoes visit(c); calls must nest (last visited, first left), which keeps degree[c] exact.
    void leave(int c) {
        for (Mask m = neighbours[c] & unvisited; m; m &= m - 1) {
            const int u = std::countr_zero(m);
            const int d = ++degree[u];
            if (d == 1) {
                degree0 &= ~bit(u);
                degree1 |= bit(u);
            } else if (d == 2) {
                degree1 &= ~bit(u);
            }
        }
        unvisited |= bit(c);
        if (degree[c] == 0) degree0 |= bit(c);
        if (degree[c] == 1) degree1 |= bit(c);
        if (on_tour) path.pop_back();
    }

    // The cells the path may move to next (0: a dead end), while some cell is unvisited.
    Mask next_cells(int head) const {
        const Mask next = neighbours[head] & unvisited;
        if (degree0) {
            // Only a last cell, next to head, may have no unvisited neighbour.
            if (degree0 != unvisited || (degree0 & (degree0 - 1)) || !(degree0 & next)) return 0;
        }
        // Bit tricks rather than std::popcount, which without -mpopcnt is a libgcc call.
        const Mask ends = degree1 & ~next;
        const Mask beyond_two = degree1 & (degree1 - 1) & ((degree1 & (degree1 - 1)) - 1);
        if ((ends & (ends - 1)) || beyond_two) return 0;
        if (ends && (degree1 & next)) return degree1 & next;  // vk is taken: this one is v1
        return next;
    }

    // Tours that extend the current path (ending at head) to every unvisited cell.
    std::uint64_t extend(int head) {
        if ((++nodes & 0xffff) == 0 && stop && stop->load(std::memory_order_relaxed)) stopped = true;
        if (stopped) return 0;
        if (!unvisited) {
            if (on_tour && !(*on_tour)(path)) stopped = true;
            return 1;
        }
        const Mask candidates = next_cells(head);
        std::uint64_t total = 0;
        for (Mask m = candidates; m; m &= m - 1) {
            const int v = std::countr_zero(m);
            visit(v);
            total += extend(v);
            leave(v);
            if (stopped) break;
        }
        return total;
    }
};

void require_countable(const JumpBoard& board) {
    if (board.width < 1 || board.height < 1 || board.cells() > kMaxCountCells)
        throw std::invalid_argument("counting and listing jump tours needs a board of 1 to 64 cells");
}

// A piece of work: the tours that begin with `prefix` (a start cell and up to two jumps).
struct Task {
    int start;
    std::vector<int> prefix;
};

}  // namespace

CountResult count_tours(const JumpBoard& board, const CountOptions& options) {
    require_countable(board);
    const int n = board.cells();
    CountResult result;
    result.per_start.assign(static_cast<std::size_t>(n), 0);

    // Start cells to search, each with the cells whose count it stands for. A symmetry g of the
    // board that maps the move set to itself is an automorphism of the jump graph, so t -> g(t)
    // is a bijection from the tours starting at s to those starting at g(s): every cell of an
    // orbit has the same count. A start that some g fixes (the centre of an odd board) is its
    // own orbit of size < 8, and its tours mapped by g are other tours from the same start,
    // already counted once each by the search: weighting every cell of the orbit by the
    // representative's count counts each tour exactly once, with no special case.
    std::vector<int> representative_of(static_cast<std::size_t>(n), -1);
    std::vector<int> starts;
    if (options.start >= 0) {
        if (options.start >= n) throw std::invalid_argument("start cell outside the board");
        starts.push_back(options.start);
        representative_of[static_cast<std::size_t>(options.start)] = options.start;
    } else {
        const std::vector<int> symmetries = options.use_symmetry ? board_symmetries(board) : std::vector<int>{0};
        for (int c = 0; c < n; ++c) {
            if (representative_of[static_cast<std::size_t>(c)] >= 0) continue;
            starts.push_back(c);
            for (int s : symmetries) representative_of[static_cast<std::size_t>(map_cell(board, s, c))] = c;
        }
    }
    result.searched_starts = static_cast<int>(starts.size());

    // Tasks: every path of up to three cells from each start (fewer when the board is tiny).
    const auto lists = jump_neighbours(board);
    std::vector<Task> tasks;
    for (int s : starts) {
        bool any = false;
        for (int a : lists[static_cast<std::size_t>(s)])
            for (int b : lists[static_cast<std::size_t>(a)])
                if (b != s) {
                    tasks.push_back({s, {s, a, b}});
                    any = true;
                }
        if (!any) {  // no path of three cells from s: search it whole
            tasks.push_back({s, {s}});
        }
    }

    std::vector<std::uint64_t> by_start(static_cast<std::size_t>(n), 0);
    std::mutex merge;
    std::atomic<std::size_t> next_task{0};
    std::atomic<bool> any_stopped{false};
    auto worker = [&] {
        BitSearch search(board);
        search.stop = options.stop;
        std::uint64_t nodes = 0;
        for (std::size_t k; (k = next_task.fetch_add(1)) < tasks.size();) {
            const Task& t = tasks[k];
            for (int c : t.prefix) search.visit(c);
            const std::uint64_t found = search.extend(t.prefix.back());
            for (auto it = t.prefix.rbegin(); it != t.prefix.rend(); ++it) search.leave(*it);
            {
                std::lock_guard<std::mutex> lock(merge);
                by_start[static_cast<std::size_t>(t.start)] += found;
            }
            if (search.stopped) {
                any_stopped = true;
                break;
            }
        }
        nodes += search.nodes;
        std::lock_guard<std::mutex> lock(merge);
        result.nodes += nodes;
    };
    // An exception must neither leave a worker thread (std::terminate) nor leave this function
    // with workers still joinable (the same): the first one is kept, the other workers take no
    // more tasks, and it is rethrown once all are joined.
    std::exception_ptr failure;
    auto guarded_worker = [&] {
        try {
            worker();
        } catch (...) {
            std::lock_guard<std::mutex> lock(merge);
            if (!failure) failure = std::current_exception();
            next_task = tasks.size();
        }
    };
    const int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(tasks.size())));
    std::vector<std::thread> threads;
    struct JoinAll {
        std::vector<std::thread>& threads;
        ~JoinAll() {
            for (auto& t : threads) t.join();
        }
    } join_all{threads};
    for (int j = 1; j < jobs; ++j) threads.emplace_back(guarded_worker);
    guarded_worker();
    for (auto& t : threads) t.join();
    threads.clear();
    if (failure) std::rethrow_exception(failure);

    result.interrupted = any_stopped.load();
    for (int c = 0; c < n; ++c) {
        const int r = representative_of[static_cast<std::size_t>(c)];
        if (r < 0) continue;
        result.per_start[static_cast<std::size_t>(c)] = by_start[static_cast<std::size_t>(r)];
        result.total += by_start[static_cast<std::size_t>(r)];
    }
    return result;
}

bool enumerate_tours(const JumpBoard& board, int start, const std::function<bool(const std::vector<int>&)>& on_tour,
                     const std::atomic<bool>* stop) {
    require_countable(board);
    if (start >= board.cells()) throw std::invalid_argument("start cell outside the board");
    BitSearch search(board);
    search.stop = stop;
    search.on_tour = &on_tour;
    for (int s = start < 0 ? 0 : start; s < (start < 0 ? board.cells() : start + 1); ++s) {
        search.visit(s);
        search.extend(s);
        search.leave(s);
        if (search.stopped) return false;
    }
    return true;
}

EstimateResult estimate_tours(const JumpBoard& board, std::uint64_t samples, std::uint64_t seed, int start,
                              const std::atomic<bool>* stop) {
    require_countable(board);
    if (start >= board.cells()) throw std::invalid_argument("start cell outside the board");
    EstimateResult result;
    BitSearch search(board);
    std::mt19937_64 random(seed);
    const int n = board.cells();
    double sum_tours = 0, sum_squares = 0, sum_nodes = 0;
    std::vector<int> path;
    for (std::uint64_t k = 0; k < samples; ++k) {
        if ((k & 0xff) == 0 && stop && stop->load(std::memory_order_relaxed)) {
            result.interrupted = true;
            break;
        }
        // One random descent: the start uniform over the n cells (or the given one), then a uniform choice among
        // the search's own next cells. The product of the numbers of choices is an unbiased
        // estimate of the tree's leaves below (Knuth 1975); counting only complete tours gives
        // one of the number of tours, and the partial products summed, of the number of nodes.
        double weight = start >= 0 ? 1 : n;
        int head = start >= 0 ? start : static_cast<int>(random() % static_cast<std::uint64_t>(n));
        search.visit(head);
        path.assign(1, head);
        double nodes = weight;
        while (search.unvisited) {
            const Mask next = search.next_cells(head);
            if (!next) break;
            const int choices = std::popcount(next);
            Mask m = next;
            for (int skip = static_cast<int>(random() % static_cast<std::uint64_t>(choices)); skip > 0; --skip) m &= m - 1;
            head = std::countr_zero(m);
            weight *= choices;
            nodes += weight;
            search.visit(head);
            path.push_back(head);
        }
        const double tours = search.unvisited ? 0.0 : weight;
        for (auto it = path.rbegin(); it != path.rend(); ++it) search.leave(*it);
        sum_tours += tours;
        sum_squares += tours * tours;
        sum_nodes += nodes;
        ++result.samples;
    }
    if (result.samples) {
        const double s = static_cast<double>(result.samples);
        result.tours = sum_tours / s;
        result.nodes = sum_nodes / s;
        const double variance = std::max(0.0, sum_squares / s - result.tours * result.tours);
        result.standard_error = std::sqrt(variance / s);
    }
    return result;
}

}  // namespace nl::jump
