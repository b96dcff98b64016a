// Reading, writing and checking through the public API (include/numberlink/numberlink.hpp):
// core/formats.hpp's readers and writers, encoder/dimacs.hpp's CNF and core/checker.hpp, on
// public types.
#include <ostream>
#include <sstream>

#include "api/puzzle_impl.hpp"
#include "core/checker.hpp"
#include "encoder/dimacs.hpp"

namespace numberlink {

namespace {

// The public and internal Format enumerations list the same formats in the same order; the
// names tie them, so a reordering on either side cannot mismatch them silently.
nl::Format internal_format(Format format) {
    if (const auto f = nl::format_from_name(format_name(format))) return *f;
    throw InternalError("format " + std::string(format_name(format)) + " is unknown to the library");
}

nl::ReadOptions internal_read_options(const ReadOptions& options) {
    nl::ReadOptions o;
    if (options.format) o.format = internal_format(*options.format);
    if (options.rules) o.rules = api::internal_rules(*options.rules);
    return o;
}

}  // namespace

std::string_view format_name(Format format) {
    switch (format) {
        case Format::Ascii: return "ascii";
        case Format::Stream: return "stream";
        case Format::Levelpack: return "levelpack";
        case Format::Intgrid: return "intgrid";
        case Format::Adc: return "adc";
        case Format::Json: return "json";
        case Format::Paths: return "paths";
        case Format::Grid: return "grid";
        case Format::Board: return "board";
        case Format::Flowsolver: return "flowsolver";
    }
    return "?";
}

std::optional<Format> format_from_name(std::string_view name) {
    for (Format f : {Format::Ascii, Format::Stream, Format::Levelpack, Format::Intgrid, Format::Adc, Format::Json,
                     Format::Paths, Format::Grid, Format::Board, Format::Flowsolver})
        if (format_name(f) == name) return f;
    return std::nullopt;
}

std::vector<Entry> read_file(const std::string& path, const ReadOptions& options) {
    return api::translating_errors(
        [&] { return api::public_entries(nl::read_puzzles(path, internal_read_options(options))); });
}

std::vector<Entry> read_text(std::string_view text, const ReadOptions& options, const std::string& name) {
    return api::translating_errors([&] {
        const nl::TextFile file = nl::text_from_string(name, std::string(text));
        return api::public_entries(nl::read_puzzles(file, internal_read_options(options)));
    });
}

Solution read_solution(const Puzzle& puzzle, std::string_view text, std::optional<Format> format,
                       const std::string& name) {
    const nl::Puzzle& p = api::internal(puzzle);
    return api::translating_errors([&] {
        const nl::TextFile file = nl::text_from_string(name, std::string(text));
        std::optional<nl::Format> f;
        if (format) f = internal_format(*format);
        const std::vector<nl::SolutionText> read = nl::read_solutions(file, f);
        if (read.empty()) throw nl::InputError(name, 0, "no solution found");
        const nl::MatchedSolution m = nl::match_solution(p, read.front());
        if (!m.problem.empty()) throw nl::InputError(name, read.front().line, m.problem);
        return api::public_solution(p, m.solution);
    });
}

void write(std::ostream& out, Format format, const Puzzle& puzzle, const Solution* solution) {
    const nl::Puzzle& p = api::internal(puzzle);
    api::translating_errors([&] {
        const std::optional<nl::Solution> paths = api::fitting_solution(p, solution);
        nl::write_puzzle(out, internal_format(format), p, paths ? &*paths : nullptr);
    });
}

std::string write(Format format, const Puzzle& puzzle, const Solution* solution) {
    std::ostringstream out;
    write(out, format, puzzle, solution);
    return out.str();
}

void write_dimacs(std::ostream& out, const Puzzle& puzzle, bool models_exact) {
    const nl::Puzzle& p = api::internal(puzzle);
    api::translating_errors([&] {
        const nl::Encoding e = nl::encode_exact(p, p.rules, nl::LabelCoding::Auto,
                                                models_exact ? nl::Exactness::Models : nl::Exactness::Answer);
        nl::write_dimacs(out, p, e);
    });
}

CheckResult check(const Puzzle& puzzle, const Solution& solution) {
    const nl::Puzzle& p = api::internal(puzzle);
    return api::translating_errors([&] {
        const nl::MatchedSolution m = api::internal_solution(p, solution);
        if (!m.problem.empty()) return CheckResult{false, "path", m.problem};
        const nl::CheckResult r = nl::check_solution(p, m.solution, p.rules);
        return CheckResult{r.ok, r.rule, r.message};
    });
}

}  // namespace numberlink
