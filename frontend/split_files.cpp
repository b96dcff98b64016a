// Reading and writing a split's files (split_files.hpp).
#include "frontend/split_files.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/json.hpp"
#include "solver/count/count_json.hpp"

namespace nl {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

constexpr int kVersion = 1;

// Splits of splits deeper than this are refused (each level is one `run-part --split`; a cluster
// needs a handful, and the limit keeps a directory that nests itself from exhausting the stack).
constexpr int kMaxSplitDepth = 64;

std::string part_name(long index) {
    char name[32];
    std::snprintf(name, sizeof name, "part-%04ld.json", index);
    return name;
}

// Writes `text` to `path` through a temporary file in the same directory and a rename.
void write_atomically(const fs::path& path, const std::string& text) {
    const fs::path tmp = path.string() + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out) {
            std::error_code ignored;
            fs::remove(tmp, ignored);
            throw InputError(path.string(), 0, "cannot be written");
        }
    }
    std::error_code error;
    fs::rename(tmp, path, error);
    if (error) {
        fs::remove(tmp, error);
        throw InputError(path.string(), 0, "cannot be written: " + error.message());
    }
}

Json task_json(const SplitTask& task) {
    return Json{{"command", task.command}, {"max", task.max}, {"distinct", distinct_name(task.distinct)}};
}

// The one JSON object of a split file; InputError with the line of a syntax error.
Json load_object(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, 0, "cannot be read");
    std::stringstream text;
    text << in.rdbuf();
    const std::string content = text.str();
    try {
        Json j = Json::parse(content);
        if (!j.is_object()) throw InputError(path, 1, "not a numberlink split file (no JSON object)");
        return j;
    } catch (const nlohmann::json::parse_error& e) {
        const auto upto = std::min<std::size_t>(e.byte, content.size());
        const int line = 1 + static_cast<int>(std::count(content.begin(), content.begin() + upto, '\n'));
        throw InputError(path, line, "not valid JSON");
    }
}

// Field access that names the file and the field when it is missing or of the wrong type.
template <typename T>
T field(const Json& j, const char* key, const std::string& path) {
    if (!j.contains(key)) throw InputError(path, 1, std::string("no '") + key + "' field");
    try {
        return j.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        throw InputError(path, 1, std::string("field '") + key + "' has the wrong type");
    }
}

SplitTask read_task(const Json& j, const std::string& path) {
    const Json task = field<Json>(j, "task", path);
    SplitTask out;
    out.command = field<std::string>(task, "command", path);
    if (out.command != "count" && out.command != "unique" && out.command != "solve")
        throw InputError(path, 1, "task command must be count, unique or solve, not '" + out.command + "'");
    out.max = field<long>(task, "max", path);
    if (out.max < 0) throw InputError(path, 1, "task max must not be negative");
    const std::string distinct = field<std::string>(task, "distinct", path);
    if (distinct != "paths" && distinct != "colours") throw InputError(path, 1, "task distinct must be paths or colours");
    out.distinct = distinct == "paths" ? Distinct::Paths : Distinct::Colours;
    return out;
}

Puzzle read_puzzle(const Json& j, const std::string& path) {
    const Json puzzle = field<Json>(j, "puzzle", path);
    std::vector<PuzzleEntry> entries =
        read_puzzles(text_from_string(path, json_line(puzzle)), ReadOptions{Format::Json, std::nullopt});
    if (entries.size() != 1) throw InputError(path, 1, "the 'puzzle' field must hold one puzzle");
    Puzzle p = std::move(entries[0].puzzle);
    p.name = field<std::string>(j, "source", path);
    return p;
}

CellId read_cell(const Puzzle& p, const Json& c, const std::string& path) {
    if (!c.is_array() || c.size() < 2 || c.size() > 3) throw InputError(path, 1, "a cell must be [x, y] or [x, y, z]");
    for (const Json& v : c)
        if (!v.is_number_integer()) throw InputError(path, 1, "a cell's coordinates must be integers");
    const int x = c[0].get<int>(), y = c[1].get<int>(), z = c.size() == 3 ? c[2].get<int>() : 0;
    if (!p.in_bounds(x, y, z)) throw InputError(path, 1, "cell " + c.dump() + " is outside the board");
    return p.cell(x, y, z);
}

Json cube_json(const Puzzle& p, const Cube& cube) {
    Json lines = Json::array();
    for (const LinePrefix& line : cube) {
        Json cells = Json::array();
        for (CellId c : line.cells) cells.push_back(cell_json(p, c));
        lines.push_back({{"label", p.labels[line.label].name}, {"cells", std::move(cells)}});
    }
    return lines;
}

Cube read_cube(const Puzzle& p, const Json& lines, const std::string& path) {
    if (!lines.is_array()) throw InputError(path, 1, "a cube must be a list of line prefixes");
    Cube cube;
    for (const Json& line : lines) {
        LinePrefix prefix;
        prefix.label = p.label_index(field<std::string>(line, "label", path));
        if (prefix.label == kNoLabel) throw InputError(path, 1, "a cube names a label the puzzle does not have");
        for (const Json& c : field<Json>(line, "cells", path)) prefix.cells.push_back(read_cell(p, c, path));
        if (prefix.cells.size() < 2 || prefix.cells[0] != p.labels[prefix.label].ends[0])
            throw InputError(path, 1, "a line prefix must start at its label's first end and hold two cells or more");
        for (std::size_t i = 0; i + 1 < prefix.cells.size(); ++i)
            if (!p.adjacent(prefix.cells[i], prefix.cells[i + 1]))
                throw InputError(path, 1, "a line prefix steps between cells that are not neighbours");
        cube.push_back(std::move(prefix));
    }
    return cube;
}

std::string split_id(const Json& manifest_body) {
    char id[17];
    std::snprintf(id, sizeof id, "%016zx", std::hash<std::string>{}(json_line(manifest_body)));
    return id;
}

// part-0007.json -> part-0007, the stem of the files that belong to the part.
std::string part_base(const std::string& part_path) {
    return part_path.ends_with(".json") ? part_path.substr(0, part_path.size() - 5) : part_path;
}

std::string stop_text(StopReason stop) { return stop == StopReason::None ? "none" : stop_name(stop); }

StopReason stop_from_text(const std::string& text, const std::string& path) {
    for (StopReason r : {StopReason::None, StopReason::Timeout, StopReason::Interrupted, StopReason::Memory})
        if (stop_text(r) == text) return r;
    throw InputError(path, 1, "unknown stop reason '" + text + "'");
}

Solution read_solution(const Puzzle& p, const Json& paths, const std::string& path) {
    if (!paths.is_object()) throw InputError(path, 1, "a solution must be an object of paths");
    Solution s;
    s.paths.resize(p.labels.size());
    for (const auto& [name, cells] : paths.items()) {
        const int label = p.label_index(name);
        if (label == kNoLabel || !cells.is_array()) throw InputError(path, 1, "a solution names an unknown label");
        for (const Json& c : cells) s.paths[label].push_back(read_cell(p, c, path));
    }
    const CheckResult checked = check_solution(p, s, p.rules);
    if (!checked.ok) throw InputError(path, 1, "a solution fails the checker (" + checked.rule + ")");
    return s;
}

PartCount read_result(const Puzzle& p, const Json& j, const std::string& path) {
    PartCount out;
    out.count = field<long>(j, "count", path);
    out.capped = field<bool>(j, "capped", path);
    out.stop = stop_from_text(field<std::string>(j, "stop", path), path);
    out.seconds = field<double>(j, "seconds", path);
    for (const Json& s : field<Json>(j, "solutions", path)) out.solutions.push_back(read_solution(p, s, path));
    if (out.count < 0 || out.solutions.size() > static_cast<std::size_t>(out.count))
        throw InputError(path, 1, "the count and the solutions do not agree");
    return out;
}

// The answer file of part `index` of split `id`; InputError when it belongs to another split or
// part.
PartCount read_result_file(const Puzzle& p, const std::string& id, long index, const std::string& path) {
    const Json r = load_object(path);
    if (field<std::string>(r, "id", path) != id) throw InputError(path, 1, "the answer of another split");
    if (field<long>(r, "part", path) != index) throw InputError(path, 1, "the answer of another part");
    return read_result(p, r, path);
}

}  // namespace

SplitManifest write_split(const std::string& dir, const Puzzle& puzzle, const SplitTask& task,
                          const CubeSplit& split, long parts, const std::optional<SplitParent>& parent) {
    const fs::path root(dir);
    std::error_code error;
    fs::create_directories(root, error);
    if (error || !fs::is_directory(root)) throw InputError(dir, 0, "cannot create the directory");
    if (fs::exists(root / "manifest.json"))
        throw InputError(dir, 0, "already holds a split (manifest.json); remove it or choose another directory");
    const std::vector<std::vector<Cube>> dealt = deal_cubes(split.cubes, parts);
    SplitManifest manifest{"", task, puzzle, static_cast<long>(dealt.size()), static_cast<long>(split.cubes.size()),
                           split.dropped, parent};
    Json body{{"numberlink_split", kVersion}, {"task", task_json(task)}, {"source", puzzle.name},
              {"parts", manifest.parts}, {"cubes", manifest.cubes}, {"dropped", manifest.dropped},
              {"puzzle", puzzle_json(puzzle, nullptr)}};
    if (parent) body["parent"] = Json{{"id", parent->id}, {"part", parent->part}};
    manifest.id = split_id(body);
    body["id"] = manifest.id;
    for (std::size_t i = 0; i < dealt.size(); ++i) {
        Json cubes = Json::array();
        for (const Cube& cube : dealt[i]) cubes.push_back(cube_json(puzzle, cube));
        const Json part{{"numberlink_part", kVersion}, {"id", manifest.id}, {"task", task_json(task)},
                        {"source", puzzle.name}, {"part", static_cast<long>(i + 1)}, {"parts", manifest.parts},
                        {"puzzle", puzzle_json(puzzle, nullptr)}, {"cubes", std::move(cubes)}};
        write_atomically(root / part_name(static_cast<long>(i + 1)), json_line(part) + "\n");
    }
    // The manifest last: a directory with a manifest has all its parts.
    write_atomically(root / "manifest.json", json_line(body) + "\n");
    return manifest;
}

PartFile read_part_file(const std::string& path) {
    const Json j = load_object(path);
    if (j.contains("numberlink_split"))
        throw InputError(path, 1, "is the manifest of a split; run-part takes its part-NNNN.json files");
    if (j.contains("numberlink_part_result")) throw InputError(path, 1, "is the answer of a part, not a part");
    if (!j.contains("numberlink_part"))
        throw InputError(path, 1, "not a part of a split (made by count/unique --split N --emit DIR)");
    if (field<int>(j, "numberlink_part", path) != kVersion) throw InputError(path, 1, "a part of another version");
    PartFile part;
    part.path = path;
    part.id = field<std::string>(j, "id", path);
    part.task = read_task(j, path);
    part.puzzle = read_puzzle(j, path);
    part.index = field<long>(j, "part", path);
    part.parts = field<long>(j, "parts", path);
    if (part.index < 1 || part.index > part.parts) throw InputError(path, 1, "the part number is out of range");
    for (const Json& cube : field<Json>(j, "cubes", path)) part.cubes.push_back(read_cube(part.puzzle, cube, path));
    return part;
}

std::string result_path(const std::string& part_path) { return part_base(part_path) + ".result.jsonl"; }

void write_part_result(const PartFile& part, const PartCount& count) {
    Json solutions = Json::array();
    for (const Solution& s : count.solutions) solutions.push_back(paths_json(part.puzzle, s));
    const Json result{{"numberlink_part_result", kVersion}, {"id", part.id}, {"part", part.index},
                      {"parts", part.parts}, {"count", count.count}, {"capped", count.capped},
                      {"stop", stop_text(count.stop)}, {"seconds", count.seconds},
                      {"solutions", std::move(solutions)}};
    write_atomically(result_path(part.path), json_line(result) + "\n");
}

std::string sub_split_dir(const std::string& part_path) { return part_base(part_path) + ".split"; }

namespace {

// The directory of the first split above the part at `part_path`: up through the splits of parts
// (a part-NNNN.split directory inside a split) to the one that is not.
fs::path root_split_dir(const std::string& part_path) {
    fs::path dir = fs::absolute(fs::path(part_path)).parent_path();
    for (int depth = 0; depth < kMaxSplitDepth; ++depth) {
        const bool split_of_a_part = dir.filename().string().ends_with(".split");
        if (!split_of_a_part || !fs::exists(dir.parent_path() / "manifest.json")) break;
        dir = dir.parent_path();
    }
    return dir;
}

constexpr const char* kFoundNote = "solution-found.json";

}  // namespace

void note_solution_found(const PartFile& part) {
    const Json note{{"numberlink_solution_found", kVersion}, {"part_file", fs::absolute(part.path).string()}};
    write_atomically(root_split_dir(part.path) / kFoundNote, json_line(note) + "\n");
}

bool solution_found(const PartFile& part) {
    const fs::path note = root_split_dir(part.path) / kFoundNote;
    if (!fs::exists(note)) return false;
    const Json j = load_object(note.string());
    const std::string finder = field<std::string>(j, "part_file", note.string());
    return fs::exists(result_path(finder));
}

bool has_sub_split(const std::string& part_path) {
    return fs::exists(fs::path(sub_split_dir(part_path)) / "manifest.json");
}

namespace {

SplitState read_split_at(const std::string& dir, int depth);

bool same_task(const SplitTask& a, const SplitTask& b) {
    return a.command == b.command && a.max == b.max && a.distinct == b.distinct;
}

// Part `index` of split `m` as its own split in `dir` says: the merged answer of the split's
// parts, which cover the part's solutions exactly once. InputError when `dir` is not a split of
// that part (another split's, another part's, another puzzle or task).
PartCount read_sub_split(const SplitManifest& m, long index, const std::string& dir, int depth,
                         std::vector<std::string>& open_inside, bool& pending) {
    const std::string manifest_path = (fs::path(dir) / "manifest.json").string();
    if (depth >= kMaxSplitDepth) throw InputError(dir, 0, "splits nested too deep");
    const SplitState sub = read_split_at(dir, depth + 1);
    const SplitManifest& s = sub.manifest;
    if (!s.parent || s.parent->id != m.id || s.parent->part != index)
        throw InputError(manifest_path, 1, "not a split of part " + std::to_string(index) + " of this split");
    if (!same_task(s.task, m.task) || json_line(puzzle_json(s.puzzle, nullptr)) != json_line(puzzle_json(m.puzzle, nullptr)))
        throw InputError(manifest_path, 1, "splits another puzzle or task than its parent");
    std::vector<std::size_t> open;
    CountResult merged = merge_part_counts(sub.results, m.task.max, 2, open);
    PartCount out;
    out.count = merged.count;
    out.capped = merged.capped;
    out.stop = merged.timed_out ? merged.stop : StopReason::None;
    out.seconds = merged.stats.solve_seconds;
    out.solutions = std::move(merged.solutions);
    for (const std::string& name : open_part_names(sub, open)) open_inside.push_back(std::to_string(index) + "." + name);
    for (std::size_t i = 0; i < sub.results.size(); ++i) pending = pending || !sub.results[i] || sub.pending[i];
    return out;
}

// The answer of part `index` of split `m`, whose file is `part_path`: its own when finished, else
// its split's (part-NNNN.split) when it was split again, else its own stopped one or none.
std::optional<PartCount> part_answer(const SplitManifest& m, long index, const std::string& part_path, int depth,
                                     std::vector<std::string>& inside, bool& pending) {
    const std::string path = result_path(part_path);
    std::optional<PartCount> result;
    if (fs::exists(path)) result = read_result_file(m.puzzle, m.id, index, path);
    if ((!result || result->stop != StopReason::None) && has_sub_split(part_path)) {
        PartCount split = read_sub_split(m, index, sub_split_dir(part_path), depth, inside, pending);
        // Both are lower bounds on the part's count while open; the split's answer is the part's
        // when it has finished.
        if (!result || split.stop == StopReason::None || split.count >= result->count) result = std::move(split);
    }
    return result;
}

SplitState read_split_at(const std::string& dir, int depth) {
    const fs::path root(dir);
    const std::string manifest_path = (root / "manifest.json").string();
    if (!fs::exists(manifest_path)) throw InputError(dir, 0, "holds no split (no manifest.json)");
    const Json j = load_object(manifest_path);
    if (!j.contains("numberlink_split")) throw InputError(manifest_path, 1, "not the manifest of a split");
    SplitState state;
    SplitManifest& m = state.manifest;
    m.id = field<std::string>(j, "id", manifest_path);
    m.task = read_task(j, manifest_path);
    m.puzzle = read_puzzle(j, manifest_path);
    m.parts = field<long>(j, "parts", manifest_path);
    m.cubes = field<long>(j, "cubes", manifest_path);
    m.dropped = field<long>(j, "dropped", manifest_path);
    if (j.contains("parent")) {
        const Json parent = field<Json>(j, "parent", manifest_path);
        m.parent = SplitParent{field<std::string>(parent, "id", manifest_path), field<long>(parent, "part", manifest_path)};
    }
    if (m.parts < 0 || m.parts > 1000000) throw InputError(manifest_path, 1, "the number of parts is out of range");
    for (long i = 1; i <= m.parts; ++i) {
        std::vector<std::string> inside;
        bool pending = false;
        state.results.push_back(part_answer(m, i, (root / part_name(i)).string(), depth, inside, pending));
        state.open_inside.push_back(std::move(inside));
        state.pending.push_back(pending);
    }
    return state;
}

}  // namespace

SplitState read_split(const std::string& dir) { return read_split_at(dir, 0); }

std::vector<std::string> open_part_names(const SplitState& state, const std::vector<std::size_t>& open) {
    std::vector<std::string> names;
    for (std::size_t i : open) {
        if (i < state.open_inside.size() && !state.open_inside[i].empty())
            names.insert(names.end(), state.open_inside[i].begin(), state.open_inside[i].end());
        else
            names.push_back(std::to_string(i + 1));
    }
    return names;
}

std::optional<PartCount> read_part_result(const PartFile& part) {
    SplitManifest m;
    m.id = part.id;
    m.task = part.task;
    m.puzzle = part.puzzle;
    std::vector<std::string> inside;
    bool pending = false;
    return part_answer(m, part.index, part.path, 0, inside, pending);
}

}  // namespace nl
