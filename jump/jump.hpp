// Jump tours (the jump puzzle): write 1..W*H into a W x H board so that each number is one
// "jump" from the previous one (by default 3 cells orthogonally or 2 cells diagonally) and no
// cell is used twice. A tour is a Hamiltonian path of the jump graph, whose vertices are the
// cells and whose edges are the jumps that stay on the board.
//
// Three questions, three searches:
//   count_tours      exact number of tours, in total and per start cell (boards of <= 64 cells:
//                    the visited set is one uint64), depth-first with dead-end pruning, one
//                    representative start per symmetry class, parallel over first moves;
//   enumerate_tours  every tour, in order (same search, one thread);
//   find_tour        one tour of a board of any size: Warnsdorff's most-constrained-next order
//                    with backtracking (complete, so "none" is exact), restarted per start cell
//                    with growing node budgets so one bad start cannot trap it.
// Every tour any caller prints goes through is_jump_tour first.
//
// Cells are numbered y * width + x (x = column, 0-based, as everywhere in numberlink).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nl::jump {

struct Offset {
    int dx = 0, dy = 0;
    friend bool operator==(const Offset&, const Offset&) = default;
};

// A board and its moves. `moves` holds every (dx, dy) a jump may take, already expanded.
struct JumpBoard {
    int width = 0, height = 0;
    std::vector<Offset> moves;
    int cells() const { return width * height; }
};

inline constexpr int kMaxCountCells = 64;    // count_tours / enumerate_tours: one uint64
inline constexpr int kMaxSide = 1000;        // find_tour: any side up to this
inline constexpr int kMaxOffset = 100;       // |dx|, |dy| in --moves

// Every sign and swap variant of the given offsets, without duplicates, sorted: (3,0) gives
// (+-3,0) and (0,+-3). So every move set built this way is symmetric under the 8 symmetries of
// the square.
std::vector<Offset> expand_moves(const std::vector<Offset>& base);
// The jump puzzle's own moves: 3 cells orthogonally, 2 cells diagonally.
std::vector<Offset> default_moves();
// "3,0:2,2" -> {(3,0), (2,2)}; nullopt on bad syntax, a (0,0) offset or |d| > kMaxOffset.
std::optional<std::vector<Offset>> parse_moves(const std::string& text);

// neighbours[c]: the cells one jump from c, in the order of board.moves.
std::vector<std::vector<int>> jump_neighbours(const JumpBoard& board);

// Does `tour` visit every cell exactly once, each step one of board.moves? The check every
// printed tour passes.
bool is_jump_tour(const JumpBoard& board, const std::vector<int>& tour);

// The symmetries of the rectangle (index 0..7: 0 identity; 1-3 rotations by 90, 180, 270
// degrees; 4-7 reflections), restricted to those that exist for the board's shape (all 8 on a
// square, {identity, 180 degrees, two mirrors} on a rectangle) and that map the move set to
// itself (always true for expand_moves sets; checked anyway so a future asymmetric move set
// cannot produce wrong weights).
std::vector<int> board_symmetries(const JumpBoard& board);
int map_cell(const JumpBoard& board, int symmetry, int cell);

struct CountOptions {
    int jobs = 1;
    bool use_symmetry = true;                 // false: every start searched (the tests' check)
    int start = -1;                           // >= 0: only tours from this cell
    const std::atomic<bool>* stop = nullptr;  // raised: stop soon, result marked interrupted
};

struct CountResult {
    std::uint64_t total = 0;
    std::vector<std::uint64_t> per_start;  // per cell; with a fixed start, zero elsewhere
    int searched_starts = 0;               // start cells actually searched (class representatives)
    std::uint64_t nodes = 0;               // search nodes visited
    bool interrupted = false;              // then the counts are partial (lower bounds)
};

// Exact counts; throws std::invalid_argument for boards over kMaxCountCells cells.
CountResult count_tours(const JumpBoard& board, const CountOptions& options);

// Calls on_tour for every tour (from `start`, or from every cell in order when start < 0) until
// it returns false or `stop` is raised. Returns false when stopped early by either.
bool enumerate_tours(const JumpBoard& board, int start, const std::function<bool(const std::vector<int>&)>& on_tour,
                     const std::atomic<bool>* stop);

// Knuth's estimator (Knuth 1975, "Estimating the efficiency of backtrack programs") on the
// counting search's own tree: `samples` random root-to-leaf descents, each weighted by the
// product of the numbers of choices along it. Unbiased for the number of tours and of search
// nodes; for boards too large to count exactly (7x7). Deterministic for a given seed.
struct EstimateResult {
    double tours = 0, standard_error = 0;  // estimate of the total number of tours, its error
    double nodes = 0;                      // estimate of the counting search's nodes (no symmetry)
    std::uint64_t samples = 0;
    bool interrupted = false;
};
// With start >= 0, only the tours (and nodes) below that start cell.
EstimateResult estimate_tours(const JumpBoard& board, std::uint64_t samples, std::uint64_t seed, int start,
                              const std::atomic<bool>* stop);

struct FindResult {
    std::optional<std::vector<int>> tour;  // checked by is_jump_tour
    bool interrupted = false;              // no tour and stopped: don't know
    std::uint64_t nodes = 0;
};

// One tour (from `start`, or from any cell when start < 0). No tour and not interrupted means
// the search was exhaustive: there is none.
FindResult find_tour(const JumpBoard& board, int start, const std::atomic<bool>* stop);

}  // namespace nl::jump
