// Lines that would have to cross; see crossing.hpp for the arguments.
#include "solver/board/crossing.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

#include "core/zero_pages.hpp"

namespace nl {

namespace {

// One face's walk: the line ends met (2 * label + end), each at its first visit, in order.
struct Face {
    long area = 0;  // twice the signed area the walk encloses (y down)
    long steps = 0;
    CellId lowest = kNoCell;
    std::vector<int> ends;
};

// Directions clockwise: 0 up, 1 right, 2 down, 3 left.
class FaceWalker {
   public:
    explicit FaceWalker(const Puzzle& p)
        : p_(p),
          width_(p.width),
          cells_(p.width * p.height),
          traced_(std::size_t(cells_)),
          seen_(2 * p.labels.size(), -1) {
        for (const Label& l : p.labels)
            for (CellId c : l.ends) traced_[c] |= kEnd;
    }

    // The free neighbour of `c` in direction `d`, or kNoCell.
    CellId neighbour(CellId c, int d) const {
        const CellId n = grid_step(width_, cells_, c, d);
        return n != kNoCell && !p_.blocked[n] ? n : kNoCell;
    }

    bool traced(CellId c, int d) const { return traced_[c] >> d & 1; }

    // Walks the face that the directed adjacency c -> d borders: the next adjacency is always the
    // first free one clockwise after the way back, so every face is walked with itself on the
    // same side (round the outside of a group of cells clockwise on the screen, round an inner
    // face counterclockwise).
    Face walk(CellId c, int d, long number, const std::function<void()>& poll) {
        Face face;
        face.lowest = c;
        for (CellId at = c, dir = d;;) {
            traced_[at] |= std::uint8_t(1u << dir);
            if (traced_[at] & kEnd) {
                const int label = p_.terminal_label[at];
                const int end = 2 * label + (p_.labels[label].ends[0] == at ? 0 : 1);
                if (seen_[end] != number) face.ends.push_back(end);
                seen_[end] = number;
            }
            const CellId next = neighbour(at, dir);
            const Coord a = p_.coord(at), b = p_.coord(next);
            face.area += long(a.x) * b.y - long(b.x) * a.y;
            face.lowest = std::min(face.lowest, at);
            if (++face.steps % 65536 == 0 && poll) poll();
            const int back = (dir + 2) & 3;
            int turn = 1;
            while (turn < 4 && neighbour(next, (back + turn) & 3) == kNoCell) ++turn;
            at = next;
            dir = (back + turn) & 3;
            if (at == c && dir == d) break;
        }
        return face;
    }

   private:
    const Puzzle& p_;
    CellId width_, cells_;
    // Per cell, the directions whose faces are walked (bits 0-3) and whether a line ends there
    // (kEnd: the walk reads the terminal labels only there); zero pages until a walk passes (on
    // a huge board the faces that hold a line's end are a small part of it).
    static constexpr std::uint8_t kEnd = 16;
    std::vector<std::uint8_t, ZeroPagesAllocator<std::uint8_t>> traced_;
    std::vector<long> seen_;            // per line end, the last face that met it
};

std::string describe(const Puzzle& p, const Face& f) {
    if (f.area >= 0) return "the outside of the cells joined to " + format_cell(p, f.lowest);
    if (f.steps == 4) return "the 2x2 square of cells at " + format_cell(p, f.lowest);
    return "the blocked cells enclosed next to " + format_cell(p, f.lowest);
}

std::string names(const Puzzle& p, std::initializer_list<int> labels) {
    std::string out;
    std::size_t i = 0;
    for (int l : labels) {
        out += (i == 0 ? "" : i + 1 == labels.size() ? " and " : ", ");
        out += p.labels[l].name;
        ++i;
    }
    return out;
}

// Two lines with both ends on one face, met in the order A, B, A, B. Reading the labels in walk
// order, on reaching the second end of L, a label T opened after L and still open has one end
// between L's ends and the other after them; if that never happens, the labels cancel like
// balanced brackets and no two interleave.
std::optional<std::string> alternating(const Puzzle& p, const Face& f, std::vector<int>& count) {
    if (f.ends.size() < 4) return std::nullopt;
    for (int e : f.ends) count[e / 2] = 0;
    for (int e : f.ends) ++count[e / 2];
    std::vector<int> open;
    for (int e : f.ends) {
        const int label = e / 2;
        if (count[label] < 2) continue;  // its other end is not on this face
        if (count[label] == 2) {         // the first of its ends: open
            count[label] = 3;
            open.push_back(label);
            continue;
        }
        if (open.back() != label)
            return "lines " + names(p, {label, open.back()}) + " would have to cross: their ends alternate around " +
                   describe(p, f);
        open.pop_back();
    }
    return std::nullopt;
}

// A line with one end on face F and the other on face G, at those positions of the faces' walks.
struct Spoke {
    int f, g;  // faces, f < g
    int label;
    int at_f, at_g;
    bool operator<(const Spoke& o) const { return std::tie(f, g, label) < std::tie(o.f, o.g, o.label); }
};

// Three or more lines that each join face F to face G (see crossing.hpp): their order round F
// must be the reverse of their order round G, up to rotation. With the spokes sorted by their
// position on F (s_0, s_1, ...), rel_i = how far s_i lies from s_0 going backwards round G must be
// i; at the first i where rel_{i+1} < rel_i, the three lines s_0, s_i, s_{i+1} go round F and G
// the same way.
std::optional<std::string> twisted(const Puzzle& p, const std::vector<Face>& faces, std::vector<Spoke> spokes,
                                   std::vector<int>& rank) {
    const int k = static_cast<int>(spokes.size());
    std::sort(spokes.begin(), spokes.end(), [](const Spoke& a, const Spoke& b) { return a.at_g < b.at_g; });
    for (int i = 0; i < k; ++i) rank[spokes[i].label] = i;
    std::sort(spokes.begin(), spokes.end(), [](const Spoke& a, const Spoke& b) { return a.at_f < b.at_f; });
    const auto rel = [&](int i) { return ((rank[spokes[0].label] - rank[spokes[i].label]) % k + k) % k; };
    for (int i = 1; i + 1 < k; ++i) {
        if (rel(i + 1) > rel(i)) continue;
        return "lines " + names(p, {spokes[0].label, spokes[i].label, spokes[i + 1].label}) +
               " would have to cross: each joins " + describe(p, faces[spokes[0].f]) + " to " +
               describe(p, faces[spokes[0].g]) + ", and their ends go round the two in the same direction";
    }
    return std::nullopt;
}

// Every pair of faces that three or more lines join, checked by `twisted`.
std::optional<std::string> twisted_spokes(const Puzzle& p, const std::vector<Face>& faces) {
    const std::size_t ends = 2 * p.labels.size();
    std::vector<std::vector<std::pair<int, int>>> on(ends);  // per line end: (face, position)
    for (std::size_t f = 0; f < faces.size(); ++f)
        for (std::size_t i = 0; i < faces[f].ends.size(); ++i)
            on[faces[f].ends[i]].push_back({static_cast<int>(f), static_cast<int>(i)});
    std::vector<Spoke> spokes;
    for (std::size_t l = 0; l < p.labels.size(); ++l)
        for (const auto& [f0, i0] : on[2 * l])
            for (const auto& [f1, i1] : on[2 * l + 1]) {
                if (f0 == f1) continue;
                spokes.push_back(f0 < f1 ? Spoke{f0, f1, int(l), i0, i1} : Spoke{f1, f0, int(l), i1, i0});
            }
    std::sort(spokes.begin(), spokes.end());
    std::vector<int> rank(p.labels.size(), 0);
    for (std::size_t i = 0; i < spokes.size();) {
        std::size_t j = i;
        std::vector<Spoke> group;
        while (j < spokes.size() && spokes[j].f == spokes[i].f && spokes[j].g == spokes[i].g) {
            // A line whose ends lie on both faces could be read either way round: left out (the
            // argument holds for any subset of the lines).
            std::size_t same = j;
            while (same < spokes.size() && spokes[same].f == spokes[j].f && spokes[same].g == spokes[j].g &&
                   spokes[same].label == spokes[j].label)
                ++same;
            if (same == j + 1) group.push_back(spokes[j]);
            j = same;
        }
        if (group.size() >= 3)
            if (auto why = twisted(p, faces, std::move(group), rank)) return why;
        i = j;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> lines_must_cross(const Puzzle& p, const std::function<void()>& poll) {
    if (p.layers != 1 || !p.square_grid() || p.labels.size() < 2) return std::nullopt;
    FaceWalker walker(p);
    std::vector<Face> faces;
    std::vector<int> count(p.labels.size(), 0);
    long walks = 0;
    for (const Label& label : p.labels)
        for (CellId end : label.ends)
            for (int d = 0; d < 4; ++d) {
                if (walker.neighbour(end, d) == kNoCell || walker.traced(end, d)) continue;
                Face face = walker.walk(end, d, walks++, poll);
                if (auto why = alternating(p, face, count)) return why;
                if (face.ends.size() >= 3) faces.push_back(std::move(face));
            }
    return twisted_spokes(p, faces);
}

}  // namespace nl
