// Lines that would have to cross; see crossing.hpp for the argument.
#include "solver/board/crossing.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace nl {

namespace {

// Directions clockwise: 0 up, 1 right, 2 down, 3 left.
class FaceWalker {
   public:
    explicit FaceWalker(const Puzzle& p)
        : p_(p), width_(p.width), cells_(p.width * p.height), traced_(cells_, 0),
          first_visit_(2 * p.labels.size(), -1), stamp_(p.labels.size(), -1),
          ends_(p.labels.size(), 0) {}

    // The free neighbour of `c` in direction `d`, or kNoCell.
    CellId neighbour(CellId c, int d) const {
        const CellId x = c % width_;
        const CellId n = d == 0 ? (c >= width_ ? c - width_ : kNoCell)
                         : d == 1 ? (x + 1 < width_ ? c + 1 : kNoCell)
                         : d == 2 ? (c + width_ < cells_ ? c + width_ : kNoCell)
                                  : (x > 0 ? c - 1 : kNoCell);
        return n != kNoCell && !p_.blocked[n] ? n : kNoCell;
    }

    bool traced(CellId c, int d) const { return traced_[c] >> d & 1; }

    // Walks the face that the directed adjacency c -> d borders (the next adjacency is the first
    // free one clockwise after the way back), and returns why two lines cross on it, if they do.
    std::optional<std::string> walk_face(CellId c, int d, const std::function<void()>& poll) {
        ++face_;
        sequence_.clear();
        long area = 0, steps = 0;
        CellId lowest = c;
        for (CellId at = c, dir = d;;) {
            traced_[at] |= std::uint8_t(1u << dir);
            note_end(at);
            const CellId next = neighbour(at, dir);
            const Coord a = p_.coord(at), b = p_.coord(next);
            area += long(a.x) * b.y - long(b.x) * a.y;
            lowest = std::min(lowest, at);
            if (++steps % 65536 == 0 && poll) poll();
            const int back = (dir + 2) & 3;
            int turn = 1;
            while (turn < 4 && neighbour(next, (back + turn) & 3) == kNoCell) ++turn;
            at = next;
            dir = (back + turn) & 3;
            if (at == c && dir == d) break;
        }
        const auto pair = crossing_pair();
        if (!pair) return std::nullopt;
        return "lines " + p_.labels[pair->first].name + " and " + p_.labels[pair->second].name +
               " would have to cross: their ends alternate " + where(area, steps, lowest);
    }

   private:
    // Records the line end at `c` on this face, at its first visit.
    void note_end(CellId c) {
        const int label = p_.terminal_label[c];
        if (label == kNoLabel) return;
        const int end = p_.labels[label].ends[0] == c ? 0 : 1;
        if (first_visit_[2 * label + end] == face_) return;
        first_visit_[2 * label + end] = face_;
        sequence_.push_back(label);
    }

    // Two labels whose ends interleave in the sequence (labels met once are left out), if any:
    // on reaching the second end of L, a label T opened after L and still open has one end
    // between L's ends and the other after them. Otherwise the sequence cancels like balanced
    // brackets, and no two labels interleave.
    std::optional<std::pair<int, int>> crossing_pair() {
        if (sequence_.size() < 4) return std::nullopt;
        for (int label : sequence_) {
            if (stamp_[label] != face_) stamp_[label] = face_, ends_[label] = 0;
            ++ends_[label];
        }
        stack_.clear();
        for (int label : sequence_) {
            if (ends_[label] < 2) continue;  // its other end is not on this face
            if (ends_[label] == 2) {         // the first end: open
                ends_[label] = kOpen;
                stack_.push_back(label);
                continue;
            }
            if (stack_.back() != label) return std::make_pair(label, stack_.back());
            stack_.pop_back();
        }
        return std::nullopt;
    }

    std::string where(long area, long steps, CellId lowest) const {
        // The walk goes round an inner face counterclockwise on the screen (negative area with y
        // down) and round the outside of a group of cells clockwise (or along a tree: zero).
        if (area >= 0) return "around the outside of the cells joined to " + format_cell(p_, lowest);
        if (steps == 4) return "around the 2x2 square of cells at " + format_cell(p_, lowest);
        return "around the blocked cells enclosed next to " + format_cell(p_, lowest);
    }

    static constexpr int kOpen = 3;  // ends_: a label whose first end was passed

    const Puzzle& p_;
    CellId width_, cells_;
    std::vector<std::uint8_t> traced_;  // per cell, the directions whose faces are walked
    std::vector<long> first_visit_;     // per line end, the last face that met it
    std::vector<long> stamp_;           // per label, the last face that met it
    std::vector<int> ends_;             // per label, its ends on face stamp_ (or kOpen)
    std::vector<int> sequence_, stack_;
    long face_ = 0;
};

}  // namespace

std::optional<std::string> lines_must_cross(const Puzzle& p, const std::function<void()>& poll) {
    if (p.layers != 1 || !p.square_grid() || p.labels.size() < 2) return std::nullopt;
    FaceWalker walker(p);
    for (const Label& label : p.labels)
        for (CellId end : label.ends)
            for (int d = 0; d < 4; ++d) {
                if (walker.neighbour(end, d) == kNoCell || walker.traced(end, d)) continue;
                if (auto why = walker.walk_face(end, d, poll)) return why;
            }
    return std::nullopt;
}

}  // namespace nl
