// Forced and dead links, by propagation to a fixed point; see presolve.hpp for the rules and
// their arguments. One pass over the adjacency, then work only where something changed: linear
// in the board (a 1000x1000 board in tenths of a second).
#include "solver/board/presolve.hpp"

#include <cstdint>

#include "solver/board/corners.hpp"

namespace nl {

namespace {

enum class EdgeState : std::uint8_t { Open, Forced, Dead };

struct Propagation {
    const Puzzle& p;
    const Adjacency& adj;  // p's graph
    Rules rules;
    PresolveRules which;
    std::vector<CellId> edge_a, edge_b;     // endpoints of each edge
    std::vector<int> slot_edge;             // per adjacency slot (adj.cells), its edge
    std::vector<EdgeState> state;
    std::vector<std::uint8_t> forced_count;  // forced edges per cell
    std::vector<CellId> parent;              // union-find over cells joined by forced edges
    bool any_forced = false;                 // some edge is forced (parent is not the identity)
    std::vector<int> chain_label;            // per root: the label of a terminal on the chain
    std::vector<CellId> queue;
    std::vector<std::uint8_t> queued;
    std::optional<std::string> unsolvable;
    // The corners rule (corners.hpp): per slot its direction (0-3: N, E, S, W), and per turn and
    // cell whether a cell there may turn that way. Empty when the rule does not apply.
    std::vector<std::uint8_t> slot_dir;
    std::vector<std::uint8_t> turn_ok;  // corner_turns: bit k, turn k

    // `poll_budget` is called every 65,536 cells: on millions of cells the tables take tenths of
    // a second to build.
    Propagation(const Puzzle& puzzle, Rules r, const PresolveRules& w, const std::function<void()>& poll_budget)
        : p(puzzle), adj(puzzle.adjacency(poll_budget)), rules(r), which(w) {
        const int n = p.cell_count();
        slot_edge.assign(adj.cells.size(), -1);
        edge_a.reserve(adj.cells.size() / 2);  // each edge sits in two slots
        edge_b.reserve(adj.cells.size() / 2);
        for (CellId c = 0; c < n; ++c) {
            if ((c & 0xFFFF) == 0 && poll_budget) poll_budget();
            for (std::int32_t s = adj.start[c]; s < adj.start[c + 1]; ++s) {
                const CellId d = adj.cells[s];
                if (c < d) {
                    slot_edge[s] = static_cast<int>(edge_a.size());
                    edge_a.push_back(c);
                    edge_b.push_back(d);
                } else {  // the edge was made from d's side
                    for (std::int32_t t = adj.start[d]; t < adj.start[d + 1]; ++t)
                        if (adj.cells[t] == c) slot_edge[s] = slot_edge[t];
                }
            }
        }
        state.assign(edge_a.size(), EdgeState::Open);
        forced_count.assign(n, 0);
        parent.resize(n);
        chain_label.assign(n, kNoLabel);
        for (CellId c = 0; c < n; ++c) {
            parent[c] = c;
            chain_label[c] = p.terminal_label[c];
        }
        queued.assign(n, 0);
        if (which.corners && corner_rule_applies(p, rules)) {
            turn_ok = corner_turns(p);
            // The rule applies to one layer of a square grid (no warps), where a neighbour's id
            // differs by -W, +1, +W or -1 (N, E, S, W): no division per slot (on a board of a
            // million cells, the coordinates of every slot's two cells took a tenth of a solve).
            slot_dir.assign(adj.cells.size(), 0);
            // (N and S first: on a board one cell wide, -W and +W are -1 and +1.)
            for (CellId c = 0; c < n; ++c)
                for (std::int32_t s = adj.start[c]; s < adj.start[c + 1]; ++s) {
                    const CellId step = adj.cells[s] - c;
                    slot_dir[s] = step == -p.width ? 0 : step == p.width ? 2 : step == 1 ? 1 : 3;
                }
        }
    }

    CellId find(CellId c) {
        while (parent[c] != c) c = parent[c] = parent[parent[c]];
        return c;
    }
    CellId other(int e, CellId c) const { return edge_a[e] == c ? edge_b[e] : edge_a[e]; }
    void push(CellId c) {
        if (!queued[c]) {
            queued[c] = 1;
            queue.push_back(c);
        }
    }
    // An open edge may still be used: it closes no loop and joins no two labels (chains rule).
    // Until the first edge is forced every cell is a chain of its own, its own root, labelled by
    // its terminal: the edge joins two labels only between two terminals of different labels.
    // (Most cells of an open board under no-fill rules are examined in that state, three times
    // per edge, and the root look-ups were most of presolve's time.)
    bool joinable(int e) {
        if (!which.chains) return true;
        if (!any_forced) {
            const int la = chain_label[edge_a[e]], lb = chain_label[edge_b[e]];
            return la == kNoLabel || lb == kNoLabel || la == lb;
        }
        const CellId a = find(edge_a[e]), b = find(edge_b[e]);
        if (a == b) return false;
        return chain_label[a] == kNoLabel || chain_label[b] == kNoLabel || chain_label[a] == chain_label[b];
    }
    void kill(int e) {
        state[e] = EdgeState::Dead;
        push(edge_a[e]);
        push(edge_b[e]);
    }
    void fail(const std::string& why, CellId c) {
        if (!unsolvable) unsolvable = "forced: " + why + " at " + format_cell(p, c);
    }
    void force(int e) {
        const CellId a = find(edge_a[e]), b = find(edge_b[e]);
        if (which.chains && a == b) return fail("the links every solution needs close a loop", edge_a[e]);
        if (which.chains && chain_label[a] != kNoLabel && chain_label[b] != kNoLabel && chain_label[a] != chain_label[b])
            return fail("the links every solution needs join " + p.labels[chain_label[a]].name + " and " +
                            p.labels[chain_label[b]].name,
                        edge_a[e]);
        if (a != b) parent[a] = b;
        if (chain_label[b] == kNoLabel) chain_label[b] = chain_label[a];
        state[e] = EdgeState::Forced;
        any_forced = true;
        ++forced_count[edge_a[e]];
        ++forced_count[edge_b[e]];
        push(edge_a[e]);
        push(edge_b[e]);
    }

    std::span<const int> slots(CellId c) const {
        return {slot_edge.data() + adj.start[c], slot_edge.data() + adj.start[c + 1]};
    }

    // The corners rule for the free cell c (not a terminal): its two edges form a straight line
    // or an allowed turn, and include its forced edges.
    void corners(CellId c) {
        int edge[4] = {-1, -1, -1, -1};  // per direction: the edge, if usable
        for (std::int32_t s = adj.start[c]; s < adj.start[c + 1]; ++s) {
            const int e = slot_edge[s];
            if (state[e] == EdgeState::Forced || (state[e] == EdgeState::Open && joinable(e))) edge[slot_dir[s]] = e;
        }
        int shapes = 0, in_shapes[4] = {0, 0, 0, 0};
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b) {
                if (edge[a] < 0 || edge[b] < 0) continue;
                const bool straight = b == a + 2;
                const int turn = b == a + 1 ? a : 3;  // (0,1) (1,2) (2,3) turn a; (0,3) turn 3
                if (!straight && !((turn_ok[c] >> turn) & 1)) continue;
                bool keeps_forced = true;
                for (int k = 0; k < 4; ++k)
                    if (k != a && k != b && edge[k] >= 0 && state[edge[k]] == EdgeState::Forced) keeps_forced = false;
                if (!keeps_forced) continue;
                ++shapes;
                ++in_shapes[a];
                ++in_shapes[b];
            }
        if (shapes == 0) return fail("no straight line or turn that the corner rule allows through a cell", c);
        for (int k = 0; k < 4 && !unsolvable; ++k) {
            const int e = edge[k];
            if (e < 0 || state[e] != EdgeState::Open) continue;
            if (in_shapes[k] == 0) kill(e);
            else if (in_shapes[k] == shapes) force(e);
        }
    }

    void examine(CellId c) {
        if (p.is_blocked(c)) return;
        if (!slot_dir.empty() && !p.is_terminal(c)) {
            corners(c);
            if (unsolvable) return;
        }
        const int want = p.is_terminal(c) ? 1 : 2;
        int usable = 0;
        for (int e : slots(c)) {
            if (state[e] == EdgeState::Dead) continue;
            if (state[e] == EdgeState::Open && !joinable(e)) {
                kill(e);  // chains
                continue;
            }
            ++usable;
        }
        const int forced = forced_count[c];
        if (forced > want) {  // over-saturated (a dead end too): more links than its path has
            if (which.dead_end) fail("a cell has more links that every solution needs than its path can have", c);
            return;
        }
        if (forced >= want) {  // saturated
            if (which.saturated)
                for (int e : slots(c))
                    if (state[e] == EdgeState::Open) kill(e);
            return;
        }
        const bool on_a_path = p.is_terminal(c) || rules.fill || forced > 0;
        if (on_a_path) {
            if (usable < want) {  // dead end
                if (which.dead_end) fail("a cell has fewer usable neighbours than its path needs", c);
                return;
            }
            if (usable == want && which.forced)  // forced
                for (int e : slots(c))
                    if (state[e] == EdgeState::Open && !unsolvable) force(e);
        } else if (usable <= 1 && which.unreachable) {  // unreachable (no-fill)
            for (int e : slots(c))
                if (state[e] == EdgeState::Open) kill(e);
        }
    }

    // Called every kPollEvery cells examined (presolve's `poll`), possibly empty.
    static constexpr std::uint32_t kPollEvery = 1 << 16;
    std::function<void()> poll;
    std::uint32_t since_poll = 0;
    void tick() {
        if (++since_poll == kPollEvery) {
            since_poll = 0;
            if (poll) poll();
        }
    }

    void run() {
        for (CellId c = 0; c < p.cell_count(); ++c) push(c);
        while (!queue.empty() && !unsolvable) {
            const CellId c = queue.back();
            queue.pop_back();
            queued[c] = 0;
            examine(c);
            tick();
        }
    }

    // Cells no label can reach: a path's cells are joined by its used edges, all usable, to its
    // terminals; so a set of cells connected by usable edges that holds no terminal holds no
    // path. Under fill that is a contradiction; under no-fill its edges are dead.
    std::vector<int> part;  // filled by unreachable(): regions with a terminal, numbered
    int parts = 0;

    void unreachable() {
        std::vector<int> seen(p.cell_count(), -1);
        part.assign(p.cell_count(), -1);
        std::vector<CellId> stack, members;
        for (CellId start = 0; start < p.cell_count() && !unsolvable; ++start) {
            if (p.is_blocked(start) || seen[start] >= 0) continue;
            seen[start] = start;
            stack.assign(1, start);
            members.clear();
            bool has_terminal = false;
            while (!stack.empty()) {
                const CellId c = stack.back();
                stack.pop_back();
                members.push_back(c);
                has_terminal |= p.is_terminal(c);
                tick();
                for (int e : slots(c)) {
                    if (state[e] == EdgeState::Dead || (state[e] == EdgeState::Open && !joinable(e))) continue;
                    const CellId d = other(e, c);
                    if (seen[d] < 0) {
                        seen[d] = start;
                        stack.push_back(d);
                    }
                }
            }
            if (has_terminal) {
                for (CellId c : members) part[c] = parts;
                ++parts;
                continue;
            }
            if (rules.fill) return fail("no line can reach the cells connected to this one", start);
            for (CellId c : members)
                for (int e : slots(c))
                    if (state[e] == EdgeState::Open) state[e] = EdgeState::Dead;
        }
    }

    // The path of label l along forced edges, when they join its ends.
    std::optional<std::vector<CellId>> path_of(int l) {
        const CellId start = p.labels[l].ends[0], goal = p.labels[l].ends[1];
        if (find(start) != find(goal)) return std::nullopt;
        std::vector<CellId> path{start};
        CellId prev = kNoCell, cur = start;
        while (cur != goal) {
            CellId next = kNoCell;
            for (int e : slots(cur))
                if (state[e] == EdgeState::Forced && other(e, cur) != prev) next = other(e, cur);
            if (next == kNoCell || path.size() > static_cast<std::size_t>(p.cell_count())) return std::nullopt;
            prev = cur;
            cur = next;
            path.push_back(cur);
        }
        return path;
    }
};

}  // namespace

Presolved presolve(const Puzzle& p, Rules rules, const PresolveRules& which, const std::function<void()>& poll) {
    if (poll) poll();  // before the first tables, which are the size of the board
    Propagation prop(p, rules, which, poll);
    prop.poll = poll;
    prop.run();
    if (!prop.unsolvable && which.regions) prop.unreachable();
    Presolved out;
    if (prop.unsolvable) {
        out.unsolvable = prop.unsolvable;
        return out;
    }
    for (std::size_t e = 0; e < prop.state.size(); ++e) {
        const std::pair<CellId, CellId> edge{prop.edge_a[e], prop.edge_b[e]};
        if (prop.state[e] == EdgeState::Forced) out.forced.push_back(edge);
        else if (prop.state[e] == EdgeState::Dead || !prop.joinable(static_cast<int>(e))) out.dead.push_back(edge);
    }
    out.part = std::move(prop.part);
    out.parts = prop.parts;
    Solution s;
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        auto path = prop.path_of(l);
        if (!path) return out;
        s.paths.push_back(std::move(*path));
    }
    out.candidate = std::move(s);
    return out;
}

}  // namespace nl
