// The text records of solve, unique and count; see text_records.hpp.
#include "frontend/text_records.hpp"

#include <cstdio>

#include "core/json.hpp"
#include "core/quality.hpp"
#include "solver/count/count_json.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/pipeline/engine_json.hpp"

namespace nl::frontend {

std::string seconds_text(double s) {
    // snprintf: a string stream costs more than the search of a small board (callgrind).
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s);
    return text;
}

// The -q line's fields after --optimize: " length=L bends=B bound=LB", and with --prove
// " optimal=yes|no" (bound then the proved one). Named, so the six fixed fields stay as they are.
static std::string quality_fields(const Puzzle& p, const SolveOutcome& o) {
    const Quality q = solution_quality(p, o.result.solution);
    std::string text = " length=" + std::to_string(q.length) + " bends=" + std::to_string(q.bends);
    const auto& proof = o.result.length_proof;
    const long bound = proof ? proof->lower_bound : o.bound.length;
    if (bound >= 0) text += " bound=" + std::to_string(bound);
    if (proof) text += proof->optimal ? " optimal=yes" : " optimal=no";
    return text;
}

bool write_solve_text(std::ostream& out, std::ostream& err, const Puzzle& p, const SolveOutcome& o,
                      const SolveTextOptions& options) {
    const Format format = options.format;
    const bool quiet = options.quiet, stats = options.stats, color = options.color, cross_check = options.cross_check;
    const EngineResult& e = o.result;
    const SolveStats& s = e.sat_stats;
    const bool solved = o.error.empty() && e.status == Verdict::Solved;
    if (format == Format::Json) {
        out << json_line(solve_record(p, o, cross_check)) << '\n';
        return false;
    }
    if (quiet) {
        out << p.name << ' ' << solve_status(o) << ' ' << seconds_text(o.seconds) << ' ' << s.vars << ' '
            << s.clauses << ' ' << (e.engine.empty() ? "-" : e.engine);
        if (solved && last_attempt(e, "optimize")) out << quality_fields(p, o);
        out << '\n';
        return false;
    }
    // Machine formats (paths, levelpack, adc) stay pure on stdout: statuses of unsolved puzzles
    // go to stderr, solved ones print only their solution.
    // Which limit stopped the solve, when one did: the user can raise it.
    const std::string limit = e.status == Verdict::Limit ? s.limit_reason : "";
    if (format != Format::Grid) {
        if (!solved)
            err << p.name << ": " << solve_status(o) << " (" << seconds_text(o.seconds) << " s)"
                << (limit.empty() ? "" : ": " + limit) << "\n";
        if (solved) write_puzzle(out, format, p, &e.solution, {color});
        return false;
    }
    out << p.name << ": " << solve_status(o) << " (" << (e.engine.empty() ? "" : e.engine + ", ")
        << seconds_text(o.seconds) << " s)\n";
    if (!limit.empty()) out << "  limit: " << limit << "\n";
    if (solved && e.length_proof) {  // --prove: asked for, so shown without --stats
        const long length = solution_quality(p, e.solution).length;
        out << "  length " << length;
        if (e.length_proof->optimal)
            out << ", proved minimal\n";
        else
            out << ", lower bound " << e.length_proof->lower_bound << " (not proved minimal: gap "
                << length - e.length_proof->lower_bound << ")\n";
    }
    if (cross_check && o.error.empty()) {
        const Attempt* sat = last_attempt(e, "sat");
        const Attempt* wall = last_attempt(e, "wall");
        out << "  cross-check: sat " << (sat ? verdict_name(sat->verdict) : "") << ", wall "
            << (wall ? stat_word(*wall, "status") : "") << ", agree\n";
    }
    if (stats) out << attempts_text(e);
    if (stats && solved) {
        const Quality q = solution_quality(p, e.solution);
        out << "  length " << q.length << ", bends " << q.bends;
        if (o.bound.length >= 0) out << ", lower bound " << o.bound.length;
        if (o.bound.length_bends >= 0)
            out << " (length + bends: " << q.length + q.bends << ", lower bound " << o.bound.length_bends << ")";
        out << "\n";
    }
    if (stats && last_attempt(e, "sat"))  // SAT ran: its figures in full
        out << "  vars " << s.vars << ", clauses " << s.clauses << ", cycle cuts " << s.cycle_cuts << ", loops spliced " << s.loops_spliced << ", touch cuts " << s.touch_cuts
            << ", sat calls " << s.sat_calls << ", conflicts " << s.conflicts << ", speculation " << s.speculation
            << (s.speculation_stage.empty() ? "" : " (" + s.speculation_stage + ")") << ", encode "
            << seconds_text(s.encode_seconds) << " s, solve " << seconds_text(s.solve_seconds) << " s, forced edges "
            << s.forced_edges << ", dead edges " << s.dead_edges << "\n";
    if (stats && !s.unsolvable_reason.empty()) out << "  unsolvable: " << s.unsolvable_reason << "\n";
    return solved;
}


void write_unique_text(std::ostream& out, const Puzzle& p, const CountResult& r, bool quiet, bool color,
                       const std::string& picture) {
    const std::string verdict = unique_verdict(r);
    // Stopped with one solution found: say so and (unless -q) print it: a designer
    // learns the puzzle is solvable and that only its uniqueness is open.
    const bool one_found = r.timed_out && r.count == 1 && !r.solutions.empty();
    // With every solution without a U-turn found, what is left open is narrower:
    // "timeout (1 solution found, no second one yet; any other solution has a U-turn)".
    // None: how it was proved ("none (parity: ...)"), as solve's stats say it.
    std::string aside = one_found ? "1 solution found, no second one yet"
                        : verdict == "none" ? r.stats.unsolvable_reason
                                            : "";
    if (const std::string uturn = r.timed_out ? uturn_note(r) : ""; !uturn.empty())
        aside += (aside.empty() ? "" : "; ") + uturn;
    out << p.name << ": " << verdict << (aside.empty() ? "" : " (" + aside + ")") << '\n';
    if (!quiet && one_found) {
        out << "solution found:\n";
        write_puzzle(out, Format::Grid, p, &r.solutions[0], {color});
    }
    if (!quiet && verdict == "multiple") {
        for (int k = 0; k < 2; ++k) {
            out << "solution " << k + 1 << ":\n";
            write_puzzle(out, Format::Grid, p, &r.solutions[k], {color});
        }
        out << "differing cells:";
        const std::vector<CellId> differ = differing_cells(p, r.solutions[0], r.solutions[1]);
        // Possible with --distinct paths under touch-allowed rules: other paths, one colouring.
        if (differ.empty()) out << " none (the same colouring by other paths)";
        for (CellId c : differ) out << ' ' << format_cell(p, c);
        out << '\n';
        if (!picture.empty()) out << "picture: " << picture << '\n';
    }
}

void write_count_text(std::ostream& out, const Puzzle& p, const CountResult& r, bool all, bool quiet, bool color) {
    out << p.name << ": " << (r.capped || r.timed_out ? "at least " : "")
        << (r.count_text.empty() ? std::to_string(r.count) : r.count_text) << (r.count == 1 ? " solution" : " solutions");
    // Why it is a lower bound, and what it still proves: "at least 3 solutions
    // (timeout; 1 without a U-turn, all found)".
    std::string aside = r.timed_out ? stop_name(r.stop) : "";
    if (const std::string uturn = uturn_note(r); !uturn.empty()) aside += (aside.empty() ? "" : "; ") + uturn;
    if (!aside.empty()) out << " (" << aside << ")";
    out << '\n';
    if (all && !quiet)
        for (std::size_t k = 0; k < r.solutions.size(); ++k) {
            out << "solution " << k + 1 << ":\n";
            write_puzzle(out, Format::Grid, p, &r.solutions[k], {color});
        }
}

}  // namespace nl::frontend
