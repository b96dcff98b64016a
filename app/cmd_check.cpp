// numberlink check: validate solutions against puzzles with the independent checker.
//
// Pairing: with SOLUTION omitted, each puzzle's own solution (level packs, JSON) is checked.
// Otherwise a one-puzzle file is checked against every solution in SOLUTION (an ADC answer file
// may hold alternatives), and a many-puzzle file against as many solutions, in order.
#include <nlohmann/json.hpp>

#include "app/cli.hpp"
#include "core/json.hpp"
#include "app/commands.hpp"
#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/quality.hpp"
#include "core/solution_match.hpp"
#include "solver/route/optimize.hpp"

namespace nl::app {

namespace {

struct Verdict {
    std::string name;      // puzzle name
    std::string solution;  // solution name ("" when embedded)
    CheckResult result;
    Quality quality;        // of a valid solution: length and bends, the ADC score's parts
    long lower_bound = -1;  // under no-fill rules: no solution is shorter (wire_lower_bound)
};

// A valid solution's length and bends, and under no-fill rules (where lengths differ) the
// lines' shortest routes as a lower bound: how far the answer is from the best possible.
Verdict measured(const Puzzle& p, Verdict v, const Solution& s) {
    if (!v.result.ok) return v;
    v.quality = solution_quality(p, s);
    if (!p.rules.fill) v.lower_bound = wire_lower_bound(p).length;
    return v;
}

void report(std::ostream& out, const Puzzle& p, const Verdict& v, bool json, bool quiet) {
    if (json) {
        nlohmann::ordered_json j;
        j["name"] = v.name;
        if (!v.solution.empty()) j["solution"] = v.solution;
        j["rules"] = rules_name(p.rules);
        j["valid"] = v.result.ok;
        if (v.result.ok) {
            j["length"] = v.quality.length;
            j["bends"] = v.quality.bends;
            if (v.lower_bound >= 0) j["length_lower_bound"] = v.lower_bound;
        } else {
            j["rule"] = v.result.rule;
            j["message"] = v.result.message;
            if (v.result.label != kNoLabel) j["label"] = p.labels[v.result.label].name;
            if (v.result.cell != kNoCell) {
                Coord q = p.coord(v.result.cell);
                j["cell"] = p.layers > 1 ? nlohmann::json::array({q.x, q.y, q.z})
                                         : nlohmann::json::array({q.x, q.y});
            }
        }
        out << json_line(j) << '\n';
        return;
    }
    if (quiet && v.result.ok) return;
    out << v.name;
    if (!v.solution.empty()) out << " (solution " << v.solution << ")";
    if (!v.result.ok) {
        out << ": invalid: " << v.result.message << '\n';
        return;
    }
    out << ": valid, length " << v.quality.length << ", bends " << v.quality.bends;
    if (v.lower_bound >= 0) out << ", lower bound " << v.lower_bound;
    out << '\n';
}

Verdict judge(const Puzzle& p, const SolutionText& text) {
    MatchedSolution m = match_solution(p, text);
    if (!m.problem.empty()) return {p.name, text.name, {false, "path", m.problem}, {}, -1};
    return measured(p, {p.name, text.name, check_solution(p, m.solution, p.rules), {}, -1}, m.solution);
}

}  // namespace

int run_check(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()("solution-format", po::value<std::string>()->value_name("FORMAT"),
                           "format of SOLUTION: ascii|stream|levelpack|intgrid|adc|json|paths "
                           "(default: detect)");
        add_common_options(desc, {"rules", "format", "output", "output-file", "quiet", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink check [options] PUZZLE [SOLUTION]",
                "Validates solutions under the rules and names the first problem of an invalid one.\n"
                "Without SOLUTION, the solutions the puzzle file carries (level packs, JSON) are checked.\n"
                "Exit 0 when all are valid, 1 when one is not, 2 on bad input.",
                {"rules", "format", "solution-format", "output", "output-file", "quiet", "help"},
                {"numberlink check puzzle.txt solution.txt",
                 "numberlink check --rules strict pack.txt   # the solutions the pack carries"},
                "Validates solutions under the rules: each path joins its two endpoints through "
            "adjacent\ncells, uses no cell twice, no blocked cell and no other label's endpoint; "
            "fill and touch\nrules as the preset says. Without SOLUTION, the solutions the "
            "puzzle file carries\n(level packs, JSON) are checked. Exit 0 when all are valid, 1 "
            "when one is not.\n--output text (default) or json."},
            desc, 1, 2);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "text";
        if (output != "text" && output != "json")
            throw UsageError("check --output takes text or json, not '" + output + "'");
        const bool json = output == "json", quiet = vm.count("quiet") > 0;
        const ReadOptions read{read_format_option(vm, "format"), read_rules_option(vm)};
        const auto puzzles = read_puzzles(parsed->files[0], read);

        std::vector<std::pair<const Puzzle*, Verdict>> verdicts;
        if (parsed->files.size() == 1) {
            for (const PuzzleEntry& e : puzzles) {
                if (!e.solution)
                    throw InputError(parsed->files[0], e.line,
                                     "puzzle " + e.puzzle.name +
                                         " carries no solution; give a SOLUTION file to check");
                verdicts.push_back({&e.puzzle, measured(e.puzzle, {e.puzzle.name, "", check_solution(e.puzzle, *e.solution, e.puzzle.rules), {}, -1},
                                                        *e.solution)});
            }
        } else {
            const auto solutions = read_solutions(parsed->files[1], read_format_option(vm, "solution-format"));
            if (puzzles.size() == 1) {
                for (const SolutionText& s : solutions) verdicts.push_back({&puzzles[0].puzzle, judge(puzzles[0].puzzle, s)});
            } else if (puzzles.size() == solutions.size()) {
                for (std::size_t i = 0; i < puzzles.size(); ++i)
                    verdicts.push_back({&puzzles[i].puzzle, judge(puzzles[i].puzzle, solutions[i])});
            } else {
                throw UsageError(parsed->files[0] + " holds " + std::to_string(puzzles.size()) +
                                 " puzzles but " + parsed->files[1] + " holds " +
                                 std::to_string(solutions.size()) + " solutions");
            }
        }
        Output out(vm.count("output-file") ? vm["output-file"].as<std::string>() : "");
        int valid = 0;
        for (const auto& [puzzle, verdict] : verdicts) {
            report(out.stream(), *puzzle, verdict, json, quiet);
            valid += verdict.result.ok;
        }
        const int invalid = static_cast<int>(verdicts.size()) - valid;
        if (!json) out.stream() << valid << " valid, " << invalid << " invalid\n";
        return out.finish(invalid ? kExitNegative : kExitOk, verdicts.size());
    });
}

}  // namespace nl::app
