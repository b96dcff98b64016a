// Conversions between the library's values and plain Python objects, shared by the bindings.
//
// Results are the JSON records of the command line's `--output json` (docs/json.md), built with
// the same code (core/json.hpp) and handed to Python through the json module, so that the field
// names and layouts cannot drift from the CLI's. Solutions come in the same shape: a dict of
// label name -> list of [x, y] (or [x, y, z]) cells, or a record holding one under "paths".
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

#include "core/formats.hpp"
#include "core/puzzle.hpp"

namespace nl::python {

namespace py = pybind11;

// A JSON value as Python objects (dict, list, str, int, float, bool, None).
py::object to_python(const nlohmann::ordered_json& value);

// The rules named (flow, nikoli, adc, strict); ValueError otherwise.
Rules rules_named(const std::string& name);
// The puzzle to work on: `puzzle`, under `rules` when given (the CLI's --rules).
Puzzle with_rules(const Puzzle& puzzle, const std::optional<std::string>& rules);
// What makes two solutions different, by name (paths, colours or colors); ValueError otherwise.
Distinct distinct_named(const std::string& name);
// A readable (`reading`) or writable format by name; ValueError otherwise.
Format format_named(const std::string& name, bool reading);

// A solution of `puzzle` from Python: a dict label -> cells, or a dict with such a dict under
// "paths" (a record that solve() returned). ValueError for an unknown label or a cell off the
// board; labels it does not name get empty paths (the checker calls them missing).
Solution solution_from_python(const Puzzle& puzzle, py::handle object);

}  // namespace nl::python
