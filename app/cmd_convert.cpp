// numberlink convert: rewrite puzzles (and any solution they carry) in another format.
#include <iostream>

#include "app/batch_input.hpp"
#include "app/cli.hpp"
#include "core/puzzle_stream.hpp"
#include "app/commands.hpp"
#include "core/errors.hpp"

namespace nl::app {

int run_convert(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        // The names from the one list in core/formats.hpp (a hand-written copy here had drifted).
        const std::string to_help = "output format: " + help_list(kWriteFormatNames);
        desc.add_options()("to", po::value<std::string>()->value_name("FORMAT"), to_help.c_str())(
            "puzzle-only", "drop the solution a puzzle carries (level packs, JSON)");
        add_common_options(desc, {"rules", "format", "color", "output-file", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink convert --to FORMAT [options] FILE...",
                "Rewrites every puzzle of every FILE, and the solutions it carries, in another format.\n"
                "Exit 0, or 2 when a file cannot be read or the format cannot hold a puzzle.",
                {"to", "puzzle-only", "rules", "format", "output-file", "help"},
                {"numberlink convert --to ascii pack.txt",
                 "numberlink convert --to json --puzzle-only -o puzzles.json pack.txt"},
                "Converts every puzzle of every FILE. A solution carried by the input (level packs, "
            "JSON)\nis converted too, unless --puzzle-only. The adc format writes an answer when "
            "there is a\nsolution and a problem otherwise; levelpack and paths need a solution."},
            desc, 1, 1 << 20);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        if (!vm.count("to")) throw UsageError("convert needs --to FORMAT");
        const auto to = format_from_name(vm["to"].as<std::string>());
        if (!to) throw UsageError("unknown format '" + vm["to"].as<std::string>() + "' (" +
                                  std::string(kWriteFormatNames) + ")");
        const ReadOptions read{read_format_option(vm, "format"), read_rules_option(vm)};
        Output out(vm.count("output-file") ? vm["output-file"].as<std::string>() : "", /*stream_stdout=*/true);
        const bool color = *to == Format::Grid && read_color_option(vm, out.to_terminal());
        bool first = true;
        // One puzzle built at a time; one that cannot be read is reported on stderr and skipped
        // (no record in the converted output, which must read back as puzzles: Format::Ascii).
        PuzzleStream stream(parsed->files, read);
        return run_batch_inline(stream, out, Format::Ascii, [&](const PuzzleEntry& e) {
            const Solution* solution = e.solution && !vm.count("puzzle-only") ? &*e.solution : nullptr;
            write_separator(out.stream(), *to, first);
            first = false;
            try {
                write_puzzle(out.stream(), *to, e.puzzle, solution, {color});
            } catch (const ModelError& err) {
                throw ModelError(e.puzzle.name + ": cannot write as " + format_name(*to) + ": " +
                                 err.what());
            }
            out.flush();
        });
    });
}

}  // namespace nl::app
