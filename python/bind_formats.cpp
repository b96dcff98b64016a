// Python: reading and writing puzzles (read, read_text, write), the checker (check) and SVG
// pictures (render_svg), as `numberlink info/convert/check/render` do.
#include <sstream>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "core/solution_match.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "render/svg.hpp"

namespace nl::python {

namespace {

ReadOptions read_options(const std::optional<std::string>& format, const std::optional<std::string>& rules) {
    ReadOptions options;
    if (format) options.format = format_named(*format, true);
    if (rules) options.rules = rules_named(*rules);
    return options;
}

// `numberlink check --output json`'s record for one verdict.
py::object verdict_json(const Puzzle& p, const std::string& solution_name, const CheckResult& r) {
    nlohmann::ordered_json j;
    j["name"] = p.name;
    if (!solution_name.empty()) j["solution"] = solution_name;
    j["rules"] = rules_name(p.rules);
    j["valid"] = r.ok;
    if (!r.ok) {
        j["rule"] = r.rule;
        j["message"] = r.message;
        if (r.label != kNoLabel) j["label"] = p.labels[r.label].name;
        if (r.cell != kNoCell) j["cell"] = cell_json(p, r.cell);
    }
    return to_python(j);
}

py::object check(const PuzzleEntry& entry, const py::object& solution, const std::optional<std::string>& rules,
                 const std::optional<std::string>& solution_format) {
    const Puzzle p = with_rules(entry.puzzle, rules);
    if (solution.is_none()) {
        if (!entry.solution)
            // The file: the name without its ":index".
            throw InputError(p.name.substr(0, p.name.rfind(':')), entry.line,
                             "puzzle " + p.name + " carries no solution; give one to check");
        return verdict_json(p, "", check_solution(p, *entry.solution, p.rules));
    }
    if (py::isinstance<py::str>(solution)) {  // a solution file's text, in any format
        const TextFile text = text_from_string("<solution>", solution.cast<std::string>());
        const auto solutions =
            read_solutions(text, solution_format ? std::optional(format_named(*solution_format, true)) : std::nullopt);
        if (solutions.size() != 1)
            throw InputError("<solution>", 0, "holds " + std::to_string(solutions.size()) + " solutions; give one");
        const MatchedSolution m = match_solution(p, solutions[0]);
        if (!m.problem.empty()) return verdict_json(p, solutions[0].name, {false, "path", m.problem});
        return verdict_json(p, solutions[0].name, check_solution(p, m.solution, p.rules));
    }
    return verdict_json(p, "", check_solution(p, solution_from_python(p, solution), p.rules));
}

std::string write(const py::object& puzzles, const std::string& format_name, const py::object& solutions) {
    const Format format = format_named(format_name, false);
    std::vector<const PuzzleEntry*> entries;
    std::vector<py::object> given;  // one per puzzle, None for none
    if (py::isinstance<PuzzleEntry>(puzzles)) {
        entries.push_back(&puzzles.cast<const PuzzleEntry&>());
        given.push_back(solutions);
    } else {
        for (const py::handle p : puzzles) entries.push_back(&p.cast<const PuzzleEntry&>());
        if (solutions.is_none()) {
            given.assign(entries.size(), py::none());
        } else {
            for (const py::handle s : solutions) given.push_back(py::reinterpret_borrow<py::object>(s));
            if (given.size() != entries.size())
                throw py::value_error(std::to_string(entries.size()) + " puzzles but " + std::to_string(given.size()) +
                                      " solutions");
        }
    }
    std::ostringstream out;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Puzzle& p = entries[i]->puzzle;
        // The CLI's separator (app/cli.cpp, write_separator): a blank line between puzzles,
        // except in the one-line-per-puzzle formats.
        if (i > 0 && format != Format::Json && format != Format::Levelpack) out << '\n';
        if (given[i].is_none()) {
            write_puzzle(out, format, p, nullptr);
        } else {
            const Solution s = solution_from_python(p, given[i]);
            write_puzzle(out, format, p, &s);
        }
    }
    return out.str();
}

}  // namespace

void bind_formats(py::module_& m) {
    m.def(
        "read",
        [](const std::string& path, std::optional<std::string> format, std::optional<std::string> rules) {
            return read_puzzles(path, read_options(format, rules));
        },
        py::arg("path"), py::arg("format") = py::none(), py::arg("rules") = py::none(),
        "read(path, format=None, rules=None) -> list[Puzzle]\n\n"
        "Every puzzle of a file ('-': standard input). format: ascii, stream, levelpack, intgrid, adc,\n"
        "json or paths; None detects it as the CLI does. rules: flow, nikoli, adc or strict; None\n"
        "takes the format's default (ADC: adc, JSON: the rules it names, else flow).\n"
        "Raises InputError (a ValueError) naming the file and line of bad input.");
    m.def(
        "read_text",
        [](const std::string& text, const std::string& name, std::optional<std::string> format,
           std::optional<std::string> rules) {
            return read_puzzles(text_from_string(name, text), read_options(format, rules));
        },
        py::arg("text"), py::arg("name") = "<text>", py::arg("format") = py::none(), py::arg("rules") = py::none(),
        "read_text(text, name='<text>', format=None, rules=None) -> list[Puzzle]\n\n"
        "As read(), from a string; `name` stands for the file name in puzzle names and errors.");
    m.def("write", &write, py::arg("puzzles"), py::arg("format") = "ascii", py::arg("solutions") = py::none(),
          "write(puzzles, format='ascii', solutions=None) -> str\n\n"
          "The text of one Puzzle or a list of them in a format: ascii, stream, intgrid, adc, json,\n"
          "levelpack, paths or grid (the last three need solutions). solutions: for one puzzle a\n"
          "solution dict ({label: [[x, y], ...]} or a record of solve()), for a list a list of them\n"
          "(None entries: no solution). A puzzle's carried solution is not written unless given,\n"
          "e.g. write(ps, 'levelpack', [p.solution for p in ps]). InputError when the format cannot\n"
          "hold the puzzle.");
    m.def("check", &check, py::arg("puzzle"), py::arg("solution") = py::none(), py::arg("rules") = py::none(),
          py::arg("solution_format") = py::none(),
          "check(puzzle, solution=None, rules=None, solution_format=None) -> dict\n\n"
          "Judges a solution with the independent checker, as `numberlink check --output json`:\n"
          "{'name', 'rules', 'valid', and when invalid 'rule', 'message', 'label', 'cell'}.\n"
          "solution: a dict {label: [[x, y], ...]} (or a record of solve()), the text of a solution\n"
          "file in any format (solution_format None detects it), or None for the solution the\n"
          "puzzle's file carried (InputError when it carried none).");
    m.def(
        "render_svg",
        [](const PuzzleEntry& entry, const py::object& solution, int cell_size, bool labels, bool coordinates) {
            if (cell_size < render::kMinCellSize || cell_size > render::kMaxCellSize)
                throw py::value_error("cell_size must be " + std::to_string(render::kMinCellSize) + ".." +
                                      std::to_string(render::kMaxCellSize));
            render::SvgOptions options;
            options.cell_size = cell_size;
            options.labels = labels;
            options.coordinates = coordinates;
            if (solution.is_none()) return render::svg_picture(entry.puzzle, nullptr, options);
            const Solution s = solution_from_python(entry.puzzle, solution);
            const CheckResult r = check_solution(entry.puzzle, s, entry.puzzle.rules);
            if (!r.ok) throw py::value_error(entry.puzzle.name + ": not a solution: " + r.message);
            return render::svg_picture(entry.puzzle, &s, options);
        },
        py::arg("puzzle"), py::arg("solution") = py::none(), py::arg("cell_size") = 40, py::arg("labels") = false,
        py::arg("coordinates") = false,
        "render_svg(puzzle, solution=None, cell_size=40, labels=False, coordinates=False) -> str\n\n"
        "An SVG picture of the puzzle, or of a solution (checked first: ValueError if invalid), as\n"
        "`numberlink render` draws it. labels: names on the endpoints; coordinates: row and column\n"
        "numbers.");
}

}  // namespace nl::python
