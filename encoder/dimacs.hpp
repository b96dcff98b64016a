// Export of an encoding as DIMACS CNF, with a comment header that maps variables back to the
// puzzle so that any tool (not only `numberlink decode`) can turn a model into paths.
//
// Header, before the `p cnf V C` line, one item per line (format version 1):
//   c numberlink dimacs 1                       format version
//   c numberlink puzzle NAME WxHxD              D = 1 on ordinary boards
//   c numberlink rules flow|nikoli|adc|strict
//   c numberlink coding onehot|binary K         K value variables per cell
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

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "core/puzzle.hpp"
#include "encoder/encoding.hpp"

namespace nl {

inline constexpr int kDimacsVersion = 1;

// The encoding `encode` exports and `decode` rebuilds: exact (acyclicity by ordering, so every
// model is a solution without detached loops, and every solution extends to a model) and without
// speculation. Both commands must build it the same way, hence one function.
Encoding encode_exact(const Puzzle& puzzle, Rules rules, LabelCoding coding);

// "auto", "onehot", "binary" (the --labels option).
std::optional<LabelCoding> label_coding_from_name(std::string_view name);

void write_dimacs(std::ostream& out, const Puzzle& puzzle, const Encoding& encoding);

// A name as written in the header (see the escaping rule above).
std::string dimacs_escape(std::string_view name);

}  // namespace nl
