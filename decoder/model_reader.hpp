// Reading a SAT solver's answer, so that a CNF exported by `numberlink encode` can be solved by
// any solver and decoded by `numberlink decode`.
//
// Two formats, told apart by the first line that is neither blank nor a `c` comment:
//  - SAT competition (CryptoMiniSat, Kissat, CaDiCaL, ... on standard output): `c` comments,
//    one status line `s SATISFIABLE` | `s UNSATISFIABLE` | `s UNKNOWN` (also `s INDETERMINATE`,
//    CryptoMiniSat's word), and for SAT `v` lines of literals, the last one ended by 0;
//  - MiniSat's result file (`minisat in.cnf out`, `cryptominisat5 --dumpresult out`): `SAT`
//    then lines of literals ended by 0, or `UNSAT`, or `INDET`.
// A satisfiable answer must end its literals with 0 (a truncated answer is an error). Variables
// the answer does not name stay unassigned (a partial model). Anything else, a literal that is
// not a number, a variable named twice with opposite signs, literals after the final 0, is an
// InputError with file and line.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "encoder/encoding.hpp"

namespace nl {

enum class ModelStatus { Sat, Unsat, Unknown };

struct Model {
    ModelStatus status = ModelStatus::Unknown;
    // values[v] for variable v >= 1: 1 true, 0 false, -1 unassigned; values[0] is unused.
    std::vector<signed char> values{-1};

    int max_var() const { return static_cast<int>(values.size()) - 1; }
    bool assigned(int v) const { return v >= 1 && v <= max_var() && values[v] >= 0; }
    bool value(int v) const { return assigned(v) && values[v] == 1; }
};

// Largest variable an answer may name when the caller gives no bound.
inline constexpr int kMaxModelVariable = 1 << 28;

// `name` is used in messages; `max_var` (0: kMaxModelVariable) bounds the variables, e.g. the
// number of variables of the CNF the answer is for.
Model read_model(std::istream& in, const std::string& name, int max_var = 0);
// A file, or standard input for "-".
Model read_model(const std::string& path, int max_var = 0);

// Why a model is not a model of a CNF: variables it leaves unassigned (how many, the first), or
// the first clause it falsifies (1-based); callers word the message.
struct ModelMismatch {
    int unassigned = 0, first_unassigned = 0;
    std::size_t falsified_clause = 0;
};

// Nothing when `model` assigns every variable of `cnf` and satisfies every clause.
std::optional<ModelMismatch> model_mismatch(const Model& model, const Cnf& cnf);

}  // namespace nl
