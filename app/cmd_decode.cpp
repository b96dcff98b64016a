// numberlink decode: turn a SAT solver's answer to an exported CNF back into a checked solution.
//
// The puzzle is encoded again exactly as `encode` did (encode_exact, same --index, --rules,
// --labels, --exact), the answer is read (decoder/model_reader.hpp) and judged in this order:
//  - UNSATISFIABLE: the puzzle is unsolvable (the CNF is exact); UNKNOWN: no answer. Exit 1.
//  - a model that is not one of this CNF (variables missing or beyond the CNF, a falsified
//    clause): bad input, exit 2; it answers another puzzle or other options.
//  - a model of this CNF whose edges do not form valid paths (a broken path, a detached loop where
//    the CNF rules them out, a checker failure): the encoding is wrong, an internal error naming
//    the puzzle, exit 70. It is never printed as a solution. Detached loops of an '--exact
//    answer' CNF (empty cells allowed) are dropped: see Exactness in encoder/dimacs.hpp.
// Only then is the solution printed, in the --output format alone (no status line), so that it
// can be given to `numberlink check`.
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "decoder/decode.hpp"
#include "decoder/model_reader.hpp"
#include "encoder/dimacs.hpp"

namespace nl::app {

namespace {

std::string describe(const Puzzle& p, const Encoding& e) {
    return "the CNF of " + p.name + " (rules " + rules_name(e.rules) + ", labels " +
           (e.coding == LabelCoding::Binary ? "binary" : "onehot") + ")";
}

// Throws InputError unless `m` assigns every variable of the CNF and satisfies every clause.
void require_model_of(const Model& m, const std::string& file, const Puzzle& p, const Encoding& e) {
    const std::string hint = ": it is not an answer to that CNF (encode and decode need the same PUZZLE, --index, "
                             "--rules, --labels and --exact)";
    const auto why = model_mismatch(m, e.cnf);
    if (!why) return;
    if (why->unassigned)
        throw InputError(file, 0,
                         "the model leaves " + std::to_string(why->unassigned) + " of the " +
                             std::to_string(e.cnf.num_vars) + " variables of " + describe(p, e) +
                             " unassigned (first: " + std::to_string(why->first_unassigned) + ")" + hint);
    throw InputError(file, 0, "the model falsifies clause " + std::to_string(why->falsified_clause) + " of " +
                                  describe(p, e) + hint);
}

void print_status(std::ostream& out, const Puzzle& p, Format format, const std::string& status,
                  const std::string& text) {
    if (format == Format::Json) {
        auto j = puzzle_json(p, nullptr);
        j["status"] = status;
        out << json_line(j) << '\n';
    } else {
        out << p.name << ": " << text << '\n';
    }
}

}  // namespace

int run_decode(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()
            ("index", po::value<int>()->value_name("N"), "which puzzle of PUZZLE (1-based), as given to encode")
            ("labels", po::value<std::string>()->value_name("CODE")->default_value("auto"),
             "label variables: auto|onehot|binary, as given to encode")
            ("exact", po::value<std::string>()->value_name("WHAT")->default_value("answer"),
             "answer|models, as given to encode");
        add_common_options(desc, {"rules", "format", "output", "color", "output-file", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink decode [options] PUZZLE MODEL",
                "Reads a SAT solver's answer (MODEL, '-' for standard input) to the CNF 'numberlink\n"
                "encode' wrote for PUZZLE, and prints the solution once the checker has passed it. Give\n"
                "the same --index, --rules, --labels and --exact as to encode.\n"
                "Exit 0 solved, 1 unsolvable or unknown, 2 on bad input, 70 when the model does not\n"
                "decode to a valid solution.",
                {"index", "rules", "labels", "exact", "output", "output-file", "help"},
                {"numberlink decode puzzle.txt puzzle.model",
                 "cadical puzzle.cnf | numberlink decode puzzle.txt -"},
                "Reads a SAT solver's answer (MODEL, '-' for standard input) to the CNF that 'numberlink\n"
            "encode' wrote for PUZZLE, and prints the solution once the independent checker passed\n"
            "it. Give the same --index, --rules, --labels and --exact as to encode. Loops detached\n"
            "from every terminal, which an '--exact answer' CNF allows where cells may stay empty,\n"
            "are dropped. MODEL: SAT competition\n"
            "output ('s SATISFIABLE', 'v' lines; CryptoMiniSat, Kissat, CaDiCaL) or a MiniSat result\n"
            "file ('SAT' and a line of literals). --output grid (default) | paths | adc | levelpack |\n"
            "json: only the solution is printed, ready for 'numberlink check'.\n"
            "Exit 0: solved; 1: UNSATISFIABLE (prints 'unsolvable') or UNKNOWN (prints 'unknown');\n"
            "2: bad input, including an answer to another CNF; 70: the model does not decode to a\n"
            "valid solution (an encoding bug; never printed as solved)."},
            desc, 2, 2);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        const Format format = read_output_option(vm, Format::Grid);
        if (format == Format::Ascii || format == Format::Stream || format == Format::Intgrid ||
            format == Format::Puzzlink)
            throw UsageError("decode --output takes grid, paths, levelpack, adc or json");
        const auto coding = label_coding_from_name(vm["labels"].as<std::string>());
        if (!coding) throw UsageError("--labels takes auto, onehot or binary");
        const auto exactness = exactness_from_name(vm["exact"].as<std::string>());
        if (!exactness) throw UsageError("--exact takes answer or models");
        const std::string& file = parsed->files[0];
        const std::string& model_file = parsed->files[1];
        const auto entries = read_puzzles(file, {read_format_option(vm, "format"), read_rules_option(vm)});
        const Puzzle& p = pick_puzzle(entries, file, vm).puzzle;
        const Encoding e = encode_exact(p, p.rules, *coding, *exactness);
        const Model model = read_model(model_file, e.cnf.num_vars);

        Output out(vm.count("output-file") ? vm["output-file"].as<std::string>() : "");
        if (model.status != ModelStatus::Sat) {
            const bool unsat = model.status == ModelStatus::Unsat;
            print_status(out.stream(), p, format, unsat ? "unsolvable" : "unknown",
                         unsat ? "unsolvable" : "unknown (the solver gave no answer: timeout or limit)");
            return out.finish(kExitNegative, 1);
        }
        require_model_of(model, model_file, p, e);
        std::vector<char> edge_on(e.edges.size());
        for (std::size_t i = 0; i < e.edges.size(); ++i) edge_on[i] = model.value(e.edges[i].var);
        Decoded d = decode_edges(p, e, edge_on);
        if (!d.problem.empty()) throw InternalError(p.name + ": the model does not decode: " + d.problem);
        if (!d.loops.empty() && e.acyclic)
            throw InternalError(p.name + ": the model has " + std::to_string(d.loops.size()) +
                                " detached loop(s), the first through " + format_cell(p, d.loops[0][0]));
        const CheckResult check = check_solution(p, d.solution, p.rules);
        if (!check.ok) throw InternalError(p.name + ": the checker rejected the decoded model: " + check.message);

        if (format == Format::Json) {
            auto j = puzzle_json(p, &d.solution);
            j["status"] = "solved";
            out.stream() << json_line(j) << '\n';
        } else {
            const bool color = format == Format::Grid && read_color_option(vm, out.to_terminal());
            write_puzzle(out.stream(), format, p, &d.solution, {color});
        }
        return out.finish(kExitOk, 1);
    });
}

}  // namespace nl::app
