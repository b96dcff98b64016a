// Random Numberlink puzzles with their solutions (the union-find generator, see grow.hpp), shaped
// to the user's constraints (shape.hpp) and, on request, made uniquely solvable (unique.hpp),
// on a plain board or a Flow Free variant's (variant.hpp: hexagons, warps, bridges, shapes).
// Every puzzle returned has passed the checker with its solution; with `unique`, the exact
// counting engine has proved it has no other. On a variant board the solution also uses every
// warp and both lanes of every bridge (layouts that do not are grown again).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "core/puzzle.hpp"
#include "generator/unique.hpp"
#include "generator/variant.hpp"

namespace nl::gen {

struct GenerateOptions {
    int width = 7, height = 7;
    // Layers (ADC 2016-2018 style boards, plain squares only): every step of the growth walks the
    // board's graph, which joins each cell to the ones above and below it.
    int layers = 1;
    // Under no-fill rules (and without fill_all): the cells the growth leaves empty stay empty
    // instead of blocked, as on ADC boards (their format has no blocked cells). The command line
    // sets it for --size WxHxD.
    bool keep_empty = false;
    VariantOptions variant;     // the board: plain (default) or a variant's
    Rules rules;
    bool unique = false;
    bool fill_all = false;  // --no-blocked
    int min_length = 3;
    int min_paths = 1;
    int max_paths = 0;  // 0: no bound
    Repair repair = Repair::Cut;
    int polish = 0;             // with unique: uniqueness checks spent joining paths (polish_unique)
    double timeout = 0;         // seconds per puzzle (0: none)
    long wall_budget = 1000;    // boards for the wall follower's difficulty signal (0: not run)
    int max_attempts = 10000;   // layouts grown per puzzle before giving up (impossible constraints)
    int max_duplicates = 1000;  // duplicates in a row before giving up (no more distinct puzzles)
    std::atomic<bool>* interrupt = nullptr;
};

struct Generated {
    Puzzle puzzle;
    Solution solution;
    std::uint64_t seed = 0;  // of this puzzle's own random stream
    int attempts = 0;        // layouts grown (the last one became the puzzle)
    UniqueStats repair;      // summed over the attempts
    int unused_board = 0;    // unique layouts dropped: the repair left a warp or a bridge's lane unused
    std::string wall;        // the wall follower's status (solved, stuck, budget; "" when not run)
    double seconds = 0;
};

// GaveUp: no layout met the constraints in max_attempts; Exhausted: max_duplicates duplicates in
// a row (the board has no, or very few, further distinct puzzles).
enum class GenerateStatus { Ok, Timeout, Interrupted, GaveUp, Exhausted };

// One puzzle from its own seed (see puzzle_seed): grows layouts until one fits the options (and
// is unique, with `unique`). Throws InternalError if a puzzle fails the checker.
GenerateStatus generate_one(const GenerateOptions& options, std::uint64_t seed, const std::string& name,
                            Generated& out);

// `count` distinct puzzles (no two equal under the board's symmetries): puzzle attempt k uses
// puzzle_seed(run_seed, k), duplicates are skipped, and each accepted puzzle goes to `emit` in
// order. Returns Ok when all were made, else why it stopped.
GenerateStatus generate_many(const GenerateOptions& options, std::uint64_t run_seed, int count,
                             const std::function<void(const Generated&)>& emit, int* duplicates = nullptr);

}  // namespace nl::gen
