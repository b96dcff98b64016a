// JSON Lines: the machine interface. One object per puzzle, one per line:
//   {"name": "p.txt:1", "width": 5, "height": 5, "layers": 1, "rules": "flow",
//    "labels": [{"name": "R", "ends": [[0,0],[4,4]]}, ...], "blocked": [[2,2]],
//    "vias": [{"name": "a", "cells": [[1,1,0],[1,1,1]]}],          (only when present)
//    "geometry": "hex", "outside": [[0,0]], "bridges": [[2,2]],    (variants, only when present:
//    "warps": [[[0,1],[4,1]]], "walls": [[[1,1],[1,2]]],            docs/variants.md)
//    "paths": {"R": [[0,0],[1,0],...]}, "grid": [["R","R","."],...]}  (only with a solution)
// Coordinates are [x, y] (x = column), [x, y, z] on multi-layer boards. grid[y][x] holds the
// label name, "." for an empty and "#" for a blocked cell, " " for a cell outside a shaped board
// and "+" for a bridge (its two lanes are in "paths"); on multi-layer boards grid[z][y][x].
// The reader accepts JSON Lines, or one pretty-printed object or array of objects.
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string_view>
#include <unordered_map>

#include "core/format_readers.hpp"
#include "core/json.hpp"

namespace nl::detail {

using Json = nlohmann::ordered_json;

Json coord_json(const Puzzle& p, CellId c) {
    Coord q = p.coord(c);
    return p.layers > 1 ? Json::array({q.x, q.y, q.z}) : Json::array({q.x, q.y});
}

namespace {

// Input is parsed into nlohmann::json, whose objects are search trees: ordered_json (the
// writer's type, which keeps keys in the order written) checks every key against all before it
// while parsing, so reading the "paths" of a 1000x1000 board (91,000 labels) took half a minute.
// Nothing read depends on the order of keys.
using ReadJson = nlohmann::json;

// Context for error messages while decoding one object.
struct Reader {
    const TextFile& file;
    int line;

    [[noreturn]] void error(const std::string& what) const { fail(file, line, "JSON: " + what); }

    const ReadJson& field(const ReadJson& obj, const char* key) const {
        auto it = obj.find(key);
        if (it == obj.end()) error(std::string("missing field \"") + key + "\"");
        return *it;
    }
    int integer(const ReadJson& v, const std::string& what, int lo, int hi) const {
        if (!v.is_number_integer()) error(what + " must be an integer");
        auto x = v.get<long long>();
        if (x < lo || x > hi) error(what + " " + std::to_string(x) + " is out of range");
        return static_cast<int>(x);
    }
    std::string text(const ReadJson& v, const std::string& what) const {
        if (!v.is_string()) error(what + " must be a string");
        return v.get<std::string>();
    }
    Coord coord(const ReadJson& v) const {
        if (!v.is_array() || v.size() < 2 || v.size() > 3)
            error("a cell must be [x, y] or [x, y, z], found " + v.dump());
        Coord q{integer(v[0], "x", 0, 1 << 30), integer(v[1], "y", 0, 1 << 30),
                v.size() == 3 ? integer(v[2], "z", 0, 1 << 30) : 0};
        return q;
    }
    CellId cell(const Puzzle& p, const ReadJson& v) const {
        Coord q = coord(v);
        if (!p.in_bounds(q.x, q.y, q.z)) error("cell " + v.dump() + " is outside the board");
        return p.cell(q.x, q.y, q.z);
    }
};

PuzzleEntry puzzle_from_json(const Reader& r, const ReadJson& obj, int index,
                             const std::optional<Rules>& rules) {
    if (!obj.is_object()) r.error("expected an object per puzzle");
    const int w = r.integer(r.field(obj, "width"), "width", 1, 1 << 30);
    const int h = r.integer(r.field(obj, "height"), "height", 1, 1 << 30);
    const int d = obj.contains("layers") ? r.integer(obj["layers"], "layers", 1, 1 << 30) : 1;
    PuzzleEntry entry{board_at(r.file, r.line, w, h, d), {}, r.line};
    Puzzle& p = entry.puzzle;
    p.name = entry_name(r.file, index);
    if (rules) {
        p.rules = *rules;
    } else if (obj.contains("rules")) {
        auto named = rules_from_name(r.text(obj["rules"], "rules"));
        if (!named) r.error("unknown rules " + obj["rules"].dump());
        p.rules = *named;
    }
    const ReadJson& labels = r.field(obj, "labels");
    if (!labels.is_array()) r.error("\"labels\" must be an array");
    for (const ReadJson& l : labels) {
        const ReadJson& ends = r.field(l, "ends");
        if (!ends.is_array() || ends.size() != 2) r.error("a label needs two \"ends\"");
        p.labels.push_back({r.text(r.field(l, "name"), "label name"),
                            {r.cell(p, ends[0]), r.cell(p, ends[1])}});
    }
    if (obj.contains("geometry")) {
        const std::string g = r.text(obj["geometry"], "geometry");
        if (g == "hex") p.geometry = Geometry::Hex;
        else if (g != "square") r.error("unknown geometry \"" + g + "\" (square or hex)");
    }
    auto list = [&](const char* key) -> const ReadJson& {
        const ReadJson& v = obj[key];
        if (!v.is_array()) r.error(std::string("\"") + key + "\" must be an array");
        return v;
    };
    auto pairs = [&](const char* key, std::vector<CellPair>& out) {
        if (!obj.contains(key)) return;
        for (const ReadJson& w : list(key)) {
            if (!w.is_array() || w.size() != 2) r.error(std::string("each of \"") + key + "\" must be two cells");
            out.push_back({r.cell(p, w[0]), r.cell(p, w[1])});
        }
    };
    if (obj.contains("blocked"))
        for (const ReadJson& c : list("blocked")) p.blocked[r.cell(p, c)] = kCellBlocked;
    if (obj.contains("outside"))
        for (const ReadJson& c : list("outside")) p.blocked[r.cell(p, c)] = kCellOutside;
    if (obj.contains("bridges"))
        for (const ReadJson& c : list("bridges")) p.bridges.push_back(r.cell(p, c));
    pairs("warps", p.warps);
    pairs("walls", p.walls);
    if (obj.contains("vias"))
        for (const ReadJson& v : obj["vias"]) {
            Via via{r.text(r.field(v, "name"), "via name"), {}};
            for (const ReadJson& c : r.field(v, "cells")) via.cells.push_back(r.cell(p, c));
            p.vias.push_back(std::move(via));
        }
    finalize_at(p, r.file, r.line);
    if (obj.contains("paths")) {
        const ReadJson& paths = obj["paths"];
        if (!paths.is_object()) r.error("\"paths\" must be an object of label -> cells");
        Solution s;
        s.paths.resize(p.labels.size());
        std::unordered_map<std::string_view, int> index;  // label name -> label (names are unique)
        for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) index.emplace(p.labels[l].name, l);
        for (const auto& [name, cells] : paths.items()) {
            const auto found = index.find(name);
            if (found == index.end()) r.error("path for unknown label " + name);
            const int l = found->second;
            for (const ReadJson& c : cells) s.paths[l].push_back(r.cell(p, c));
            place_on_lanes(p, s.paths[l]);
        }
        entry.solution = std::move(s);
    }
    return entry;
}

// One line of JSON Lines, parsed; an error names the line.
ReadJson parse_json_line(const TextFile& file, int line) {
    const std::string_view text = trim(file.lines[line - 1]);
    try {
        return ReadJson::parse(text.begin(), text.end());
    } catch (const ReadJson::parse_error& e) {
        fail(file, line, std::string("invalid JSON: ") + e.what());
    } catch (const ReadJson::out_of_range& e) {  // a number too large for a double (1e999)
        fail(file, line, std::string("invalid JSON: ") + e.what());
    }
}

// The first non-blank line (1-based), 0 when there is none.
int first_json_line(const TextFile& file) {
    for (std::size_t i = 0; i < file.lines.size(); ++i)
        if (!trim(file.lines[i]).empty()) return static_cast<int>(i) + 1;
    return 0;
}

// JSON Lines when the first non-blank line is a whole JSON value; otherwise one document
// spanning lines (an object or an array of objects).
bool is_json_lines(const TextFile& file, int first) {
    const std::string_view text = trim(file.lines[first - 1]);
    try {
        const ReadJson value = ReadJson::parse(text.begin(), text.end());
        return !value.is_discarded();
    } catch (const ReadJson::parse_error&) {
        return false;
    } catch (const ReadJson::out_of_range&) {  // a whole value with a number beyond a double
        return true;
    }
}

// The whole file as one document; a syntax error names its line.
ReadJson parse_json_document(const TextFile& file) {
    try {
        return ReadJson::parse(file.content);
    } catch (const ReadJson::parse_error& e) {
        // nlohmann reports a byte offset; turn it into a line number.
        std::size_t offset = std::min<std::size_t>(e.byte, file.content.size());
        int line = 1 + static_cast<int>(std::count(file.content.begin(),
                                                   file.content.begin() + offset, '\n'));
        fail(file, line, std::string("invalid JSON: ") + e.what());
    } catch (const ReadJson::out_of_range& e) {
        fail(file, 0, std::string("invalid JSON: ") + e.what());
    }
}

}  // namespace

void split_json(const TextFile& file, const std::optional<Rules>& rules, std::vector<PendingPuzzle>& out) {
    const int first = first_json_line(file);
    if (first == 0) return;
    const std::size_t before = out.size();
    auto index = [&] { return static_cast<int>(out.size() - before) + 1; };
    if (is_json_lines(file, first)) {
        // Each line is parsed when its puzzle is built, so a bad line is that puzzle's error.
        for (std::size_t i = first - 1; i < file.lines.size(); ++i) {
            if (trim(file.lines[i]).empty()) continue;
            const int line = static_cast<int>(i) + 1, k = index();
            out.push_back({entry_name(file, k), line, [&file, line, k, rules] {
                               return puzzle_from_json(Reader{file, line}, parse_json_line(file, line), k, rules);
                           }});
        }
        return;
    }
    // The document is parsed once and shared by its puzzles' builds.
    auto document = std::make_shared<const ReadJson>(parse_json_document(file));
    const int line = std::max(first, 1);
    auto add = [&](const ReadJson& object) {
        const int k = index();
        out.push_back({entry_name(file, k), line, [&file, line, k, rules, document, &object] {
                           return puzzle_from_json(Reader{file, line}, object, k, rules);
                       }});
    };
    if (document->is_array())
        for (const ReadJson& object : *document) add(object);
    else
        add(*document);
}

std::vector<SolutionText> read_json_solutions(const TextFile& file) {
    auto entries = read_json(file, std::nullopt);
    auto out = solutions_of(entries);
    if (out.empty()) fail(file, 0, "no \"paths\" in this JSON file, so no solution to read");
    return out;
}

void write_json(std::ostream& out, const Puzzle& p, const Solution* solution) {
    // Names come from files in any encoding; bytes that are not UTF-8 become U+FFFD rather than
    // make dump() throw.
    out << json_line(puzzle_json(p, solution)) << '\n';
}

}  // namespace nl::detail

namespace nl {

using detail::Json;

Json cell_json(const Puzzle& p, CellId c) { return detail::coord_json(p, c); }

Json paths_json(const Puzzle& p, const Solution& solution) {
    // Label names are unique (finalize), so each goes straight to the end of the object:
    // ordered_json's operator[] searches its keys one by one, which made writing a 1000x1000
    // board's 91,000 paths take 17 s.
    Json paths = Json::object();
    auto& entries = static_cast<std::vector<std::pair<const std::string, Json>>&>(paths.get_ref<Json::object_t&>());
    entries.reserve(p.labels.size());
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        Json cells = Json::array();
        for (CellId c : solution.paths[l]) cells.push_back(detail::coord_json(p, c));
        entries.emplace_back(p.labels[l].name, std::move(cells));
    }
    return paths;
}

Json puzzle_json(const Puzzle& p, const Solution* solution) {
    using detail::coord_json;
    Json j;
    j["name"] = p.name;
    j["width"] = p.width;
    j["height"] = p.height;
    j["layers"] = p.layers;
    j["rules"] = rules_name(p.rules);
    Json labels = Json::array();
    for (const Label& l : p.labels)
        labels.push_back({{"name", l.name},
                          {"ends", Json::array({coord_json(p, l.ends[0]), coord_json(p, l.ends[1])})}});
    j["labels"] = std::move(labels);
    if (p.geometry == Geometry::Hex) j["geometry"] = "hex";
    Json blocked = Json::array(), outside = Json::array();
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (p.is_outside(c)) outside.push_back(coord_json(p, c));
        else if (p.is_blocked(c)) blocked.push_back(coord_json(p, c));
    j["blocked"] = std::move(blocked);
    if (!outside.empty()) j["outside"] = std::move(outside);
    if (!p.bridges.empty()) {
        Json bridges = Json::array();
        for (CellId c : p.bridges) bridges.push_back(coord_json(p, c));
        j["bridges"] = std::move(bridges);
    }
    for (const auto& [key, pairs] : {std::pair{"warps", &p.warps}, std::pair{"walls", &p.walls}}) {
        if (pairs->empty()) continue;
        Json list = Json::array();
        for (const CellPair& w : *pairs) list.push_back(Json::array({coord_json(p, w[0]), coord_json(p, w[1])}));
        j[key] = std::move(list);
    }
    if (!p.vias.empty()) {
        Json vias = Json::array();
        for (const Via& v : p.vias) {
            Json cells = Json::array();
            for (CellId c : v.cells) cells.push_back(coord_json(p, c));
            vias.push_back({{"name", v.name}, {"cells", std::move(cells)}});
        }
        j["vias"] = std::move(vias);
    }
    if (solution) {
        j["paths"] = paths_json(p, *solution);
        const auto owner = solution_grid(p, *solution);
        Json layers = Json::array();
        for (int z = 0; z < p.layers; ++z) {
            Json rows = Json::array();
            for (int y = 0; y < p.height; ++y) {
                Json row = Json::array();
                for (int x = 0; x < p.width; ++x) {
                    CellId c = p.cell(x, y, z);
                    row.push_back(p.is_outside(c)                  ? " "
                                  : p.is_blocked(c)                ? "#"
                                  : p.vertical_lane(c) != kNoCell ? "+"
                                  : owner[c] >= 0                  ? p.labels[owner[c]].name
                                                                   : ".");
                }
                rows.push_back(std::move(row));
            }
            layers.push_back(std::move(rows));
        }
        j["grid"] = p.layers > 1 ? std::move(layers) : std::move(layers[0]);
    }
    return j;
}

}  // namespace nl
