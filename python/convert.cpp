// See convert.hpp.
#include "python/convert.hpp"

#include <pybind11/stl.h>

#include "core/json.hpp"

namespace nl::python {

py::object to_python(const nlohmann::ordered_json& value) {
    return py::module_::import("json").attr("loads")(json_line(value));
}

Rules rules_named(const std::string& name) {
    const std::optional<Rules> rules = rules_from_name(name);
    if (!rules) throw py::value_error("rules must be one of " + std::string(kRulesNames) + ", not '" + name + "'");
    return *rules;
}

Puzzle with_rules(const Puzzle& puzzle, const std::optional<std::string>& rules) {
    Puzzle p = puzzle;
    if (rules) p.rules = rules_named(*rules);
    return p;
}

Format format_named(const std::string& name, bool reading) {
    const std::optional<Format> format = format_from_name(name);
    const std::string_view names = reading ? kReadFormatNames : kWriteFormatNames;
    if (!format || (reading && *format == Format::Grid))
        throw py::value_error("format must be one of " + std::string(names) + ", not '" + name + "'");
    return *format;
}

namespace {

CellId cell_from_python(const Puzzle& p, const std::string& label, py::handle cell) {
    const auto xyz = cell.cast<std::vector<int>>();
    if (xyz.size() != 2 && xyz.size() != 3)
        throw py::value_error("path of " + label + ": a cell is [x, y] or [x, y, z]");
    const int z = xyz.size() == 3 ? xyz[2] : 0;
    if (!p.in_bounds(xyz[0], xyz[1], z))
        throw py::value_error("path of " + label + ": cell [" + std::to_string(xyz[0]) + ", " +
                              std::to_string(xyz[1]) + ", " + std::to_string(z) + "] is off the " +
                              std::to_string(p.width) + "x" + std::to_string(p.height) + " board");
    return p.cell(xyz[0], xyz[1], z);
}

}  // namespace

Solution solution_from_python(const Puzzle& puzzle, py::handle object) {
    if (!py::isinstance<py::dict>(object)) throw py::type_error("a solution is a dict: label -> list of [x, y] cells");
    py::dict paths = py::reinterpret_borrow<py::dict>(object);
    if (paths.contains("paths") && py::isinstance<py::dict>(paths["paths"]))
        paths = paths["paths"];
    else if (paths.contains("status") || paths.contains("verdict"))  // a record of an unsolved puzzle
        throw py::value_error("this record holds no solution (no 'paths')");
    Solution solution;
    solution.paths.resize(puzzle.labels.size());
    for (const auto& [key, cells] : paths) {
        const std::string label = py::str(key);
        const int index = puzzle.label_index(label);
        if (index == kNoLabel) throw py::value_error("the solution names label '" + label + "', which " + puzzle.name + " lacks");
        for (const py::handle cell : cells) solution.paths[index].push_back(cell_from_python(puzzle, label, cell));
        place_on_lanes(puzzle, solution.paths[index]);  // [x, y] of a bridge crossed vertically: its vertical lane
    }
    return solution;
}

Distinct distinct_named(const std::string& name) {
    if (name == "paths") return Distinct::Paths;
    if (name == "colours" || name == "colors") return Distinct::Colours;
    throw py::value_error("distinct must be paths or colours, not '" + name + "'");
}

}  // namespace nl::python
