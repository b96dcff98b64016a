// The layers engine; see via_layers.hpp for the method and why its answers are exact.
#include "solver/decompose/via_layers.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

#include "core/checker.hpp"
#include "core/errors.hpp"

namespace nl {

namespace {

// A line whose ends lie on different layers, and the vias it may take (cheapest first).
struct Cross {
    int label = 0;
    int lo = 0, hi = 0;                      // its ends' layers, lo < hi
    CellId end_lo = kNoCell, end_hi = kNoCell;
    std::vector<int> vias;
};

// A via as a column: its position and, per layer, its cell there or kNoCell.
struct Column {
    int x = 0, y = 0;
    std::vector<CellId> at;  // per layer
};

// What is known of one layer's puzzle under one assignment of the cross lines that reach it.
struct LayerEntry {
    // A new entry is OutOfTime with slice 0: not tried yet, so any slice tries it.
    enum class State { Solved, Failed, OutOfTime } state = State::OutOfTime;
    double slice = 0;  // the time it was given (OutOfTime)
    Solution solution; // sub-puzzle paths, by sub label
    std::vector<int> sub_labels;  // sub label -> board label
};

class LayerSearch {
   public:
    LayerSearch(const Puzzle& p, Rules rules, const LayersOptions& options, LayersResult& out)
        : p_(p), rules_(rules), options_(options), out_(out) {
        budget_ = options.budget;
    }

    // False (with out_.why) when the board has a cross line no via can take.
    bool prepare() {
        for (const Via& via : p_.vias) {
            Column col;
            col.at.assign(p_.layers, kNoCell);
            bool straight = !via.cells.empty();
            for (CellId c : via.cells) {
                const Coord q = p_.coord(c);
                if (c == via.cells.front()) col.x = q.x, col.y = q.y;
                straight = straight && q.x == col.x && q.y == col.y;
                if (straight) col.at[q.z] = c;
            }
            if (!straight) col.at.assign(p_.layers, kNoCell);  // not a column: never used
            columns_.push_back(std::move(col));
        }
        for (int l = 0; l < static_cast<int>(p_.labels.size()); ++l) {
            const CellId a = p_.labels[l].ends[0], b = p_.labels[l].ends[1];
            if (p_.coord(a).z == p_.coord(b).z) continue;
            Cross k;
            k.label = l;
            const bool a_low = p_.coord(a).z < p_.coord(b).z;
            k.end_lo = a_low ? a : b;
            k.end_hi = a_low ? b : a;
            k.lo = p_.coord(k.end_lo).z;
            k.hi = p_.coord(k.end_hi).z;
            std::vector<std::pair<int, int>> costed;  // (cost, via)
            for (int v = 0; v < static_cast<int>(columns_.size()); ++v)
                if (takes(k, columns_[v])) costed.push_back({cost(k, columns_[v]), v});
            std::sort(costed.begin(), costed.end());
            for (const auto& [c, v] : costed) k.vias.push_back(v);
            if (k.vias.empty()) {
                out_.why = "no via takes line " + p_.labels[l].name + " from layer " + std::to_string(k.lo + 1) +
                           " to layer " + std::to_string(k.hi + 1);
                return false;
            }
            crosses_.push_back(std::move(k));
        }
        std::stable_sort(crosses_.begin(), crosses_.end(), [](const Cross& a, const Cross& b) {
            return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi;
        });
        out_.cross_lines = static_cast<int>(crosses_.size());
        // Layer z is complete (its puzzle fixed) once the last cross line reaching it has a via.
        complete_at_.assign(crosses_.size(), {});
        for (int z = 0; z < p_.layers; ++z) {
            int last = -1;
            for (int k = 0; k < static_cast<int>(crosses_.size()); ++k)
                if (crosses_[k].lo <= z && z <= crosses_[k].hi) last = k;
            if (last < 0) free_layers_.push_back(z);
            else complete_at_[last].push_back(z);
        }
        assigned_.assign(crosses_.size(), -1);
        used_.assign(columns_.size(), false);
        if (!completable(0)) {
            out_.why = "the vias cannot give every line that changes layer one of its own";
            return false;
        }
        return true;
    }

    // Searches with growing slices until solved, exhausted or out of time.
    void run() {
        double slice = options_.layer_seconds;
        while (true) {
            timed_out_ = false;
            bool free_ok = true;
            for (int z : free_layers_) free_ok = free_ok && layer_ok(z, slice);
            if (free_ok && descend(0, slice)) {
                out_.status = LayersResult::Status::Solved;
                return;
            }
            if (stop_ != StopReason::None) {
                out_.status = stop_ == StopReason::Interrupted ? LayersResult::Status::Interrupted
                                                               : LayersResult::Status::Timeout;
                return;
            }
            if (!timed_out_) {  // every assignment tried, each with a layer that has no answer
                out_.status = LayersResult::Status::Unknown;
                if (out_.why.empty()) out_.why = "no assignment of vias gave every layer a solution";
                return;
            }
            slice *= 2;
        }
    }

   private:
    const Puzzle& p_;
    Rules rules_;
    const LayersOptions& options_;
    LayersResult& out_;
    Budget budget_;
    std::vector<Column> columns_;
    std::vector<Cross> crosses_;
    std::vector<std::vector<int>> complete_at_;  // per cross index: layers complete once it has a via
    std::vector<int> free_layers_;               // layers no cross line reaches
    std::vector<int> assigned_;                  // per cross: its via, or -1
    std::vector<bool> used_;
    std::map<std::pair<int, std::vector<int>>, LayerEntry> layers_;
    bool timed_out_ = false;
    StopReason stop_ = StopReason::None;

    bool takes(const Cross& k, const Column& col) const {
        for (int z = k.lo; z <= k.hi; ++z) {
            const CellId c = col.at[z];
            if (c == kNoCell || p_.is_blocked(c)) return false;
            if (p_.is_terminal(c) && c != k.end_lo && c != k.end_hi) return false;
        }
        return true;
    }
    int cost(const Cross& k, const Column& col) const {
        const Coord a = p_.coord(k.end_lo), b = p_.coord(k.end_hi);
        return std::abs(a.x - col.x) + std::abs(a.y - col.y) + std::abs(b.x - col.x) + std::abs(b.y - col.y);
    }

    bool descend(std::size_t k, double slice) {
        if (k == crosses_.size()) return merge();
        for (int v : crosses_[k].vias) {
            if (used_[v]) continue;
            assigned_[k] = v;
            used_[v] = true;
            ++out_.assignments;
            bool ok = true;
            for (int z : complete_at_[k]) {
                ok = layer_ok(z, slice);
                if (!ok) break;
            }
            if (ok && completable(k + 1) && descend(k + 1, slice)) return true;
            used_[v] = false;
            assigned_[k] = -1;
            if (stop_ != StopReason::None) return false;
        }
        return false;
    }

    // Whether the cross lines from `from` on can each still get a via of their own (a bipartite
    // matching, by augmenting paths): without this check the search would try every via of
    // the lines before one that has none left.
    bool completable(std::size_t from) const {
        std::vector<int> owner(columns_.size(), -1);  // via -> cross index in this matching
        for (std::size_t k = from; k < crosses_.size(); ++k) {
            std::vector<bool> seen(columns_.size(), false);
            if (!augment(static_cast<int>(k), owner, seen)) return false;
        }
        return true;
    }
    bool augment(int k, std::vector<int>& owner, std::vector<bool>& seen) const {
        for (int v : crosses_[k].vias) {
            if (used_[v] || seen[v]) continue;
            seen[v] = true;
            if (owner[v] < 0 || augment(owner[v], owner, seen)) {
                owner[v] = k;
                return true;
            }
        }
        return false;
    }

    // The key of layer z's puzzle: the vias of the cross lines that reach it.
    std::vector<int> key(int z) const {
        std::vector<int> k;
        for (std::size_t i = 0; i < crosses_.size(); ++i)
            if (crosses_[i].lo <= z && z <= crosses_[i].hi) k.push_back(assigned_[i]);
        return k;
    }

    bool layer_ok(int z, double slice) {
        LayerEntry& e = layers_[{z, key(z)}];
        if (e.state == LayerEntry::State::Solved) return true;
        if (e.state == LayerEntry::State::Failed) return false;
        if (e.slice >= slice) {
            timed_out_ = true;
            return false;
        }
        if (stop_ != StopReason::None) return false;
        stop_ = budget_.check();
        if (stop_ != StopReason::None) return false;
        solve_layer(z, slice, e);
        if (e.state == LayerEntry::State::OutOfTime) timed_out_ = true;
        return e.state == LayerEntry::State::Solved;
    }

    void solve_layer(int z, double slice, LayerEntry& e) {
        ++out_.layer_solves;
        e.slice = slice;
        Puzzle sub = make_board(p_.width, p_.height, 1);
        sub.name = p_.name + " layer " + std::to_string(z + 1);
        sub.rules = p_.rules;
        for (int y = 0; y < p_.height; ++y)
            for (int x = 0; x < p_.width; ++x) sub.blocked[sub.cell(x, y)] = p_.blocked[p_.cell(x, y, z)];
        auto flat = [&](CellId c) { const Coord q = p_.coord(c); return sub.cell(q.x, q.y); };
        e.sub_labels.clear();
        for (int l = 0; l < static_cast<int>(p_.labels.size()); ++l) {
            const Label& label = p_.labels[l];
            if (p_.coord(label.ends[0]).z == z && p_.coord(label.ends[1]).z == z) {
                sub.labels.push_back(Label{label.name, {flat(label.ends[0]), flat(label.ends[1])}});
                e.sub_labels.push_back(l);
            }
        }
        for (std::size_t i = 0; i < crosses_.size(); ++i) {
            const Cross& k = crosses_[i];
            if (z < k.lo || z > k.hi) continue;
            const CellId via = flat(columns_[assigned_[i]].at[z]);
            const CellId end = z == k.lo ? k.end_lo : z == k.hi ? k.end_hi : kNoCell;
            if (end == kNoCell || flat(end) == via) {
                sub.blocked[via] = kCellBlocked;  // the line passes through, or ends on the via
                continue;
            }
            sub.labels.push_back(Label{p_.labels[k.label].name, {flat(end), via}});
            e.sub_labels.push_back(k.label);
        }
        try {
            finalize(sub);
        } catch (const ModelError&) {  // e.g. an end on a cell another cross line blocks
            e.state = LayerEntry::State::Failed;
            return;
        }
        PartLimits limits = PartLimits::within(options_.budget, slice);
        if (budget_.has_deadline()) {
            const double left = std::chrono::duration<double>(budget_.deadline - Budget::Clock::now()).count();
            limits.timeout = std::max(0.001, std::min(slice, left));
        }
        const PartAnswer r = options_.solve_part(sub, rules_, limits);
        if (r.status == Verdict::Solved) {
            e.state = LayerEntry::State::Solved;
            e.solution = r.solution;
        } else if (r.status == Verdict::Unsolvable) {
            e.state = LayerEntry::State::Failed;
        } else {
            e.state = LayerEntry::State::OutOfTime;
        }
    }

    // The board's solution from the layers' answers, if the checker takes it.
    bool merge() {
        Solution whole;
        whole.paths.resize(p_.labels.size());
        std::vector<std::vector<std::vector<CellId>>> parts(p_.labels.size());  // per label, per layer part
        for (int z = 0; z < p_.layers; ++z) {
            const LayerEntry& e = layers_.at({z, key(z)});
            for (std::size_t s = 0; s < e.sub_labels.size(); ++s) {
                std::vector<CellId> path;
                for (CellId c : e.solution.paths[s]) path.push_back(p_.cell(c % p_.width, c / p_.width, z));
                parts[e.sub_labels[s]].push_back(std::move(path));
            }
        }
        std::vector<bool> is_cross(p_.labels.size(), false);
        for (std::size_t i = 0; i < crosses_.size(); ++i) {
            const Cross& k = crosses_[i];
            is_cross[k.label] = true;
            const Column& col = columns_[assigned_[i]];
            std::vector<CellId>& path = whole.paths[k.label];
            // Its part on a layer runs from its end to the via (or is missing: the end is on it).
            auto part_on = [&](int z, CellId end) {
                for (auto& part : parts[k.label]) {
                    if (p_.coord(part.front()).z != z) continue;
                    if (part.front() != end) std::reverse(part.begin(), part.end());
                    return part;
                }
                return std::vector<CellId>{end};
            };
            path = part_on(k.lo, k.end_lo);
            path.pop_back();  // the via's cell on lo, added below
            for (int z = k.lo; z <= k.hi; ++z) path.push_back(col.at[z]);
            std::vector<CellId> upper = part_on(k.hi, k.end_hi);
            std::reverse(upper.begin(), upper.end());  // from the via to the end
            path.insert(path.end(), upper.begin() + 1, upper.end());
        }
        for (std::size_t l = 0; l < p_.labels.size(); ++l)
            if (!is_cross[l] && !parts[l].empty()) whole.paths[l] = parts[l].front();
        const CheckResult check = check_solution(p_, whole, rules_);
        if (!check.ok) {
            out_.why = "the layers' answers merged fail the checker: " + check.message;
            return false;
        }
        out_.solution = std::move(whole);
        return true;
    }
};

}  // namespace

std::string layers_not_applicable(const Puzzle& p) {
    if (p.layers < 2) return "the board has one layer";
    if (p.vias.empty()) return "the board lists no vias (a line may change layer anywhere)";
    if (!p.square_grid()) return "the board has hex cells, warps, walls or bridges";
    return "";
}

LayersResult solve_by_layers(const Puzzle& p, Rules rules, const LayersOptions& options) {
    LayersResult out;
    if (std::string why = layers_not_applicable(p); !why.empty()) {
        out.status = LayersResult::Status::NotApplicable;
        out.why = std::move(why);
        return out;
    }
    LayerSearch search(p, rules, options, out);
    if (!search.prepare()) return out;  // unknown, with the reason
    search.run();
    return out;
}


}  // namespace nl
