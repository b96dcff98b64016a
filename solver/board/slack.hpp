// The lines' shortest routes: how many cells the lines need at least, against how many the
// board (or a part of it: a union of layer groups) has open. The slack, open cells minus the
// routes' cells, is an exact count: every line needs at least its shortest route's cells, so a
// negative slack proves that there is no solution (the refutation of refute.hpp), and a slack of
// 0 under fill rules means every line lies on a shortest route (the tight engine,
// solver/decompose/tight.hpp).
#pragma once

#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace nl {

// The part of the board the routes are taken in: the whole board, or the layers of a union of
// layer groups (with columns through the other layers).
struct BoardPart {
    bool whole = true;
    std::vector<char> layer_in;  // per layer (groups only)
    std::vector<int> lines;      // label indices
    long open_cells = 0;
    std::string name;            // "board" or "layers 1, 4"
};

// The whole board as a part: every line, every open cell.
BoardPart whole_board(const Puzzle& p);

// c's neighbours within the part (at most 8, in `out`); their number.
int part_neighbours(const Puzzle& p, const BoardPart& part, CellId c, CellId out[8]);
bool in_part(const Puzzle& p, const BoardPart& part, CellId c);

// Breadth-first distances of line `label` from `from` within the part, not entering other
// lines' ends. Stops when `stop` is reached (kNoCell: never) and returns its distance, or -1.
// `dist` must hold -1 everywhere; the cells it sets are listed in `touched` (clear_distances
// resets them).
int distances(const Puzzle& p, const BoardPart& part, int label, CellId from, CellId stop, std::vector<int>& dist,
              std::vector<CellId>& touched);
void clear_distances(std::vector<int>& dist, std::vector<CellId>& touched);

// The part's slack (open cells minus the lines' shortest routes in cells); `connected` false
// when some line has no route in the part.
long part_slack(const Puzzle& p, const BoardPart& part, bool& connected);

// The slack of the whole board, or nothing when some line's ends are not connected (then there
// is no solution either) or the board has bridges (a bridge cell is two nodes, and a line may
// pass it twice).
struct BoardSlack {
    bool known = false;
    bool disconnected = false;  // a line's ends have no route at all
    long slack = 0;
};
BoardSlack board_slack(const Puzzle& puzzle);

}  // namespace nl
