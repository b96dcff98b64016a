// Export of an encoding as DIMACS CNF, with a comment header that maps variables back to the
// puzzle so that any tool (not only `numberlink decode`) can turn a model into paths.
//
// Header, before the `p cnf V C` line, one item per line (format version 1):
//   c numberlink dimacs 1                       format version
//   c numberlink puzzle NAME WxHxD              D = 1 on ordinary boards
//   c numberlink rules flow|nikoli|adc|strict
//   c numberlink coding onehot|binary K         K value variables per cell
//   c numberlink exact models|answer            what the CNF is exact for (Exactness below)
//   c numberlink counts edges E labels L cells N    N = cells with value variables
//   c numberlink guard uturn|fill VAR           only for speculative encodings (encode writes none)
//   c numberlink label INDEX NAME x1 y1 z1 x2 y2 z2   per label: 0-based index, its two terminals
//   c numberlink edge VAR x1 y1 z1 x2 y2 z2     per edge: true = the cells are consecutive on a path
//   c numberlink cell x y z BASE                per non-blocked cell: value variables BASE..BASE+K-1
// Value variables: one-hot, BASE+l is true when the cell carries label l (INDEX above); binary,
// BASE+k is bit k (least significant first) of the index of the cell's label. Edge variables are
// 1..E in header order. Every other variable is auxiliary. Coordinates are 0-based, z always
// present. Names are escaped so that fields never contain spaces: bytes below 0x21, 0x7f, 0x80
// and above, and the backslash are written as \xHH.
//
// The edges alone decode a model: each label's path is traced from its first terminal along the
// true edges. Values and auxiliaries only help the solver.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "core/puzzle.hpp"
#include "encoder/encoding.hpp"

namespace nl {

inline constexpr int kDimacsVersion = 1;

// What an exported CNF is exact for (encode --exact):
//  - Models: every model is a solution without detached loops, and every solution extends to a
//    model (acyclicity by ordering, encoder/acyclic.cpp). For counting models, and for tools
//    that read solutions off the models without numberlink.
//  - Answer: the CNF is satisfiable exactly when the puzzle is solvable, and every model decodes
//    to a solution (numberlink decode). Under rules that allow empty cells the acyclicity part
//    is left out: a model may then hold loops detached from every terminal, and dropping them
//    leaves valid paths (a loop's cells may stay empty; the touch rule relates the cells of one
//    path only), so satisfiability is unchanged. Without the ordering variables, SAT solvers
//    answer ADC problems in about a second where the models CNF took them minutes. Under fill
//    rules a loop cannot be dropped, so there Answer is the same CNF as Models.
enum class Exactness { Answer, Models };
std::string exactness_name(Exactness exactness);
std::optional<Exactness> exactness_from_name(std::string_view name);  // "answer", "models"

// The encoding `encode` exports and `decode` rebuilds, without speculation. Both commands must
// build it the same way, hence one function. `poll` as for encode().
Encoding encode_exact(const Puzzle& puzzle, Rules rules, LabelCoding coding, Exactness exactness,
                      const std::function<void()>& poll = {});

// "auto", "onehot", "binary" (the --labels option).
std::optional<LabelCoding> label_coding_from_name(std::string_view name);

// `poll` (optional) is called after every 64 KiB written; it may throw to stop (Ctrl-C).
void write_dimacs(std::ostream& out, const Puzzle& puzzle, const Encoding& encoding,
                  const std::function<void()>& poll = {});

// The exact size in bytes of what write_dimacs writes, computed without formatting the clauses
// (a pass over every literal: 0.2 s on ADC 2017 Q08).
std::uint64_t dimacs_bytes(const Puzzle& puzzle, const Encoding& encoding);
// An upper bound on it, without that pass: a literal takes at most 11 bytes (a sign, 9 digits
// below 2^28, a separator).
std::uint64_t max_dimacs_bytes(const Puzzle& puzzle, const Encoding& encoding);

// A lower bound on dimacs_bytes() of the exact encoding of `puzzle` with `coding`, known before
// encoding, from its two biggest parts: the label clauses, (-e -a b 0) and (-e a -b 0) per edge
// e <= E and value variable, and the acyclicity comparators (whose rank bits grow with the
// board); every variable but the edges' has at least as many digits as E + 1.
std::uint64_t min_dimacs_bytes(const Puzzle& puzzle, LabelCoding coding);

// A name as written in the header (see the escaping rule above).
std::string dimacs_escape(std::string_view name);

}  // namespace nl
