// Puzzle + rules -> CNF, and the map from variables back to the puzzle.
//
// Variables (after the SAT4J Numberlink solver, without its redundancy):
//  - one edge variable per pair of adjacent non-blocked cells, shared by both cells: true when
//    the two cells are consecutive on a path. Edge variables are always 1..E, in the order of
//    Encoding::edges (by first cell, then neighbour order), whatever the other options, so a
//    model can be decoded from the edge variables alone;
//  - value variables per cell saying which label the cell carries: one-hot (one variable per
//    label) when labels are few, a binary code (ceil(log2 L) variables) when they are many;
//  - auxiliary variables of the individual techniques (no-touch, acyclicity, guards).
// Each technique lives in its own file (degree.cpp, labels.cpp, touch.cpp, acyclic.cpp) headed by
// the clauses it adds and why.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace nl {

// Variables a CNF may have: CryptoMiniSat refuses 2^28 and more (its MAX_VARS), and DIMACS
// literals are ints here.
inline constexpr int kMaxVars = (1 << 28) - 1;

// Thrown when an encoding would need more than kMaxVars variables (e.g. one-hot labels on a huge
// board with many labels).
struct EncodingTooLarge : std::length_error {
    using std::length_error::length_error;
};

// Clauses in DIMACS literals (variable v >= 1, -v its negation), each ended by 0.
struct Cnf {
    int num_vars = 0;
    std::size_t num_clauses = 0;
    std::vector<int> literals;
    // Called every kPollEvery clauses while set (encode() sets it from EncodeOptions::poll for
    // its own duration); it may throw to abandon the encoding.
    std::function<void()> poll;
    static constexpr std::size_t kPollEvery = 1 << 16;

    int new_var() { return new_vars(1); }
    // Adds n variables; returns the first. Throws EncodingTooLarge beyond kMaxVars.
    int new_vars(int n) {
        if (n > kMaxVars - num_vars) {
            std::string message = "the CNF would need more than ";
            message += std::to_string(kMaxVars);
            message += " variables";
            throw EncodingTooLarge(message);
        }
        const int first = num_vars + 1;
        num_vars += n;
        return first;
    }
    void add(std::initializer_list<int> clause) { add(std::span<const int>(clause.begin(), clause.size())); }
    void add(std::span<const int> clause) {
        literals.insert(literals.end(), clause.begin(), clause.end());
        literals.push_back(0);
        if (++num_clauses % kPollEvery == 0 && poll) poll();
    }
    // At most one of x: pairwise for up to 8 literals, else a sequential counter (Sinz 2005,
    // s[i] = "some x[0..i] is true"), linear in clauses and auxiliary variables.
    void at_most_one(std::span<const int> x) {
        constexpr std::size_t kPairwiseMax = 8;
        const std::size_t n = x.size();
        if (n <= kPairwiseMax) {
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = i + 1; j < n; ++j) add({-x[i], -x[j]});
            return;
        }
        int prev = 0;
        for (std::size_t i = 0; i + 1 < n; ++i) {
            const int s = new_var();
            add({-x[i], s});
            if (prev) {
                add({-prev, s});
                add({-x[i], -prev});
            }
            prev = s;
        }
        add({-x[n - 1], -prev});
    }
};

enum class LabelCoding { Auto, OneHot, Binary };

struct EncodeOptions {
    LabelCoding coding = LabelCoding::Auto;
    // Exact acyclicity (ordering along every path, acyclic.cpp): every model is a solution,
    // with no detached loops. Needed for exported DIMACS; solve uses lazy cycle cuts instead.
    bool acyclic = false;
    // Speculative constraints stronger than the rules, guarded by an activation variable so that
    // the solver can assume them first and drop them if they make the formula unsatisfiable.
    // No U-turn on touch-allowed rules: at most two edges of every 4-cycle (the cheap half of
    // no-touch). Measured: the full no-touch clauses as speculation cost more than they prune
    // (inputs9 under flow: 2.85 s vs 1.95 s; level packs 0.28 s vs 0.18 s).
    bool speculate_no_uturn = false;
    bool speculate_fill = false;      // on no-fill rules
    // Every line monotone along its major axis (encoder/monotone.cpp, where the clauses and the
    // measurements are): ADC's designed packings. Only where monotone_applies().
    bool speculate_monotone = false;
    // Add the speculative constraints as plain clauses instead (no guard): the formula is then
    // stronger than the rules, for a first attempt in a solver of its own.
    bool speculate_hard = false;
    // No-touch rules: leave the no-touch clauses out (keeping the square clauses, which are
    // sound under them); the solver adds the clause of each adjacent pair found touching in a
    // decoded answer (add_no_touch_clause) and solves again. Exact: every answer is checked,
    // and a relaxation without models proves there is no solution.
    bool lazy_no_touch = false;
};

struct Edge {
    CellId a, b;  // a < b
    int var;
};

struct Encoding {
    Cnf cnf;
    Rules rules;
    LabelCoding coding = LabelCoding::OneHot;  // resolved from Auto
    bool acyclic = false;  // built with EncodeOptions::acyclic: no model has a detached loop
    std::vector<Edge> edges;
    // Edge indices incident to each cell (CSR), in the cell's neighbour order.
    std::vector<std::int32_t> cell_edge_start;
    std::vector<int> cell_edges;
    // One-hot: value variable of label l at cell c is value_base[c] + l.
    // Binary: bit k of cell c is value_base[c] + k; label l is coded as the binary number l.
    std::vector<int> value_base;
    int value_bits = 0;     // binary only
    std::vector<int> used_var;  // per cell, "has an edge" (see used_var below; 0: none yet)
    int uturn_guard = 0;    // activation variable of speculative no-U-turn (0: none)
    int fill_guard = 0;     // activation variable of speculative fill (0: none)
    int monotone_guard = 0; // activation variable of speculative monotone lines (0: none)
    std::size_t monotone_clauses = 0;  // clauses of cnf that add_monotone wrote

    std::span<const int> edges_of(CellId c) const {
        return {cell_edges.data() + cell_edge_start[c], cell_edges.data() + cell_edge_start[c + 1]};
    }
    // The edge joining two adjacent cells, or -1.
    int edge_between(CellId a, CellId b) const;
};

// Labels up to which Auto picks one-hot values. Measured on the corpus (README, "Encoding"):
// the binary code solved every set faster, even level packs with 5-16 labels, so Auto means
// binary; one-hot stays available (--labels onehot) for comparison.
inline constexpr int kOneHotMaxLabels = 1;

// `poll` (optional) is called every Cnf::kPollEvery clauses while encoding; it may throw to
// abandon the encoding (a deadline, Ctrl-C, a memory cap: see solver/base/budget.hpp).
Encoding encode(const Puzzle& puzzle, Rules rules, const EncodeOptions& options = {},
                const std::function<void()>& poll = {});

// The coding `encode` uses for `requested` (Auto resolved).
LabelCoding resolve_coding(const Puzzle& puzzle, LabelCoding requested);

// A lower bound on Cnf::literals.size() of any encoding of `puzzle` with `coding`, computed
// without encoding: the label clauses alone hold 8 literals (zeros included) per edge and value
// variable of a cell. Lets callers refuse an encoding that cannot fit a memory or size cap
// before spending time on it.
std::uint64_t min_cnf_literals(const Puzzle& puzzle, LabelCoding coding);

// The variable "cell c has an edge" (used[c] <-> some edge of c), created on first need (its
// clauses appended to encoding.cnf) and kept in Encoding::used_var; 0 for a terminal, which
// always has one. Used by binary no-fill no-touch clauses and by colouring blocks (count.cpp).
int used_var(const Puzzle& puzzle, Encoding& encoding, CellId c);

// The corner order (count.cpp, decide_through_adc): for every cell a that is neither blocked
// nor a terminal, every two of its neighbours p and q, and every other common neighbour c of p
// and q that comes before a in cell order and is neither blocked nor a terminal, the clause
// "not (a links to p and to q) or c has an edge": no path turns at a through p and q while c,
// which could take a's place, stays empty. Applies to one-layer square grids (the boards the
// argument is tested on).
bool corner_order_applies(const Puzzle& puzzle);
void add_corner_order_clauses(const Puzzle& puzzle, Encoding& encoding);

// Whether the monotone-lines speculation (EncodeOptions::speculate_monotone) can be encoded:
// every edge of the board is one unit step along x, y or between layers.
bool monotone_applies(const Puzzle& puzzle);

// Appends the no-touch clause of edge `index` (the pair of cells it joins) to encoding.cnf.
void add_no_touch_clause(const Puzzle& puzzle, Encoding& encoding, int index);

}  // namespace nl
