// Python: the CNF as DIMACS with its variable map (encode), and a SAT model back to paths
// (decode), as `numberlink encode` and `numberlink decode` do: both build the encoding with
// encode_exact, so a model of encode()'s CNF decodes with the same rules, labels and exact.
#include <sstream>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "decoder/decode.hpp"
#include "decoder/model_reader.hpp"
#include "encoder/dimacs.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/interruptible.hpp"

namespace nl::python {

namespace {

struct EncodeChoice {
    LabelCoding coding;
    Exactness exactness;
};

EncodeChoice encode_choice(const std::string& labels, const std::string& exact) {
    const auto coding = label_coding_from_name(labels);
    if (!coding) throw py::value_error("labels must be auto, onehot or binary, not '" + labels + "'");
    const auto exactness = exactness_from_name(exact);
    if (!exactness) throw py::value_error("exact must be answer or models, not '" + exact + "'");
    return {*coding, *exactness};
}

// encode_exact, stoppable by Ctrl-C (its poll runs every 64 K clauses).
Encoding encode_interruptibly(const Puzzle& p, const EncodeChoice& choice, std::atomic<bool>& interrupt) {
    return encode_exact(p, p.rules, choice.coding, choice.exactness, [&interrupt] {
        if (interrupt) throw Abandoned{};
    });
}

py::object encode(const PuzzleEntry& entry, const std::optional<std::string>& rules, const std::string& labels,
                  const std::string& exact) {
    const Puzzle p = with_rules(entry.puzzle, rules);
    const EncodeChoice choice = encode_choice(labels, exact);
    std::string dimacs;
    nlohmann::ordered_json j;
    run_interruptible([&](std::atomic<bool>& interrupt) {
        const Encoding e = encode_interruptibly(p, choice, interrupt);
        std::ostringstream out;
        write_dimacs(out, p, e, [&interrupt] {
            if (interrupt) throw Abandoned{};
        });
        dimacs = std::move(out).str();
        j["name"] = p.name;
        j["rules"] = rules_name(p.rules);
        j["coding"] = e.coding == LabelCoding::Binary ? "binary" : "onehot";
        j["exact"] = exactness_name(choice.exactness);
        j["variables"] = e.cnf.num_vars;
        j["clauses"] = e.cnf.num_clauses;
        // The variable map of the DIMACS header (encoder/dimacs.hpp), as lists.
        auto edges = nlohmann::ordered_json::array();
        for (const Edge& edge : e.edges)
            edges.push_back({{"var", edge.var}, {"cells", {cell_json(p, edge.a), cell_json(p, edge.b)}}});
        j["edges"] = std::move(edges);
        const int per_cell = e.coding == LabelCoding::Binary ? e.value_bits : static_cast<int>(p.labels.size());
        auto cells = nlohmann::ordered_json::array();
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (!p.is_blocked(c) && e.value_base[c] > 0)
                cells.push_back({{"cell", cell_json(p, c)}, {"first_var", e.value_base[c]}, {"vars", per_cell}});
        j["cells"] = std::move(cells);
    });
    py::object out = to_python(j);
    out["dimacs"] = py::str(dimacs);
    return out;
}

// Throws InputError unless `m` assigns every variable of the CNF and satisfies every clause
// (decoder/model_reader.hpp, model_mismatch, as the command line's decode checks it).
void require_model_of(const Model& m, const std::string& name, const Encoding& e) {
    const std::string hint = ": it is not a model of that CNF (encode and decode need the same puzzle, rules, labels and exact)";
    const auto why = model_mismatch(m, e.cnf);
    if (!why) return;
    if (why->unassigned)
        throw InputError(name, 0, "the model leaves variable " + std::to_string(why->first_unassigned) + " of " +
                                      std::to_string(e.cnf.num_vars) + " unassigned" + hint);
    throw InputError(name, 0, "the model falsifies clause " + std::to_string(why->falsified_clause) + hint);
}

Model model_from_python(const py::object& model, int num_vars) {
    if (py::isinstance<py::str>(model)) {
        std::istringstream in(model.cast<std::string>());
        return read_model(in, "<model>", num_vars);
    }
    Model m;
    m.status = ModelStatus::Sat;
    m.values.assign(num_vars + 1, -1);
    for (const py::handle item : model) {
        const int lit = item.cast<int>();
        const int v = lit > 0 ? lit : -lit;
        if (lit == 0) continue;  // a DIMACS terminator
        if (v > num_vars) throw InputError("<model>", 0, "variable " + std::to_string(v) + " is beyond the CNF's " + std::to_string(num_vars));
        const signed char value = lit > 0 ? 1 : 0;
        if (m.values[v] >= 0 && m.values[v] != value)
            throw InputError("<model>", 0, "variable " + std::to_string(v) + " is given both signs");
        m.values[v] = value;
    }
    return m;
}

py::object decode(const PuzzleEntry& entry, const py::object& model, const std::optional<std::string>& rules,
                  const std::string& labels, const std::string& exact) {
    const Puzzle p = with_rules(entry.puzzle, rules);
    const EncodeChoice choice = encode_choice(labels, exact);
    Encoding e;
    run_interruptible([&](std::atomic<bool>& interrupt) { e = encode_interruptibly(p, choice, interrupt); });
    const Model m = model_from_python(model, e.cnf.num_vars);
    if (m.status != ModelStatus::Sat) {
        auto j = puzzle_json(p, nullptr);
        j["status"] = m.status == ModelStatus::Unsat ? "unsolvable" : "unknown";
        return to_python(j);
    }
    require_model_of(m, "<model>", e);
    std::vector<char> edge_on(e.edges.size());
    for (std::size_t i = 0; i < e.edges.size(); ++i) edge_on[i] = m.value(e.edges[i].var);
    const Decoded d = decode_edges(p, e, edge_on);
    if (!d.problem.empty()) throw InternalError(p.name + ": the model does not decode: " + d.problem);
    if (!d.loops.empty() && e.acyclic)
        throw InternalError(p.name + ": the model has " + std::to_string(d.loops.size()) + " detached loop(s)");
    const CheckResult check = check_solution(p, d.solution, p.rules);
    if (!check.ok) throw InternalError(p.name + ": the checker rejected the decoded model: " + check.message);
    auto j = puzzle_json(p, &d.solution);
    j["status"] = "solved";
    return to_python(j);
}

}  // namespace

void bind_encode(py::module_& m) {
    m.def("encode", &encode, py::arg("puzzle"), py::arg("rules") = py::none(), py::arg("labels") = "auto",
          py::arg("exact") = "answer",
          "encode(puzzle, rules=None, labels='auto', exact='answer') -> dict\n\n"
          "The exact CNF of the puzzle, as `numberlink encode` writes it: 'dimacs' (the DIMACS text,\n"
          "its header comments mapping variables to the board, docs/encoding.md), 'variables',\n"
          "'clauses', 'coding', 'exact', and the map as lists: 'edges' ({'var', 'cells': [a, b]}:\n"
          "var true = a and b are consecutive on a path) and 'cells' ({'cell', 'first_var', 'vars'}:\n"
          "the cell's value variables). labels: auto, onehot or binary; exact: answer or models.");
    m.def("decode", &decode, py::arg("puzzle"), py::arg("model"), py::arg("rules") = py::none(),
          py::arg("labels") = "auto", py::arg("exact") = "answer",
          "decode(puzzle, model, rules=None, labels='auto', exact='answer') -> dict\n\n"
          "A SAT solver's answer to encode()'s CNF (same rules, labels, exact) back to paths, as\n"
          "`numberlink decode --output json`: the puzzle's fields, 'status' solved (with 'paths',\n"
          "'grid'; the solution passed the checker), unsolvable or unknown. model: the solver's\n"
          "output text (SAT competition 's'/'v' lines or a MiniSat result) or a list of literals\n"
          "(v true, -v false; every variable of the CNF). InputError when it is not a model of that CNF.");
}

}  // namespace nl::python
