// Python: random puzzles with their solutions (generate), as `numberlink generate` makes them:
// the same seed and options give the same puzzles as the command line.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "frontend/generate_options.hpp"
#include "generator/generate.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/interruptible.hpp"

namespace nl::python {

namespace {

// (seed, puzzles): the seed given, or the one drawn when `seed` is None, as the CLI reports it.
py::tuple generate(int width, int height, int count, std::optional<std::uint64_t> given_seed, const std::string& rules,
                                  bool unique, bool fill_all, int min_length, int min_paths, int max_paths,
                                  double timeout, const std::string& variant, int warps, int bridges) {
    // The command line's limits (app/cmd_generate.cpp).
    if (width < 1 || height < 1 || width * height < 4 || width > 1000 || height > 1000)
        throw py::value_error("boards from 4 cells up to 1000x1000");
    if (count < 1) throw py::value_error("count must be >= 1");
    if (min_length < 2 || min_paths < 1 || max_paths < 0 || timeout < 0)
        throw py::value_error("min_length must be >= 2, min_paths >= 1, max_paths >= 0 (0: no bound), timeout >= 0");
    gen::GenerateOptions o;
    o.width = width;
    o.height = height;
    o.rules = rules_named(rules);
    o.unique = unique;
    o.fill_all = fill_all;
    o.min_length = min_length;
    o.min_paths = min_paths;
    o.max_paths = max_paths;
    o.timeout = timeout;
    // Variant boards (docs/variants.md), with the command line's checks.
    const auto kind = gen::variant_from_name(variant);
    if (!kind) throw py::value_error("variant must be one of " + std::string(gen::kVariantNames));
    if (warps < 0 || bridges < 0) throw py::value_error("warps and bridges must be >= 0 (0: the default number)");
    o.variant = {*kind, warps, bridges};
    if (const std::string problem = gen::variant_problem(width, height, o.variant); !problem.empty())
        throw py::value_error(problem);
    const std::uint64_t seed = given_seed ? *given_seed : frontend::draw_seed();
    std::vector<PuzzleEntry> made;
    gen::GenerateStatus status = gen::GenerateStatus::Ok;
    run_interruptible([&](std::atomic<bool>& interrupt) {
        o.interrupt = &interrupt;
        status = gen::generate_many(o, seed, count, [&](const gen::Generated& g) {
            made.push_back(PuzzleEntry{g.puzzle, g.solution, 0});
        });
    });
    if (status == gen::GenerateStatus::Ok) return py::make_tuple(seed, made);
    const std::string why = status == gen::GenerateStatus::Timeout  ? "timeout"
                            : status == gen::GenerateStatus::GaveUp ? "no layout met the constraints"
                                                                    : "no more distinct puzzles";
    throw std::runtime_error("generate: " + why + " after " + std::to_string(made.size()) + " of " +
                             std::to_string(count) + " puzzles (seed " + std::to_string(seed) + ")");
}

}  // namespace

void bind_generate(py::module_& m) {
    m.def("generate", &generate, py::arg("width"), py::arg("height"), py::arg("count") = 1, py::arg("seed") = py::none(),
          py::arg("rules") = "flow", py::arg("unique") = false, py::arg("fill_all") = false, py::arg("min_length") = 3,
          py::arg("min_paths") = 1, py::arg("max_paths") = 0, py::arg("timeout") = 0.0,
          py::arg("variant") = "square", py::arg("warps") = 0, py::arg("bridges") = 0,
          "generate(width, height, count=1, seed=None, ...) -> (seed, list[Puzzle])\n\n"
          "The low-level generator behind numberlink.generate(): the seed used (drawn when None)\n"
          "and the puzzles, each carrying its checked solution.");
}

}  // namespace nl::python
