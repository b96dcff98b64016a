// numberlink encode: write one puzzle's exact CNF as DIMACS, for any SAT solver.
//
// The CNF is exact (encode_exact: acyclicity by ordering, no speculation): every model decodes to
// a valid solution and every solution is a model, so an outside solver's SAT / UNSAT is an answer
// for the puzzle. `numberlink decode` turns the solver's output back into paths.
//
// The file is streamed (big ADC boards give hundreds of megabytes): to standard output as it is
// built, or to a temporary file renamed over -o FILE at the end, so a failure never leaves a
// partial FILE.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "core/errors.hpp"
#include "encoder/dimacs.hpp"

namespace nl::app {

namespace {

void write_file_atomically(const std::string& path, const Puzzle& p, const Encoding& e) {
    const std::string tmp = path + ".tmp." + std::to_string(getpid());
    try {
        auto buffer = std::make_unique<char[]>(1 << 20);
        std::ofstream out;
        out.rdbuf()->pubsetbuf(buffer.get(), 1 << 20);
        out.open(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw InputError(path, 0, "cannot write output file");
        write_dimacs(out, p, e);
        out.close();
        if (!out) throw InputError(path, 0, "cannot write output file");
        std::error_code ec;
        std::filesystem::rename(tmp, path, ec);
        if (ec) throw InputError(path, 0, "cannot write output file: " + ec.message());
    } catch (...) {
        std::remove(tmp.c_str());
        throw;
    }
}

}  // namespace

int run_encode(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()
            ("index", po::value<int>()->value_name("N"), "which puzzle of PUZZLE (1-based); required when it holds several")
            ("labels", po::value<std::string>()->value_name("CODE")->default_value("auto"),
             "label variables: auto|onehot|binary");
        add_common_options(desc, {"rules", "format", "output-file", "quiet", "help"});
        auto parsed = parse_command(
            args, "numberlink encode [options] PUZZLE",
            "Writes the exact CNF of one puzzle in DIMACS: every model is a valid solution under the\n"
            "rules and every solution is a model, so any SAT solver's SAT/UNSAT answers the puzzle.\n"
            "Solve it with any solver and read the answer back with 'numberlink decode' (same PUZZLE,\n"
            "--index, --rules and --labels). A file with several puzzles needs --index N.\n"
            "With -o FILE, the file is written atomically and a summary line goes to standard output\n"
            "(none with -q); without it the CNF goes to standard output.\n\n"
            "The comment header maps variables to the puzzle (0-based x y z; names escaped \\xHH):\n"
            "  c numberlink dimacs 1                         format version\n"
            "  c numberlink puzzle NAME WxHxD\n"
            "  c numberlink rules flow|nikoli|adc|strict\n"
            "  c numberlink coding onehot|binary K           K value variables per cell\n"
            "  c numberlink counts edges E labels L cells N\n"
            "  c numberlink label INDEX NAME x1 y1 z1 x2 y2 z2\n"
            "  c numberlink edge VAR x1 y1 z1 x2 y2 z2       true: consecutive on a path\n"
            "  c numberlink cell x y z BASE                  value variables BASE..BASE+K-1\n"
            "Edge variables are 1..E and decode a model alone: trace each label from its first\n"
            "terminal along true edges. One-hot: BASE+l true when the cell carries label l; binary:\n"
            "BASE+k is bit k (lowest first) of the label's index. Other variables are auxiliary.",
            desc, 1, 1);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        const auto coding = label_coding_from_name(vm["labels"].as<std::string>());
        if (!coding) throw UsageError("--labels takes auto, onehot or binary");
        const std::string& file = parsed->files[0];
        const auto entries = read_puzzles(file, {read_format_option(vm, "format"), read_rules_option(vm)});
        const Puzzle& p = pick_puzzle(entries, file, vm).puzzle;

        const auto start = std::chrono::steady_clock::now();
        const Encoding e = encode_exact(p, p.rules, *coding);
        if (!vm.count("output-file")) {
            write_dimacs(std::cout, p, e);
            std::cout.flush();
            if (!std::cout) throw InputError("<stdout>", 0, "write error");
            return int(kExitOk);
        }
        const std::string path = vm["output-file"].as<std::string>();
        write_file_atomically(path, p, e);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!vm.count("quiet")) {
            char time[32];
            std::snprintf(time, sizeof time, "%.3f", seconds);
            std::cout << p.name << ": " << e.cnf.num_vars << " variables (" << e.edges.size() << " edges), "
                      << e.cnf.num_clauses << " clauses, rules " << rules_name(e.rules) << ", labels "
                      << (e.coding == LabelCoding::Binary ? "binary" : "onehot") << " -> " << path << " ("
                      << time << " s)\n";
        }
        return int(kExitOk);
    });
}

}  // namespace nl::app
