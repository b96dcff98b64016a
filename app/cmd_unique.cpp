// numberlink unique: does each puzzle have exactly one solution under the rules?
#include <iostream>

#include "app/commands.hpp"
#include "app/counting.hpp"
#include "core/json.hpp"

namespace nl::app {

namespace {

nlohmann::ordered_json paths_json(const Puzzle& p, const Solution& s) {
    nlohmann::ordered_json paths = nlohmann::ordered_json::object();
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        nlohmann::ordered_json cells = nlohmann::ordered_json::array();
        for (CellId c : s.paths[l]) cells.push_back(cell_json(p, c));
        paths[p.labels[l].name] = std::move(cells);
    }
    return paths;
}

}  // namespace

int run_unique(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        add_counting_options(desc);
        auto parsed = parse_command(
            args, "numberlink unique [options] PUZZLE...",
            "Says for every puzzle whether it has exactly one solution under the rules: unique,\n"
            "multiple (two solutions are printed with the cells where they differ) or none; timeout\n"
            "when --timeout ran out first. Exact: solutions differ when their paths differ.\n"
            "--output grid (default) or json ('verdict', and for multiple 'solutions' and\n"
            "'differing_cells'). Exit 0 when every puzzle is unique, 1 otherwise.",
            desc, 1, 1 << 20);
        if (!parsed) return int(kExitOk);
        Output out(parsed->vm.count("output-file") ? parsed->vm["output-file"].as<std::string>() : "", true);
        const CountingRun run = read_counting_run(*parsed, 2, out.to_terminal());
        int not_unique = 0;
        for (const PuzzleEntry& e : run.entries) {
            const Puzzle& p = e.puzzle;
            const CountResult r = count_puzzle(p, run);
            const std::string verdict = r.count >= 2 ? "multiple" : r.timed_out ? "timeout" : r.count == 1 ? "unique" : "none";
            not_unique += verdict != "unique";
            if (run.output == Format::Json) {
                auto j = puzzle_json(p, nullptr);
                j["verdict"] = verdict;
                j["engine"] = run.engine;
                j["seconds"] = r.stats.solve_seconds;
                if (verdict == "unique") j["paths"] = paths_json(p, r.solutions[0]);
                if (verdict == "multiple") {
                    j["solutions"] = {paths_json(p, r.solutions[0]), paths_json(p, r.solutions[1])};
                    auto cells = nlohmann::ordered_json::array();
                    for (CellId c : differing_cells(p, r.solutions[0], r.solutions[1])) cells.push_back(cell_json(p, c));
                    j["differing_cells"] = std::move(cells);
                }
                out.stream() << j.dump() << '\n';
            } else {
                out.stream() << p.name << ": " << verdict << '\n';
                if (!run.quiet && verdict == "multiple") {
                    for (int k = 0; k < 2; ++k) {
                        out.stream() << "solution " << k + 1 << ":\n";
                        write_puzzle(out.stream(), Format::Grid, p, &r.solutions[k], {run.color});
                    }
                    out.stream() << "differing cells:";
                    for (CellId c : differing_cells(p, r.solutions[0], r.solutions[1])) out.stream() << ' ' << format_cell(p, c);
                    out.stream() << '\n';
                }
            }
            out.flush();
        }
        out.commit();
        return int(not_unique ? kExitNegative : kExitOk);
    });
}

}  // namespace nl::app
