// Turns the grown paths into a puzzle's solution that meets the user's constraints: every path
// at least `min_length` cells, the number of paths within bounds, and the cells the growth left
// empty either blocked (the union-find generator's way) or, with `fill_all`, absorbed into
// paths so every cell is covered (Flow Free style). Every step keeps the paths simple, disjoint and, under no-touch
// rules, free of self-touching.
#pragma once

#include <atomic>

#include "generator/layout.hpp"

namespace nl::gen {

struct ShapeOptions {
    bool fill_all = false;  // no blocked cells: every cell on a path
    bool keep_empty = false;  // cells no path covers stay empty (no-fill rules) instead of blocked
    bool touch = true;      // may a path run alongside itself (rules.touch)
    int min_length = 3;     // cells per path
    int min_paths = 1;
    int max_paths = 0;      // 0: no upper bound
    // When to stop: a set flag or a passed deadline (seconds_now(), 0: none). Checked while the
    // ends are stirred (the one shaping step that can run long on a big board; shape_layout then
    // gives up, and generate_one, which checks both between layouts, stops) and by the
    // uniqueness checks of generator/unique.hpp.
    std::atomic<bool>* interrupt = nullptr;
    double deadline = 0;
};

double seconds_now();  // the steady clock in seconds: what ShapeOptions::deadline is measured on

// Returns false when this layout cannot be shaped (the caller grows a new one).
bool shape_layout(Layout& layout, Rng& rng, const ShapeOptions& options);

// Two paths whose ends are neighbours: a_end of path a next to b_end of path b (a < b).
struct EndPair {
    int a;
    CellId a_end;
    int b;
    CellId b_end;
};
std::vector<EndPair> neighbouring_ends(const Layout& layout);  // each pair once, in a fixed order
// Joins the pair into one path (path numbers change), unless under no-touch rules (`touch`
// false) the result would run alongside itself.
bool merge_pair(Layout& layout, const EndPair& pair, bool touch);

// End moves (generator/end_moves.hpp) until two paths can be joined without either touching
// itself, and joins them; false when its budget of moves found no such join, or on the
// options' interrupt or deadline (the layout is then stirred but still sound).
bool stir_until_ends_meet(Layout& layout, Rng& rng, const ShapeOptions& options);

// Splits path `path` between positions `at` and `at + 1`; the second piece becomes a new path
// (appended). Used by shaping and by the uniqueness repair.
void split_path(Layout& layout, int path, std::size_t at);

}  // namespace nl::gen
