// numberlink info: what each puzzle is (size, layers, labels, blocked cells, rules).
#include <algorithm>
#include <iostream>

#include "app/batch_input.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"

namespace nl::app {

int run_info(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        add_common_options(desc, {"rules", "format", "output", "output-file", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink info [options] FILE...",
                "Prints the size, layers, labels, blocked cells, variant parts and rules of every\n"
                "puzzle. Exit 0, or 2 when a file cannot be read.",
                {"rules", "format", "output", "output-file", "help"},
                {"numberlink info puzzle.txt",
                 "numberlink info --output json pack.txt"},
                "Prints the size, layers, labels, blocked cells, variant parts and rules of every "
                                    "puzzle.\n--output text (default) or json (one object per puzzle)."},
            desc, 1, 1 << 20);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "text";
        if (output != "text" && output != "json")
            throw UsageError("info --output takes text or json, not '" + output + "'");
        const ReadOptions read{read_format_option(vm, "format"), read_rules_option(vm)};
        Output out(vm.count("output-file") ? vm["output-file"].as<std::string>() : "");
        // One puzzle built at a time; a puzzle that cannot be read is reported in its place.
        PuzzleStream stream(parsed->files, read);
        return run_batch_inline(stream, out, output == "json" ? Format::Json : Format::Ascii, [&](const PuzzleEntry& e) {
            const Puzzle& p = e.puzzle;
            if (output == "json") {
                write_puzzle(out.stream(), Format::Json, p, e.solution ? &*e.solution : nullptr);
                return;
            }
            const auto blocked = std::count(p.blocked.begin(), p.blocked.end(), kCellBlocked);
            const auto outside = std::count(p.blocked.begin(), p.blocked.end(), kCellOutside);
            out.stream() << p.name << ": " << p.width << 'x' << p.height;
            if (p.layers > 1) out.stream() << 'x' << p.layers;
            if (p.geometry == Geometry::Hex) out.stream() << " hex";
            out.stream() << ", " << p.labels.size() << " labels, " << blocked << " blocked";
            // Variants only when present, so a plain board's line stays short.
            if (outside) out.stream() << ", " << outside << " outside";
            if (!p.vias.empty()) out.stream() << ", " << p.vias.size() << " vias";
            if (!p.warps.empty()) out.stream() << ", " << p.warps.size() << (p.warps.size() == 1 ? " warp" : " warps");
            if (!p.walls.empty()) out.stream() << ", " << p.walls.size() << (p.walls.size() == 1 ? " wall" : " walls");
            if (!p.bridges.empty())
                out.stream() << ", " << p.bridges.size() << (p.bridges.size() == 1 ? " bridge" : " bridges");
            out.stream() << ", rules " << rules_name(p.rules) << ", format " << format_name(stream.format())
                         << (e.solution ? ", with solution" : "") << '\n';
        });
    });
}

}  // namespace nl::app
