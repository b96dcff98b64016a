// The exhaustive search engine. See search.hpp for the contract.
//
// State: the owner of every cell (a label, free, or blocked) and, per label, two "arms": the
// cells laid so far from each terminal, the last one being that arm's head. A label is
// unfinished until its two heads are joined (they must then be adjacent). Terminals are owned by
// their label from the start, so no path can pass through another label's terminal.
//
// A node (depth-first):
//  1. All labels finished: under fill every cell must be used (the component test below already
//     guarantees it); the paths are assembled, checked by check_solution and counted.
//  2. Dead-end tests (below); a dead state is abandoned.
//  3. The head with the fewest options is chosen (the COMP20003 flow-free solver's "most constrained" ordering): its
//     options are each free neighbour it may step onto, plus joining when the other head of its
//     label is adjacent. A head with no option is a dead end; one option is a forced move.
// Each solution fixes, for the chosen head, which cell follows it on its path (or that the two
// heads are consecutive), so the branches partition the solutions and none is counted twice.
//
// Prunings, and why each is sound (never cuts a solution) under each preset:
//  P1 Separated ends (all presets). The rest of an unfinished label's path runs from one head to
//     the other through cells that are free now, so the heads must be adjacent or both touch a
//     common component of free cells. Nothing here depends on fill or touch.
//  P2 Stranded region (fill only). The rest of each label's path is a chain of free cells, so it
//     lies inside one free component, which both its heads touch. Under fill every free cell
//     must be covered, so every free component needs some unfinished label whose two heads touch
//     it (under no-touch, a label with adjacent heads must join at once and covers nothing).
//     Without fill a region may stay empty: the test would be wrong, so it is skipped.
//  P3 Dead cell (fill only). A free cell must end up inside some path (it is no terminal), so
//     it needs two path neighbours, each either free now or a head that may still step onto it
//     (other cells already have both their path links, or their one link goes elsewhere). With
//     no free neighbour, its two links are heads, which must belong to one label (a path joins
//     only its own two heads). Without fill the cell may stay empty: skipped.
//  P4 No touch (touch = false only). A head may step onto a free cell only if that cell touches
//     no cell of its own label but the head itself and the other head (touching the other head
//     forces the join next), and two adjacent heads of one label must join at once: any other
//     continuation leaves two adjacent, non-consecutive cells on the path, which the checker
//     rejects. Under touch rules none of this applies, and the search does not assume it.
//  P5 Colour balance (fill only, on bipartite graphs: every board without diagonal links is one,
//     but the 2-colouring is computed, not assumed, and the test is skipped when there is none).
//     Colours alternate along a path, so the free cells the rest of a label's path takes hold
//     as many cells of each colour when its heads differ in colour, and one more of the colour
//     opposite to the heads when they agree. Under fill the free cells are exactly the union of
//     these segments, each inside one component: the colour sum of all free cells must equal
//     the total over labels with same-coloured heads, and a component's sum cannot exceed the
//     number of labels that touch it with both heads and could bring that sign. Without fill
//     cells may stay empty and nothing balances: skipped.
// Together with "a head without option is dead", these are that solver's dead-end detection
// generalised to any graph: only the adjacency lists are used (layers, vias, blocked cells).
#include "solver/search/search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <set>
#include <string>

#include "core/checker.hpp"
#include "core/errors.hpp"

namespace nl {

namespace {

constexpr int kFree = -1;
constexpr int kBlocked = -2;

class Searcher {
   public:
    Searcher(const Puzzle& p, Rules rules, const SearchOptions& options)
        : p_(p), rules_(rules), options_(options), n_(p.cell_count()),
          labels_(static_cast<int>(p.labels.size())), owner_(n_, kFree),
          head_of_(n_, kNoLabel), comp_(n_, -1), arms_(labels_), done_(labels_, 0) {
        for (CellId c = 0; c < n_; ++c)
            if (p.is_blocked(c)) owner_[c] = kBlocked;
        for (int l = 0; l < labels_; ++l)
            for (int s = 0; s < 2; ++s) {
                const CellId t = p.labels[l].ends[s];
                owner_[t] = l;
                head_of_[t] = l;
                arms_[l][s] = {t};
            }
        for (CellId c = 0; c < n_; ++c) free_ += owner_[c] == kFree;
        colour_.assign(std::size_t(n_), 0);
        for (CellId c = 0; c < n_; ++c) {
            if (colour_[c] != 0 || p.is_blocked(c)) continue;
            colour_[c] = 1;
            queue_.assign(1, c);
            for (std::size_t i = 0; i < queue_.size(); ++i)
                for (CellId d : p.neighbours(queue_[i])) {
                    if (colour_[d] == 0) {
                        colour_[d] = -colour_[queue_[i]];
                        queue_.push_back(d);
                    }
                    bipartite_ &= colour_[d] != colour_[queue_[i]];
                }
        }
        unfinished_ = labels_;
        buffers_.resize(std::size_t(free_ + labels_ + 2));
    }

    SearchResult run() {
        dfs(0);
        return std::move(result_);
    }

   private:
    const Puzzle& p_;
    const Rules rules_;
    const SearchOptions& options_;
    const int n_, labels_;
    std::vector<int> owner_;    // label, kFree or kBlocked
    std::vector<int> head_of_;  // label whose unfinished arm ends here, or kNoLabel
    std::vector<int> comp_;     // free component of each free cell (scratch of dead())
    std::vector<CellId> queue_;
    std::vector<std::uint8_t> served_;
    // P5: the colour (+1/-1) of each cell in a 2-colouring of the graph, when there is one;
    // per free component the sum of the colours of its cells, and how many labels could bring
    // +1 or -1 to it.
    bool bipartite_ = true;
    std::vector<int> colour_, balance_, plus_, minus_, common_;
    std::vector<std::array<std::vector<CellId>, 2>> arms_;
    std::vector<std::uint8_t> done_;
    std::vector<std::vector<CellId>> buffers_;  // options per depth
    std::vector<CellId> scratch_;
    std::vector<int> near_;  // scratch of dead()
    int free_ = 0, unfinished_ = 0;
    bool stop_ = false;
    SearchResult result_;
    std::set<std::vector<int>> colourings_;  // Distinct::Colours: the colourings counted so far

    CellId head(int l, int s) const { return arms_[l][s].back(); }

    void poll() {
        if (options_.budget.check(false) != StopReason::None) stop_ = true;
        if (stop_) result_.status = SearchResult::Status::Timeout;
    }

    // The options of head s of label l (P4 applied under no-touch). A joining option is encoded
    // as the other head's cell.
    void options(int l, int s, std::vector<CellId>& out) const {
        out.clear();
        const CellId h = head(l, s), g = head(l, 1 - s);
        bool adjacent = false;
        for (CellId d : p_.neighbours(h)) adjacent |= d == g;
        if (adjacent) {
            out.push_back(g);
            if (!rules_.touch) return;  // P4: adjacent heads must join
        }
        for (CellId d : p_.neighbours(h)) {
            if (owner_[d] != kFree) continue;
            if (!rules_.touch) {
                bool touches = false;
                for (CellId e : p_.neighbours(d)) touches |= e != h && e != g && owner_[e] == l;
                if (touches) continue;  // P4
            }
            out.push_back(d);
        }
    }

    // P1, P2, P3 and P5: true when no solution extends the current state.
    bool dead() {
        // Components of free cells.
        int components = 0;
        const bool parity = rules_.fill && bipartite_;
        balance_.clear();
        std::fill(comp_.begin(), comp_.end(), -1);
        for (CellId c = 0; c < n_; ++c) {
            if (owner_[c] != kFree || comp_[c] >= 0) continue;
            queue_.assign(1, c);
            comp_[c] = components;
            int balance = 0;
            for (std::size_t i = 0; i < queue_.size(); ++i) {
                balance += colour_[queue_[i]];
                for (CellId d : p_.neighbours(queue_[i]))
                    if (owner_[d] == kFree && comp_[d] < 0) {
                        comp_[d] = components;
                        queue_.push_back(d);
                    }
            }
            balance_.push_back(balance);
            ++components;
        }
        if (rules_.fill) served_.assign(std::size_t(components), 0);
        if (parity) {
            plus_.assign(std::size_t(components), 0);
            minus_.assign(std::size_t(components), 0);
        }
        int free_balance = 0, needed = 0;  // P5, globally
        for (int b : balance_) free_balance += b;
        for (int l = 0; l < labels_; ++l) {
            if (done_[l]) continue;
            const CellId h = head(l, 0), g = head(l, 1);
            near_.clear();  // the components h touches
            bool adjacent = false;
            for (CellId d : p_.neighbours(h)) {
                adjacent |= d == g;
                if (owner_[d] == kFree) near_.push_back(comp_[d]);
            }
            common_.clear();  // the components both heads touch
            for (CellId d : p_.neighbours(g))
                if (owner_[d] == kFree &&
                    std::find(near_.begin(), near_.end(), comp_[d]) != near_.end() &&
                    std::find(common_.begin(), common_.end(), comp_[d]) == common_.end())
                    common_.push_back(comp_[d]);
            if (!adjacent && common_.empty()) return true;  // P1
            if (!rules_.fill || (adjacent && !rules_.touch)) continue;
            for (int k : common_) served_[k] = 1;
            if (parity && colour_[h] == colour_[g]) {
                needed -= colour_[h];
                for (int k : common_) (colour_[h] > 0 ? minus_ : plus_)[k] += 1;
            }
        }
        if (!rules_.fill) return false;
        for (int k = 0; k < components; ++k)
            if (!served_[k]) return true;  // P2
        if (parity) {  // P5
            if (free_balance != needed) return true;
            for (int k = 0; k < components; ++k)
                if (balance_[k] > plus_[k] || -balance_[k] > minus_[k]) return true;
        }
        for (CellId c = 0; c < n_; ++c) {  // P3
            if (owner_[c] != kFree) continue;
            int free = 0;
            near_.clear();  // labels of the heads next to c
            bool pair = false;
            for (CellId d : p_.neighbours(c)) {
                if (owner_[d] == kFree) {
                    ++free;
                } else if (head_of_[d] != kNoLabel) {
                    pair |= std::find(near_.begin(), near_.end(), head_of_[d]) != near_.end();
                    near_.push_back(head_of_[d]);
                }
            }
            if (free + static_cast<int>(near_.size()) < 2 || (free == 0 && !pair)) return true;
        }
        return false;
    }

    void record() {
        Solution s;
        s.paths.resize(std::size_t(labels_));
        for (int l = 0; l < labels_; ++l) {
            s.paths[l] = arms_[l][0];
            s.paths[l].insert(s.paths[l].end(), arms_[l][1].rbegin(), arms_[l][1].rend());
        }
        const CheckResult check = check_solution(p_, s, rules_);
        if (!check.ok)
            throw InternalError("search found a solution the checker rejects (" + check.rule +
                                "): " + check.message);
        if (options_.distinct == Distinct::Colours && !colourings_.insert(solution_grid(p_, s)).second)
            return;  // a colouring counted before, reached by other paths
        ++result_.count;
        if (result_.solutions.size() < options_.keep) result_.solutions.push_back(std::move(s));
        if (options_.max_solutions > 0 && result_.count >= options_.max_solutions) {
            result_.status = SearchResult::Status::Capped;
            stop_ = true;
        }
    }

    void dfs(std::size_t depth) {
        if ((++result_.nodes & 1023) == 0) poll();
        if (stop_) return;
        if (unfinished_ == 0) {
            if (!rules_.fill || free_ == 0) record();
            return;
        }
        if (dead()) return;
        // The most constrained head.
        std::vector<CellId>& best = buffers_[depth];
        int best_label = -1, best_side = 0;
        for (int l = 0; l < labels_ && (best_label < 0 || best.size() > 1); ++l) {
            if (done_[l]) continue;
            for (int s = 0; s < 2; ++s) {
                options(l, s, scratch_);
                if (best_label < 0 || scratch_.size() < best.size()) {
                    std::swap(best, scratch_);
                    best_label = l;
                    best_side = s;
                    if (best.size() <= 1) break;
                }
            }
        }
        const int l = best_label, s = best_side;
        const CellId h = head(l, s), g = head(l, 1 - s);
        for (std::size_t i = 0; i < best.size() && !stop_; ++i) {
            const CellId d = best[i];
            if (d == g) {  // join the two heads: the label is finished
                done_[l] = 1;
                --unfinished_;
                head_of_[h] = head_of_[g] = kNoLabel;
                dfs(depth + 1);
                head_of_[h] = head_of_[g] = l;
                ++unfinished_;
                done_[l] = 0;
            } else {
                owner_[d] = l;
                arms_[l][s].push_back(d);
                head_of_[h] = kNoLabel;
                head_of_[d] = l;
                --free_;
                dfs(depth + 1);
                ++free_;
                head_of_[d] = kNoLabel;
                head_of_[h] = l;
                arms_[l][s].pop_back();
                owner_[d] = kFree;
            }
        }
    }
};

}  // namespace

SearchResult search_solutions(const Puzzle& puzzle, Rules rules, const SearchOptions& options) {
    Searcher searcher(puzzle, rules, options);
    return searcher.run();
}

}  // namespace nl
