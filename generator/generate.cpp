#include "generator/generate.hpp"

#include <set>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "generator/canonical.hpp"
#include "generator/grow.hpp"
#include "generator/layout.hpp"
#include "generator/shape.hpp"
#include "solver/search/wall_follower.hpp"

namespace nl::gen {

GenerateStatus generate_one(const GenerateOptions& o, std::uint64_t seed, const std::string& name, Generated& out) {
    const double start = seconds_now();
    Rng rng(seed);
    out = Generated{};
    out.seed = seed;
    ShapeOptions shape;
    shape.fill_all = o.fill_all;
    // On variant boards the layout's paths never run alongside themselves, whatever the rules
    // (as under strict rules; the puzzle is still proved unique under its own rules). A path
    // that touches itself can nearly always be rerouted under touch rules, most of all on hex
    // boards (every two neighbours share two neighbours), so the repair needs dozens of
    // uniqueness checks where untouching layouts need one to three (figures: docs/performance.md,
    // "Generator: untouching layouts on variant boards"). Plain boards keep touching layouts
    // under touch rules, so that a seed's puzzles stay reproducible.
    shape.touch = o.rules.touch && o.variant.variant == Variant::Square;
    shape.keep_empty = o.keep_empty && !o.rules.fill && !o.fill_all;
    shape.min_length = o.min_length;
    shape.min_paths = o.min_paths;
    shape.max_paths = o.max_paths;
    shape.interrupt = o.interrupt;
    shape.deadline = o.timeout > 0 ? start + o.timeout : 0;
    UniqueOptions uo;
    uo.repair = o.repair;
    uo.shape = shape;
    // A plain board is the same for every attempt; a variant's is drawn anew for each (a board
    // whose warps or bridges the growth keeps missing is not retried forever).
    const bool plain = o.variant.variant == Variant::Square;
    uo.stir_ends = plain;
    std::shared_ptr<const Board> board;
    const auto interrupted = [&o] { return o.interrupt && o.interrupt->load(); };
    for (;;) {
        if (interrupted()) return GenerateStatus::Interrupted;
        if (shape.deadline > 0 && seconds_now() > shape.deadline) return GenerateStatus::Timeout;
        if (out.attempts == o.max_attempts) return GenerateStatus::GaveUp;
        ++out.attempts;
        if (!board || !plain) board = std::make_shared<const Board>(variant_board(o.width, o.height, o.variant, rng, o.layers));
        Layout layout(board);
        if (!grow_paths(layout, rng, o.interrupt)) return GenerateStatus::Interrupted;
        if (!shape_layout(layout, rng, shape) || !uses_whole_board(layout)) continue;
        if (o.unique) {
            const UniqueOutcome u = make_unique(layout, o.rules, rng, uo, out.repair);
            if (u == UniqueOutcome::GiveUp) continue;
            if (u == UniqueOutcome::Timeout)
                return interrupted() ? GenerateStatus::Interrupted : GenerateStatus::Timeout;
            if (o.polish > 0) polish_unique(layout, o.rules, rng, uo, out.repair, o.polish);
            // The repair may have cut a path at a warp or regrown paths away from it.
            if (!uses_whole_board(layout)) {
                ++out.unused_board;
                continue;
            }
        }
        out.puzzle = puzzle_of(layout, o.rules, name);
        out.solution = solution_of(layout);
        const CheckResult check = check_solution(out.puzzle, out.solution, o.rules);
        if (!check.ok)
            throw InternalError("generate: puzzle " + name + " fails the checker with its own solution: " +
                                check.message);
        if (o.wall_budget > 0) {
            WallOptions wo;
            wo.max_boards = o.wall_budget;
            out.wall = wall_status_name(wall_follow(out.puzzle, o.rules, wo).status);
        }
        // A signal during the last steps (on a 1000x1000 board building and checking the puzzle
        // take 0.5 s, and writing it more): the caller stops now rather than write this one.
        if (interrupted()) return GenerateStatus::Interrupted;
        out.seconds = seconds_now() - start;
        return GenerateStatus::Ok;
    }
}

GenerateStatus generate_many(const GenerateOptions& o, std::uint64_t run_seed, int count,
                             const std::function<void(const Generated&)>& emit, int* duplicates) {
    std::set<std::vector<int>> seen;
    int made = 0, repeats = 0;  // repeats: duplicates in a row (a small board may have no more)
    for (std::uint64_t attempt = 0; made < count; ++attempt) {
        Generated g;
        const GenerateStatus s =
            generate_one(o, puzzle_seed(run_seed, attempt), "generated:" + std::to_string(made + 1), g);
        if (s != GenerateStatus::Ok) return s;
        if (!seen.insert(canonical_key(g.puzzle)).second) {
            if (duplicates) ++*duplicates;
            if (++repeats == o.max_duplicates) return GenerateStatus::Exhausted;
            continue;
        }
        repeats = 0;
        // Ctrl-C since the puzzle was made (the key above takes 0.2 s on 1000x1000): stop before
        // writing it, which would take seconds more.
        if (o.interrupt && o.interrupt->load()) return GenerateStatus::Interrupted;
        ++made;
        emit(g);
    }
    return GenerateStatus::Ok;
}

}  // namespace nl::gen
