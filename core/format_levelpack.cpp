// Flow Free level packs (the game's own level files, read by Paul Matthews' wall follower).
//
// One puzzle per non-blank line:
//
//     size,type,level,npaths;path;path;...
//
// size is N for an N x N board; type 0 is a plain board (other types, e.g. bridges or hexes,
// are not supported); level is the board's number in the pack; npaths the number of colours.
// Each path lists, comma-separated, the row-major cell numbers (y * W + x) of one colour from
// one endpoint to the other, and together the paths cover every cell once: the line is the
// puzzle and its official solution in one. Labels are named "0", "1", ... in path order.
//
// Rectangular boards: a parser for the level files of the Flow Free 5.4 APK (found with the
// code search, a TypeScript "parse_flow_free_level") reads the size field of "rectangle" packs
// as "W:H" (width first, cells still numbered y * W + x). We accept that spelling and write it
// for non-square boards. No source documents a five-field "W,H,type,level,npaths" header, so a
// header with five fields is rejected (with a hint at W:H).
#include <algorithm>
#include <limits>
#include <ostream>

#include "core/format_readers.hpp"
#include "core/limits.hpp"

namespace nl::detail {

namespace {

constexpr long long kMaxInt = std::numeric_limits<int>::max();

struct Header {
    int width = 0, height = 0, npaths = 0;
};

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    for (;;) {
        std::size_t at = s.find(sep);
        parts.push_back(trim(s.substr(0, at)));
        if (at == std::string_view::npos) return parts;
        s.remove_prefix(at + 1);
    }
}

// "N" or "W:H".
void parse_size(const TextFile& file, int line, std::string_view field, Header& h) {
    auto sides = split(field, ':');
    if (sides.size() > 2)
        fail(file, line, "size '" + std::string(field) + "' is neither N nor W:H");
    h.width = parse_count(file, line, sides[0], "board width", limits::kMaxSide);
    h.height = sides.size() == 2
                   ? parse_count(file, line, sides[1], "board height", limits::kMaxSide)
                   : h.width;
    if (h.width == 0 || h.height == 0) fail(file, line, "board size must be at least 1");
}

Header parse_header(const TextFile& file, int line, std::string_view head) {
    auto fields = split(head, ',');
    if (fields.size() != 4) {
        std::string msg = "header '" + std::string(head) + "' has " +
                          std::to_string(fields.size()) +
                          " fields, expected 4: size,type,level,npaths";
        if (fields.size() == 5) msg += " (a rectangular board's size is written W:H)";
        fail(file, line, msg);
    }
    Header h;
    parse_size(file, line, fields[0], h);
    int type = parse_count(file, line, fields[1], "board type", kMaxInt);
    if (type != 0)
        fail(file, line, "type " + std::to_string(type) +
                             " is not supported (only type 0, a plain board)");
    parse_count(file, line, fields[2], "level number", kMaxInt);
    h.npaths = parse_count(file, line, fields[3], "path count", limits::kMaxCells);
    return h;
}

// Takes the next `sep`-separated field off the front of `rest` (trimmed); `rest` becomes empty
// after the last one. A line is cut up in place: on a pack of small boards, vectors of
// fields per path cost more than the numbers' parsing.
std::string_view next_field(std::string_view& rest, char sep) {
    const std::size_t at = rest.find(sep);
    const std::string_view field = trim(rest.substr(0, at));
    rest = at == std::string_view::npos ? std::string_view{} : rest.substr(at + 1);
    return field;
}

// The path groups after the header: drops a trailing ';' and checks the counts of paths and
// of their cells before any number is parsed, so that a wrong size field gets the message
// that names it. Returns the body without the trailing ';'.
std::string_view check_path_counts(const TextFile& file, int line, std::string_view body, const Header& h) {
    body = trim(body);
    long long groups = std::count(body.begin(), body.end(), ';') + 1;
    if (groups > 1 && body.back() == ';') {  // a trailing ';'
        body.remove_suffix(1);
        body = trim(body);
        --groups;
    }
    if (groups != h.npaths)
        fail(file, line, "header says " + std::to_string(h.npaths) + " paths, but the line has " +
                             std::to_string(groups));
    long long total = 0;
    std::string_view rest = body;
    for (int k = 1; k <= groups; ++k) {
        const std::string_view group = next_field(rest, ';');
        if (group.empty()) fail(file, line, "path " + std::to_string(k) + " is empty");
        const long long cells = std::count(group.begin(), group.end(), ',') + 1;
        if (cells < 2)
            fail(file, line, "path " + std::to_string(k) +
                                 " has only one cell (a path runs between two endpoints)");
        total += cells;
    }
    const long long cells = static_cast<long long>(h.width) * h.height;
    if (total != cells)
        fail(file, line, "levelpack line lists " + std::to_string(total) + " cells, but a " +
                             std::to_string(h.width) + "x" + std::to_string(h.height) +
                             " board has " + std::to_string(cells) + ": is the size field right?");
    return body;
}

PuzzleEntry parse_line(const TextFile& file, int line, std::string_view text, Rules rules,
                       int index) {
    const std::size_t semi = text.find(';');
    if (semi == std::string_view::npos)
        fail(file, line, "no ';' after the header: expected size,type,level,npaths;path;...");
    const Header h = parse_header(file, line, trim(text.substr(0, semi)));
    std::string_view rest = check_path_counts(file, line, text.substr(semi + 1), h);

    PuzzleEntry entry{board_at(file, line, h.width, h.height), Solution{}, line};
    Puzzle& p = entry.puzzle;
    p.name = entry_name(file, index);
    p.rules = rules;
    p.labels.reserve(static_cast<std::size_t>(h.npaths));
    entry.solution->paths.reserve(static_cast<std::size_t>(h.npaths));
    std::vector<int> owner(p.cell_count(), -1);  // path index of each listed cell
    for (int k = 0; k < h.npaths; ++k) {
        std::string_view group = next_field(rest, ';');
        const auto cells = static_cast<std::size_t>(std::count(group.begin(), group.end(), ',') + 1);
        std::vector<CellId> path;
        path.reserve(cells);
        for (std::size_t t = 0; t < cells; ++t) {
            const std::string_view token = next_field(group, ',');
            CellId c = parse_count(file, line, token, "cell number", p.cell_count() - 1);
            if (owner[c] >= 0)
                fail(file, line, "cell " + std::to_string(c) + " appears twice (" +
                                     (owner[c] == k ? "in path " + std::to_string(k + 1)
                                                    : "paths " + std::to_string(owner[c] + 1) + " and " +
                                                          std::to_string(k + 1)) +
                                     ")");
            owner[c] = k;
            path.push_back(c);
        }
        p.labels.push_back({std::to_string(k), {path.front(), path.back()}});
        entry.solution->paths.push_back(std::move(path));
    }
    finalize_at(p, file, line);
    return entry;
}

// ---- writer ----

std::string size_field(const Puzzle& p) {
    if (p.width == p.height) return std::to_string(p.width);
    return std::to_string(p.width) + ":" + std::to_string(p.height);
}

// The level number is the index our names end with ("file:7"), else 1.
int level_of(const std::string& name) {
    std::string_view tail = name;
    if (auto colon = tail.rfind(':'); colon != std::string_view::npos)
        tail.remove_prefix(colon + 1);
    int level = 0;
    auto [ptr, ec] = std::from_chars(tail.data(), tail.data() + tail.size(), level);
    if (tail.empty() || ec != std::errc() || ptr != tail.data() + tail.size() || level < 0)
        return 1;
    return level;
}

// A level-pack line must list every cell exactly once, each path from one endpoint of its
// label to the other: otherwise our own reader would reject what we wrote.
void check_solution(const Puzzle& p, const Solution& s) {
    if (s.paths.size() != p.labels.size())
        throw ModelError("the solution has " + std::to_string(s.paths.size()) + " paths for " +
                         std::to_string(p.labels.size()) + " labels");
    std::vector<std::uint8_t> used(p.cell_count(), 0);
    long long listed = 0;
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        const auto& path = s.paths[l];
        const Label& label = p.labels[l];
        if (path.size() < 2)
            throw ModelError("label " + label.name + " has no path in the solution; a "
                             "level-pack line needs a complete solution");
        const bool forward = path.front() == label.ends[0] && path.back() == label.ends[1];
        const bool backward = path.front() == label.ends[1] && path.back() == label.ends[0];
        if (!forward && !backward)
            throw ModelError("the path of label " + label.name +
                             " does not run between its endpoints");
        for (CellId c : path) {
            if (c < 0 || c >= p.cell_count())
                throw ModelError("the path of label " + label.name + " leaves the board");
            if (used[c]++)
                throw ModelError("cell " + format_cell(p, c) + " lies on two paths");
        }
        listed += static_cast<long long>(path.size());
    }
    if (listed != p.cell_count())
        throw ModelError("the solution leaves " + std::to_string(p.cell_count() - listed) +
                         " cells empty; a level-pack line must list every cell");
}

}  // namespace

void split_levelpack(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out) {
    const std::size_t first = out.size();
    for (std::size_t i = 0; i < file.lines.size(); ++i) {
        std::string_view text = trim(file.lines[i]);
        if (text.empty()) continue;
        const int index = static_cast<int>(out.size() - first) + 1;
        const int line = static_cast<int>(i) + 1;
        out.push_back({entry_name(file, index), line,
                       [&file, line, text, rules, index] { return parse_line(file, line, text, rules, index); }});
    }
    if (out.size() == first) fail(file, 0, "no level-pack lines");
}

void write_levelpack(std::ostream& out, const Puzzle& puzzle, const Solution* solution) {
    require_square_grid(puzzle, "level-pack");
    if (puzzle.layers != 1)
        throw ModelError("level packs hold single-layer boards; this one has " +
                         std::to_string(puzzle.layers) + " layers");
    for (CellId c = 0; c < puzzle.cell_count(); ++c)
        if (puzzle.is_blocked(c))
            throw ModelError("level packs cannot express blocked cells (cell " +
                             format_cell(puzzle, c) + " is blocked)");
    if (!solution)
        throw ModelError("a level-pack line carries the puzzle's solution, and none was given");
    check_solution(puzzle, *solution);
    out << size_field(puzzle) << ",0," << level_of(puzzle.name) << ',' << puzzle.labels.size();
    for (const auto& path : solution->paths) {
        out << ';';
        for (std::size_t i = 0; i < path.size(); ++i) out << (i ? "," : "") << path[i];
    }
    out << '\n';
}

}  // namespace nl::detail
