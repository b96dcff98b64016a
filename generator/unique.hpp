// Making a generated puzzle uniquely solvable, proved with the exact counting engine
// (solver/count/count.hpp: "at most one more solution?" is answered without speculation).
//
// Repair: when the puzzle has a second solution B besides the layout's own A, every edge of A
// that B does not use is a place to cut: splitting A's path there turns both cells of the edge
// into terminals, so B (where those cells are inner cells of a path) is no longer a solution,
// while A (with the path in two pieces) still is. The cells where A and B differ form separate
// regions; one cut per region removes each local ambiguity in the same round. Cuts keep both
// pieces at least min_length long. Where the layout's paths are too short to cut, the paths
// crossing the differing cells are removed and grown again (the union-find growth on those
// cells only), which keeps the work done elsewhere on the board. The alternative, regenerating the
// whole layout at every second solution, is kept as an option for comparison (README: "generate").
#pragma once

#include <atomic>

#include "core/puzzle.hpp"
#include "generator/layout.hpp"
#include "generator/shape.hpp"

namespace nl::gen {

enum class Repair { Cut, Regenerate };

struct UniqueOptions {
    Repair repair = Repair::Cut;
    // Constraints kept by cuts and regrown paths; its interrupt flag and deadline (seconds of
    // the steady clock, see seconds_now(); 0: none) also stop the uniqueness checks.
    ShapeOptions shape;
    // May polish_unique stir the ends (end moves) once no join as they lie keeps the puzzle
    // unique? generate_one allows it on plain square boards only: on hex boards the checks of
    // the longer paths it makes take about a second each (14x14 hex, --polish 100: 34 -> 18 paths
    // but 0.09 -> 45.8 s a board), and warps and bridges must stay in use.
    bool stir_ends = true;
};

enum class UniqueOutcome { Unique, GiveUp, Timeout };

struct UniqueStats {
    int checks = 0;  // exact "is there another solution?" questions asked
    int cuts = 0;    // paths split by the repair
    int regrown = 0; // regions whose paths were grown again
    int merges = 0;  // paths joined by polish_unique
};

// Repeats "count up to two solutions; if two, cut" until the layout's puzzle is unique.
UniqueOutcome make_unique(Layout& layout, Rules rules, Rng& rng, const UniqueOptions& options,
                          UniqueStats& stats);

// Polish (--polish): on a unique layout, joins paths whose ends are neighbours, keeping each join
// that leaves the puzzle unique (fewer, longer paths: closer to hand-made puzzles), for at most
// `tries` uniqueness checks. Returns the number of joins kept. Stops early, keeping the last
// unique layout, when time runs out.
int polish_unique(Layout& layout, Rules rules, Rng& rng, const UniqueOptions& options, UniqueStats& stats,
                  int tries);

}  // namespace nl::gen
