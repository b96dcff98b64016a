// Python: the low-level half of `numberlink.solutions()` (python/numberlink/_api.py), a stream
// of solutions (solution_stream.hpp), and the small helpers the Python classes build on:
// solution_quality (Solution.length, .bends) and renamed (unpickling keeps a puzzle's name).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/json.hpp"
#include "core/quality.hpp"
#include "frontend/generate_options.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/solution_stream.hpp"

namespace nl::python {

namespace {

std::unique_ptr<SolutionStream> open_stream(const PuzzleEntry& entry, const std::optional<std::string>& rules,
                                            const std::string& distinct, double timeout, long limit) {
    if (timeout < 0) throw py::value_error("timeout must be >= 0 (0: none)");
    if (limit < 0) throw py::value_error("limit must be >= 0 (0: every solution)");
    CountOptions options;
    // Capped at 2 the enumeration may prove its verdict through other rules (count.hpp says
    // why on_solution refuses it); one more than the caller takes changes nothing it sees.
    options.max = limit == 2 ? 3 : limit;
    options.distinct = distinct_named(distinct);
    options.local_moves = false;
    options.sat.timeout = timeout;
    options.sat.sat = SatChoice::CryptoMiniSat;
    return std::make_unique<SolutionStream>(with_rules(entry.puzzle, rules), options);
}

const char* stop_word(StopReason stop) {
    switch (stop) {
        case StopReason::None: return "";
        case StopReason::Timeout: return "timeout";
        case StopReason::Interrupted: return "interrupted";
        case StopReason::Memory: return "memory";
    }
    return "";
}

}  // namespace

void bind_stream(py::module_& m) {
    py::class_<SolutionStream>(m, "SolutionStream",
                               "The solutions of a puzzle one at a time (numberlink.solutions() wraps it).")
        .def(py::init(&open_stream), py::arg("puzzle"), py::arg("rules") = py::none(), py::arg("distinct") = "paths",
             py::arg("timeout") = 0.0, py::arg("limit") = 0)
        .def(
            "next",
            [](SolutionStream& s) -> py::object {
                const std::optional<Solution> found = s.next();
                if (!found) return py::none();
                return to_python(paths_json(s.puzzle(), *found));
            },
            "The next solution's paths, or None when there are no more (stop says why, if early).")
        .def_property_readonly("stop", [](const SolutionStream& s) { return stop_word(s.stop()); },
                               "'' when every solution was found, else timeout, interrupted or memory")
        .def("close", &SolutionStream::close, "Stops the enumeration and waits for its thread.");
    m.def(
        "solution_quality",
        [](const PuzzleEntry& entry, const py::object& solution) {
            const Quality q = solution_quality(entry.puzzle, solution_from_python(entry.puzzle, solution));
            return py::make_tuple(q.length, q.bends);
        },
        py::arg("puzzle"), py::arg("solution"), "(length, bends) of a solution: cells covered, and turns.");
    m.def(
        "renamed",
        [](const PuzzleEntry& entry, const std::string& name, int line) {
            PuzzleEntry out = entry;
            out.puzzle.name = name;
            out.line = line;
            return out;
        },
        py::arg("puzzle"), py::arg("name"), py::arg("line"), "The same puzzle under another name and line.");
    m.def("draw_seed", &frontend::draw_seed, "A random seed for generate(), drawn as the command line draws one.");
}

}  // namespace nl::python
