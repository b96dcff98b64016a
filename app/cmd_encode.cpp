// numberlink encode: write one puzzle's exact CNF as DIMACS, for any SAT solver.
//
// The CNF is exact (encode_exact, no speculation): an outside solver's SAT / UNSAT is an answer
// for the puzzle, and `numberlink decode` turns its model back into paths. --exact models (the
// acyclicity ordering, needed only where empty cells are allowed) makes every model a solution
// and every solution a model, for counting; see Exactness in encoder/dimacs.hpp.
//
// The file is streamed (big ADC boards give hundreds of megabytes): to standard output as it is
// built, or through Output (app/output.hpp: a temporary file renamed over -o FILE at the end),
// so a failure or Ctrl-C never leaves a partial FILE (nor the temporary file).
//
// Size: one-hot labels on big boards explode (ADC 2017 Q08: 15.5 GB of text), so `encode`
// refuses a CNF above --max-size MB of text (default 2048) or one that cannot be built within
// --max-memory, before writing anything: first against lower bounds known before encoding
// (min_dimacs_bytes, min_cnf_literals), then against the exact size.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "core/errors.hpp"
#include "encoder/dimacs.hpp"
#include "solver/base/budget.hpp"

namespace nl::app {

namespace {

constexpr double kDefaultMaxSizeMb = 2048;

// A CNF over --max-size or --max-memory: reported, exit 1 (a limit reached, as for solve).
struct TooLarge : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string hint(const Puzzle& p, LabelCoding coding) {
    return resolve_coding(p, coding) == LabelCoding::OneHot && p.labels.size() > 2
               ? "; --labels binary makes much smaller CNFs"
               : "";
}

[[noreturn]] void too_large(const Puzzle& p, LabelCoding coding, const std::string& what) {
    std::string message = p.name;
    message += ": ";
    message += what;
    message += hint(p, coding);
    throw TooLarge(message);
}

std::string megabytes(std::uint64_t bytes) {
    char text[48];
    if (bytes < (1u << 20)) std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(bytes));
    else std::snprintf(text, sizeof text, "%.0f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

void print_summary(const Puzzle& p, const Encoding& e, const std::string& path,
                   std::chrono::steady_clock::time_point start) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", seconds);
    std::cout << p.name << ": " << e.cnf.num_vars << " variables (" << e.edges.size() << " edges), "
              << e.cnf.num_clauses << " clauses, rules " << rules_name(e.rules) << ", labels "
              << (e.coding == LabelCoding::Binary ? "binary" : "onehot") << " -> " << path << " (" << time << " s)\n";
}

}  // namespace

int run_encode(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()
            ("index", po::value<int>()->value_name("N"), "which puzzle of PUZZLE (1-based); required when it holds several")
            ("labels", po::value<std::string>()->value_name("CODE")->default_value("auto"),
             "label variables: auto|onehot|binary")
            ("exact", po::value<std::string>()->value_name("WHAT")->default_value("answer"),
             "answer: SAT/UNSAT is the puzzle's answer and every model decodes to a solution; models:\n"
             "also no model holds a detached loop, so models and solutions correspond one to one\n"
             "(differs only under nikoli/adc rules, where it adds the acyclicity ordering)")
            ("max-size", po::value<double>()->value_name("MB")->default_value(kDefaultMaxSizeMb),
             "refuse a CNF larger than this many megabytes of text (0: no limit)");
        add_common_options(desc, {"rules", "format", "max-memory", "output-file", "quiet", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink encode [options] PUZZLE",
                "Writes the exact CNF of one puzzle in DIMACS for any SAT solver: its SAT/UNSAT answers\n"
                "the puzzle, and 'numberlink decode' reads a model back as a checked solution.\n"
                "Exit 0, 1 when the CNF would be too large (nothing is written), 2 on bad input.",
                {"index", "rules", "labels", "exact", "max-size", "output-file", "quiet", "help"},
                {"numberlink encode puzzle.txt -o puzzle.cnf",
                 "cryptominisat5 puzzle.cnf > puzzle.model; numberlink decode puzzle.txt puzzle.model"},
                "Writes the exact CNF of one puzzle in DIMACS: any SAT solver's SAT/UNSAT answers the\n"
            "puzzle, and every model decodes to a valid solution under the rules. Solve it with any\n"
            "solver and read the answer back with 'numberlink decode' (same PUZZLE, --index, --rules,\n"
            "--labels and --exact). A file with several puzzles needs --index N.\n"
            "Where empty cells are allowed (nikoli, adc), a model of the default '--exact answer' CNF\n"
            "may also hold loops detached from every terminal, which decode drops; '--exact models'\n"
            "rules them out with an acyclicity ordering (models = solutions, for counting), at a\n"
            "large cost to solvers on big boards.\n"
            "With -o FILE, the file is written atomically and a summary line goes to standard output\n"
            "(none with -q); without it the CNF goes to standard output. A CNF above --max-size or\n"
            "--max-memory is refused before anything is written (exit 1); Ctrl-C exits 130 and\n"
            "leaves no FILE.\n\n"
            "The comment header maps variables to the puzzle (0-based x y z; names escaped \\xHH):\n"
            "  c numberlink dimacs 1                         format version\n"
            "  c numberlink puzzle NAME WxHxD\n"
            "  c numberlink rules flow|nikoli|adc|strict\n"
            "  c numberlink coding onehot|binary K           K value variables per cell\n"
            "  c numberlink exact answer|models\n"
            "  c numberlink counts edges E labels L cells N\n"
            "  c numberlink label INDEX NAME x1 y1 z1 x2 y2 z2\n"
            "  c numberlink edge VAR x1 y1 z1 x2 y2 z2       true: consecutive on a path\n"
            "  c numberlink cell x y z BASE                  value variables BASE..BASE+K-1\n"
            "  c numberlink lane x y z BASE                  the same for a bridge's vertical lane\n"
            "Edge variables are 1..E and decode a model alone: trace each label from its first\n"
            "terminal along true edges. One-hot: BASE+l true when the cell carries label l; binary:\n"
            "BASE+k is bit k (lowest first) of the label's index. Other variables are auxiliary."},
            desc, 1, 1);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        const auto coding = label_coding_from_name(vm["labels"].as<std::string>());
        if (!coding) throw UsageError("--labels takes auto, onehot or binary");
        const auto exactness = exactness_from_name(vm["exact"].as<std::string>());
        if (!exactness) throw UsageError("--exact takes answer or models");
        const std::string& file = parsed->files[0];
        const auto entries = read_puzzles(file, {read_format_option(vm, "format"), read_rules_option(vm)});
        const Puzzle& p = pick_puzzle(entries, file, vm).puzzle;

        const double max_size_mb = vm["max-size"].as<double>();
        if (!(max_size_mb >= 0)) throw UsageError("--max-size takes a number of megabytes (0: no limit)");
        const auto max_size = static_cast<std::uint64_t>(max_size_mb * 1024 * 1024);
        const std::size_t max_memory = read_max_memory_option(vm);
        const std::atomic<bool>& stop = interrupt_flag();
        try {
            if (max_size && min_dimacs_bytes(p, *coding) > max_size)
                too_large(p, *coding, "the CNF would take more than " + megabytes(min_dimacs_bytes(p, *coding)) +
                                 " of text, above --max-size " + megabytes(max_size));
            if (max_memory && min_cnf_literals(p, *coding) * sizeof(int) > max_memory)
                too_large(p, *coding, "building the CNF would take more than " +
                                 megabytes(min_cnf_literals(p, *coding) * sizeof(int)) + " of memory, above --max-memory " +
                                 megabytes(max_memory));
            const Budget budget = Budget::starting_now(0, &stop, max_memory);
            const auto start = std::chrono::steady_clock::now();
            const Encoding e = encode_exact(p, p.rules, *coding, *exactness, [&budget] { poll_budget(budget); });
            if (max_size && max_dimacs_bytes(p, e) > max_size)
                if (const std::uint64_t bytes = dimacs_bytes(p, e); bytes > max_size)
                    too_large(p, *coding, "the CNF takes " + megabytes(bytes) + " of text, above --max-size " +
                                              megabytes(max_size));
            const auto on_write = [&stop] {
                if (stop) throw Stopped(StopReason::Interrupted);
            };
            if (!vm.count("output-file")) {
                write_dimacs(std::cout, p, e, on_write);
                std::cout.flush();
                if (!std::cout) throw InputError("<stdout>", 0, "write error");
                return int(kExitOk);
            }
            const std::string path = vm["output-file"].as<std::string>();
            Output out(path);
            write_dimacs(out.stream(), p, e, on_write);
            const int code = out.finish(kExitOk, 1);
            if (!vm.count("quiet")) print_summary(p, e, path, start);
            return code;
        } catch (const TooLarge& e) {
            std::cerr << "numberlink: " << e.what() << '\n';
            return int(kExitNegative);
        } catch (const EncodingTooLarge& e) {
            std::cerr << "numberlink: " << p.name << ": " << e.what() << hint(p, *coding) << '\n';
            return int(kExitNegative);
        } catch (const Stopped& e) {
            if (e.reason == StopReason::Interrupted) {
                std::cerr << "numberlink: interrupted\n";
                return int(kExitInterrupted);
            }
            std::cerr << "numberlink: " << p.name << ": building the CNF went over --max-memory " << megabytes(max_memory)
                      << hint(p, *coding) << '\n';
            return int(kExitNegative);
        }
        return int(kExitOk);
    });
}

}  // namespace nl::app
