// The compiled half of the Python package `numberlink` (docs/python.md), numberlink._numberlink:
// its exceptions, the puzzle entry that numberlink.Puzzle wraps, and the functions the other
// files of python/ bind. They return the command line's JSON records as dicts; the package's
// Python files (python/numberlink/) turn them into typed results.
//
// Errors: the library's InputError (bad input at a file and line) and ModelError (a puzzle that
// cannot be, or a format that cannot hold it) become numberlink.InputError, a ValueError whose
// message is the CLI's "file:line: message" and which carries `file` and `line`; InternalError
// (a bug caught by a check, e.g. an answer the checker rejected) becomes numberlink.InternalError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/json.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"

namespace py = pybind11;

namespace nl::python {
namespace {

void raise_input_error(const py::object& type, const std::string& message, const py::object& file, int line) {
    py::object error = type(message);
    error.attr("file") = file;
    error.attr("line") = line;
    PyErr_SetObject(type.ptr(), error.ptr());
}

void bind_puzzle(py::module_& m) {
    py::class_<PuzzleEntry>(m, "Entry",
                            "One puzzle as read or made, with the solution its file carried: what\n"
                            "numberlink.Puzzle wraps. to_dict() gives the JSON object of docs/json.md.")
        .def_property_readonly("name", [](const PuzzleEntry& e) { return e.puzzle.name; },
                               "'file:index' (index 1-based), or 'generated:k'")
        .def_property_readonly("width", [](const PuzzleEntry& e) { return e.puzzle.width; })
        .def_property_readonly("height", [](const PuzzleEntry& e) { return e.puzzle.height; })
        .def_property_readonly("layers", [](const PuzzleEntry& e) { return e.puzzle.layers; })
        .def_property_readonly("rules", [](const PuzzleEntry& e) { return rules_name(e.puzzle.rules); },
                               "flow, nikoli, adc or strict: the rules it was read under")
        .def_property_readonly("line", [](const PuzzleEntry& e) { return e.line; },
                               "the line of its file where it starts (0 when generated)")
        .def_property_readonly(
            "labels",
            [](const PuzzleEntry& e) {
                std::vector<std::string> names;
                for (const Label& l : e.puzzle.labels) names.push_back(l.name);
                return names;
            },
            "the label names, in the file's order")
        .def_property_readonly(
            "solution",
            [](const PuzzleEntry& e) -> py::object {
                if (!e.solution) return py::none();
                return to_python(paths_json(e.puzzle, *e.solution));
            },
            "the solution its file carried (level packs, JSON) or the generator made, as\n"
            "{label: [[x, y], ...]}; None when there is none. Not checked by reading: check() it.")
        .def(
            "to_dict",
            [](const PuzzleEntry& e) { return to_python(puzzle_json(e.puzzle, e.solution ? &*e.solution : nullptr)); },
            "The puzzle (and its carried solution) as the JSON object of docs/json.md.")
        .def("__repr__", [](const PuzzleEntry& e) {
            const Puzzle& p = e.puzzle;
            return "<numberlink._numberlink.Entry " + p.name + " " + std::to_string(p.width) + "x" + std::to_string(p.height) +
                   (p.layers > 1 ? "x" + std::to_string(p.layers) : "") + " " + rules_name(p.rules) + ", " +
                   std::to_string(p.labels.size()) + " labels>";
        });
}

}  // namespace
}  // namespace nl::python

PYBIND11_MODULE(_numberlink, m) {
    using namespace nl::python;
    m.doc() =
        "The compiled half of numberlink: functions returning the JSON records of the command line\n"
        "as dicts. Use the package numberlink, which wraps them in typed results (docs/python.md).";
    m.attr("__version__") = NUMBERLINK_VERSION;
    static py::exception<nl::InputError> input_error(m, "InputError", PyExc_ValueError);
    input_error.doc() = "Bad input: str(e) is 'file:line: message'; e.file and e.line say where (line 0: unknown).";
    static py::exception<nl::InternalError> internal_error(m, "InternalError", PyExc_RuntimeError);
    internal_error.doc() = "A bug caught by a check (e.g. an answer the checker rejected); never a wrong answer.";
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const nl::InputError& e) {
            raise_input_error(input_error, e.what(), py::str(e.file), e.line);
        } catch (const nl::ModelError& e) {
            raise_input_error(input_error, e.what(), py::none(), 0);
        } catch (const nl::InternalError& e) {
            PyErr_SetString(internal_error.ptr(), e.what());
        }
    });
    bind_puzzle(m);
    bind_formats(m);
    bind_solve(m);
    bind_encode(m);
    bind_generate(m);
    bind_stream(m);
}
