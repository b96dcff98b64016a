// What each fuzz target does with one input. Shared by the libFuzzer targets (tests/fuzz/fuzz_*.cpp)
// and by tests/test_fuzz_regressions.cpp, which replays every committed crash input under the
// normal build, so a target and its regression test cannot drift apart.
//
// The expected outcome of bad input is nl::InputError or nl::ModelError (exit 2 in the CLI); the
// entries swallow those. Anything else escapes: a crash, a sanitizer report, another exception
// (std::bad_alloc, std::out_of_range from a std::sto*, ...), or a broken invariant, thrown as
// std::logic_error. libFuzzer reports an escaping exception as a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"
#include "decoder/model_reader.hpp"

namespace nl::fuzz {

// Readers of one format (or detection when `format` is empty): the file as puzzles and as
// solutions, every solution a file carries through the checker, every puzzle through every
// writer, and every solution text matched to the file's first puzzle and checked (what `check`
// and `convert` do with a downloaded file).
inline void read_file(const TextFile& file, std::optional<Format> format) {
    if (!format) (void)detect_format(file);

    std::vector<PuzzleEntry> puzzles;
    try {
        puzzles = read_puzzles(file, ReadOptions{format, std::nullopt});
    } catch (const InputError&) {
    } catch (const ModelError&) {
    }
    for (const PuzzleEntry& e : puzzles) {
        if (e.solution) (void)check_solution(e.puzzle, *e.solution, e.puzzle.rules);
        for (Format to : {Format::Ascii, Format::Stream, Format::Levelpack, Format::Intgrid,
                          Format::Adc, Format::Json, Format::Paths, Format::Grid}) {
            std::ostringstream out;
            try {
                write_puzzle(out, to, e.puzzle, e.solution ? &*e.solution : nullptr);
            } catch (const ModelError&) {
            }
        }
    }

    std::vector<SolutionText> solutions;
    try {
        solutions = read_solutions(file, format);
    } catch (const InputError&) {
    } catch (const ModelError&) {
    }
    // Solution-only files (paths) are matched to a fixed puzzle whose labels are named like
    // a level pack's.
    if (puzzles.empty() && !solutions.empty())
        puzzles = read_puzzles(text_from_string("fixed", "5,0,1,4;0,1,2,3,8,13,18,23;4,9,14,19,24;"
                                                         "20,15,10,5,6,7,12,17;11,16,21,22\n"),
                               ReadOptions{Format::Levelpack, std::nullopt});
    if (puzzles.empty()) return;
    const Puzzle& puzzle = puzzles.front().puzzle;
    for (const SolutionText& text : solutions) {
        try {
            MatchedSolution m = match_solution(puzzle, text);
            if (m.problem.empty()) (void)check_solution(puzzle, m.solution, puzzle.rules);
        } catch (const InputError&) {
        } catch (const ModelError&) {
        }
    }
}

inline void read_text(const std::uint8_t* data, std::size_t size, std::optional<Format> format) {
    try {
        const TextFile file =
            text_from_string("fuzz", std::string(reinterpret_cast<const char*>(data), size));
        read_file(file, format);
    } catch (const InputError&) {  // binary data or an empty file
    }
}

// The file read one puzzle at a time (split_puzzles, then each build, as core/puzzle_stream.hpp
// reads a batch) against the file read whole: when the whole file reads, every streamed puzzle
// reads and is the same puzzle; when it does not, some streamed step fails too. Never more
// puzzles streamed than split.
inline void stream_text(const std::uint8_t* data, std::size_t size) {
    TextFile file;
    try {
        file = text_from_string("fuzz", std::string(reinterpret_cast<const char*>(data), size));
    } catch (const InputError&) {  // binary data or an empty file
        return;
    }
    std::optional<std::vector<PuzzleEntry>> whole;
    try {
        whole = read_puzzles(file, {});
    } catch (const InputError&) {
    } catch (const ModelError&) {
    }
    std::vector<PendingPuzzle> pending;
    bool failed = false;
    try {
        split_puzzles(file, {}, pending);
    } catch (const InputError&) {
        failed = true;
    } catch (const ModelError&) {
        failed = true;
    }
    for (std::size_t k = 0; k < pending.size(); ++k) {
        try {
            const PuzzleEntry e = pending[k].build();
            if (e.puzzle.name != pending[k].name) throw std::logic_error("a streamed puzzle changed its name");
            if (whole && (k >= whole->size() || (*whole)[k].puzzle.name != e.puzzle.name ||
                          (*whole)[k].puzzle.adjacency() != e.puzzle.adjacency()))
                throw std::logic_error("the streamed puzzle differs from the one read whole");
        } catch (const InputError&) {
            failed = true;
        } catch (const ModelError&) {
            failed = true;
        }
    }
    if (whole && (failed || whole->size() != pending.size()))
        throw std::logic_error("the file reads whole but not one puzzle at a time");
    if (!whole && !failed) throw std::logic_error("the file reads one puzzle at a time but not whole");
}

// A SAT solver's answer. The bound stands for the CNF's variable count that `decode` passes
// (small, so inputs naming huge variables do not make every run allocate a big model).
inline void read_sat_model(const std::uint8_t* data, std::size_t size) {
    constexpr int kMaxVar = 1 << 16;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        const Model m = read_model(in, "fuzz", kMaxVar);
        if (m.max_var() > kMaxVar) throw std::logic_error("model names a variable beyond the bound");
        if (m.status != ModelStatus::Sat && m.max_var() != 0)
            throw std::logic_error("values in an answer that is not SATISFIABLE");
    } catch (const InputError&) {
    }
}

// Reads the fuzz input as a sequence of bytes, 0 once exhausted.
class ByteReader {
   public:
    ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
    std::int16_t int16() {
        const std::uint16_t lo = byte(), hi = byte();
        return static_cast<std::int16_t>(lo | (hi << 8));
    }
    bool done() const { return pos_ >= size_; }

   private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
};

// The checker on arbitrary path lists. The input builds a small board (bytes: width, height,
// flags = layers | fill | touch | vias, label count, their terminals, blocked cells, vias), then
// any number of paths of any length whose cells are raw 16-bit ids (negative and off-board ones
// included). The checker must answer without crashing; an accepted solution is re-checked here
// with a plain independent test of the basic rules. Returns how many of the three rule sets
// accepted the paths (the seeds are accepted, so the re-check is exercised).
inline int check_paths(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    const int width = 1 + in.byte() % 7, height = 1 + in.byte() % 7;
    const std::uint8_t flags = in.byte();
    const int layers = 1 + (flags & 1);
    const Rules rules{(flags & 2) != 0, (flags & 4) != 0};
    Puzzle p = make_board(width, height, layers);
    const int n = p.cell_count();
    p.rules = rules;
    const int label_count = in.byte() % 6;
    for (int l = 0; l < label_count; ++l) {
        Label label;
        label.name = std::string(1, static_cast<char>('A' + l));
        label.ends = {in.byte() % n, in.byte() % n};
        p.labels.push_back(label);
    }
    for (int k = in.byte() % 8; k > 0; --k) p.blocked[in.byte() % n] = 1;
    if (flags & 8)
        for (int k = in.byte() % 4; k > 0; --k) {
            Via via;
            via.name = std::to_string(k);
            via.cells = {in.byte() % n, in.byte() % n};
            p.vias.push_back(via);
        }
    try {
        finalize(p);
    } catch (const ModelError&) {
        return 0;
    }

    Solution s;
    for (int k = in.byte() % 8; k > 0; --k) {
        std::vector<CellId> path(in.byte() % 64);
        for (CellId& c : path) c = in.int16();
        s.paths.push_back(std::move(path));
    }
    int accepted = 0;
    for (Rules r : {rules, Rules{true, true}, Rules{false, false}}) {
        const CheckResult result = check_solution(p, s, r);
        if (!result.ok) continue;
        ++accepted;
        // Accepted: one path per label, from terminal to terminal, over distinct free cells.
        if (s.paths.size() != p.labels.size()) throw std::logic_error("accepted a wrong path count");
        std::set<CellId> used;
        for (std::size_t l = 0; l < s.paths.size(); ++l) {
            const auto& path = s.paths[l];
            const auto& ends = p.labels[l].ends;
            if (path.empty() || !((path.front() == ends[0] && path.back() == ends[1]) ||
                                  (path.front() == ends[1] && path.back() == ends[0])))
                throw std::logic_error("accepted a path that does not join its terminals");
            for (std::size_t i = 0; i < path.size(); ++i) {
                if (path[i] < 0 || path[i] >= n || p.blocked[path[i]] || !used.insert(path[i]).second)
                    throw std::logic_error("accepted an off-board, blocked or reused cell");
                if (i > 0 && !p.adjacent(path[i - 1], path[i]))
                    throw std::logic_error("accepted a jump between cells that are not adjacent");
            }
        }
        if (r.fill)
            for (CellId c = 0; c < n; ++c)
                if (!p.blocked[c] && !used.count(c)) throw std::logic_error("accepted an empty cell under fill");
    }
    (void)solution_grid(p, s);
    return accepted;
}

// Target name -> entry, for scripts/fuzz --list and the regression test.
struct Target {
    std::string_view name;
    void (*run)(const std::uint8_t*, std::size_t);
};

inline constexpr Target kTargets[] = {
    {"ascii", [](const std::uint8_t* d, std::size_t n) { read_text(d, n, Format::Ascii); }},
    {"stream", [](const std::uint8_t* d, std::size_t n) { read_text(d, n, Format::Stream); }},
    {"levelpack", [](const std::uint8_t* d, std::size_t n) { read_text(d, n, Format::Levelpack); }},
    {"intgrid", [](const std::uint8_t* d, std::size_t n) { read_text(d, n, Format::Intgrid); }},
    {"adc", [](const std::uint8_t* d, std::size_t n) { read_text(d, n, Format::Adc); }},
    {"json", [](const std::uint8_t* d, std::size_t n) { read_text(d, n, Format::Json); }},
    {"paths", [](const std::uint8_t* d, std::size_t n) { read_text(d, n, Format::Paths); }},
    {"detect", [](const std::uint8_t* d, std::size_t n) { read_text(d, n, std::nullopt); }},
    {"stream_reader", stream_text},
    {"model", read_sat_model},
    {"checker", [](const std::uint8_t* d, std::size_t n) { (void)check_paths(d, n); }},
};

inline void run_target(std::string_view name, const std::uint8_t* data, std::size_t size) {
    for (const Target& t : kTargets)
        if (t.name == name) return t.run(data, size);
    throw std::invalid_argument("no fuzz target " + std::string(name));
}

}  // namespace nl::fuzz
