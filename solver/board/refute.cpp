// The refutations before every other stage; see refute.hpp.
#include "solver/board/refute.hpp"

#include <functional>

#include "solver/board/crossing.hpp"
#include "solver/board/cuts.hpp"
#include "solver/board/parity.hpp"

namespace nl {

namespace {

// One board argument as an attempt: `unsolvable` with the argument's reason, or `unknown` with
// `checked` set, so that SAT does not run the argument again.
template <class Argument>
Attempt board_argument(const char* engine, const Budget& budget, bool& checked, Argument argument) {
    Attempt a;
    a.engine = engine;
    a.verdict = Verdict::Unknown;
    const std::function<void()> poll = [&budget] { poll_budget(budget); };
    if (std::optional<std::string> why = argument(poll)) {
        a.verdict = Verdict::Unsolvable;
        a.reason = *why;
        return a;
    }
    checked = true;
    return a;
}

}  // namespace

Attempt refute_by_parity(const Puzzle& p, Rules rules, const Budget& budget, BoardFacts& facts) {
    return board_argument("parity", budget, facts.parity_checked,
                          [&](const std::function<void()>& poll) { return unsolvable_by_parity(p, rules, poll); });
}

Attempt refute_by_crossing(const Puzzle& p, const Budget& budget, BoardFacts& facts) {
    return board_argument("crossing", budget, facts.crossing_checked,
                          [&](const std::function<void()>& poll) { return lines_must_cross(p, poll); });
}

Attempt refute_by_cuts(const Puzzle& p, const Budget& budget, BoardFacts& facts) {
    return board_argument("cuts", budget, facts.cuts_checked,
                          [&](const std::function<void()>& poll) { return too_many_lines_across(p, poll); });
}

Attempt refute_board(const Puzzle& p, Rules rules, const RefuteLimits& limits, const Budget& budget,
                     BoardFacts& facts) {
    Attempt a;
    a.engine = "refute";
    a.verdict = Verdict::Unknown;
    const auto poll = [&budget] { poll_budget(budget); };
    const long open = p.cell_count();
    poll_budget(budget);  // each pass below is a walk over the board, with tables its size
    p.adjacency(poll);    // the graph they walk, built (on a huge board, a pass) under the poll
    if (p.bridges.empty() && static_cast<long>(p.labels.size()) * open <= limits.slack_max_work) {
        facts.slack = board_slack(p);
        if (facts.slack->disconnected) {
            a.verdict = Verdict::Unsolvable;
            a.reason = "a line's ends are joined only through another line's end";
            a.add("rule", std::string("shortest routes"));
            return a;
        }
        a.add("slack", facts.slack->slack);
        if (facts.slack->known && facts.slack->slack < 0) {
            a.verdict = Verdict::Unsolvable;
            a.reason = "the lines' shortest routes need " + std::to_string(-facts.slack->slack) +
                       " more cells than the board has";
            a.add("rule", std::string("shortest routes"));
            return a;
        }
    }
    poll_budget(budget);
    if (open <= limits.presolve_max_cells) {
        // Under no-fill rules the regions pass (a walk over every usable edge, half of
        // presolve's time) refutes nothing: a region no line reaches is left empty, not a
        // contradiction. It only finds the regions SAT solves apart, so here it is left out, and
        // SAT presolves in full when its turn comes; most no-fill boards are routed before it.
        PresolveRules which;
        which.regions = rules.fill;
        Presolved pre = presolve(p, rules, which, poll);
        a.add("forced_edges", pre.forced.size()).add("dead_edges", pre.dead.size());
        if (pre.unsolvable) {
            a.verdict = Verdict::Unsolvable;
            a.reason = *pre.unsolvable;
            a.add("rule", std::string("presolve"));
        }
        if (which.regions) facts.presolved = std::move(pre);
    }
    return a;
}

}  // namespace nl
