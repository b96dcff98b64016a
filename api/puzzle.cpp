// The public Puzzle, its names and errors (include/numberlink/numberlink.hpp), over nl::Puzzle.
#include "api/puzzle_impl.hpp"

namespace numberlink {

std::string_view version() { return NUMBERLINK_VERSION; }

namespace {

std::string place(const std::string& file, int line, const std::string& message) {
    if (file.empty()) return message;
    return line > 0 ? file + ":" + std::to_string(line) + ": " + message : file + ": " + message;
}

}  // namespace

InputError::InputError(std::string file, int line, std::string message)
    : std::runtime_error(place(file, line, message)), file(std::move(file)), line(line),
      message(std::move(message)) {}

std::string_view rules_name(Rules rules) {
    switch (rules) {
        case Rules::Flow: return "flow";
        case Rules::Nikoli: return "nikoli";
        case Rules::Adc: return "adc";
        case Rules::Strict: return "strict";
    }
    return "?";
}

std::optional<Rules> rules_from_name(std::string_view name) {
    for (Rules r : {Rules::Flow, Rules::Nikoli, Rules::Adc, Rules::Strict})
        if (rules_name(r) == name) return r;
    return std::nullopt;
}

Puzzle::Puzzle(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {
    if (!impl_) throw std::invalid_argument("numberlink::Puzzle needs a board");
}

std::string Puzzle::name() const { return impl_->puzzle.name; }
int Puzzle::width() const { return impl_->puzzle.width; }
int Puzzle::height() const { return impl_->puzzle.height; }
int Puzzle::layers() const { return impl_->puzzle.layers; }
Rules Puzzle::rules() const { return api::public_rules(impl_->puzzle.rules); }

std::vector<Puzzle::Label> Puzzle::labels() const {
    const nl::Puzzle& p = impl_->puzzle;
    std::vector<Label> out;
    out.reserve(p.labels.size());
    for (const nl::Label& l : p.labels) {
        const nl::Coord a = p.coord(l.ends[0]), b = p.coord(l.ends[1]);
        out.push_back(Label{l.name, {Cell{a.x, a.y, a.z}, Cell{b.x, b.y, b.z}}});
    }
    return out;
}

bool Puzzle::blocked(Cell cell) const {
    const nl::Puzzle& p = impl_->puzzle;
    return p.in_bounds(cell.x, cell.y, cell.z) && p.is_blocked(p.cell(cell.x, cell.y, cell.z));
}

Puzzle Puzzle::with_rules(Rules rules) const {
    nl::Puzzle copy = impl_->puzzle;
    copy.rules = api::internal_rules(rules);
    return api::public_puzzle(std::move(copy));
}

namespace api {

Puzzle public_puzzle(nl::Puzzle puzzle) {
    return Puzzle(std::make_shared<const Puzzle::Impl>(Puzzle::Impl{std::move(puzzle)}));
}

nl::Rules internal_rules(Rules rules) {
    switch (rules) {
        case Rules::Flow: return {true, true};
        case Rules::Nikoli: return {false, true};
        case Rules::Adc: return {false, false};
        case Rules::Strict: return {true, false};
    }
    throw std::invalid_argument("unknown rules preset");
}

Rules public_rules(nl::Rules rules) {
    if (rules.fill) return rules.touch ? Rules::Flow : Rules::Strict;
    return rules.touch ? Rules::Nikoli : Rules::Adc;
}

Solution public_solution(const nl::Puzzle& puzzle, const nl::Solution& solution) {
    Solution out;
    out.paths.reserve(solution.paths.size());
    for (std::size_t l = 0; l < solution.paths.size(); ++l) {
        Path path{l < puzzle.labels.size() ? puzzle.labels[l].name : std::string(), {}};
        path.cells.reserve(solution.paths[l].size());
        for (nl::CellId c : solution.paths[l]) {
            const nl::Coord q = puzzle.coord(c);
            path.cells.push_back(Cell{q.x, q.y, q.z});
        }
        out.paths.push_back(std::move(path));
    }
    return out;
}

std::vector<Solution> public_solutions(const nl::Puzzle& puzzle, const std::vector<nl::Solution>& solutions) {
    std::vector<Solution> out;
    out.reserve(solutions.size());
    for (const nl::Solution& s : solutions) out.push_back(public_solution(puzzle, s));
    return out;
}

nl::MatchedSolution internal_solution(const nl::Puzzle& puzzle, const Solution& solution) {
    // As a solution read from a paths file: match_solution ties the paths to labels, and puts a
    // path that crosses a bridge vertically onto the bridge's vertical lane.
    nl::SolutionText text;
    text.name = puzzle.name;
    for (const Path& path : solution.paths) {
        std::vector<nl::Coord> cells;
        cells.reserve(path.cells.size());
        for (const Cell& c : path.cells) cells.push_back(nl::Coord{c.x, c.y, c.z});
        text.paths.emplace_back(path.label, std::move(cells));
    }
    return nl::match_solution(puzzle, text);
}

std::optional<nl::Solution> fitting_solution(const nl::Puzzle& puzzle, const Solution* solution) {
    if (!solution) return std::nullopt;
    nl::MatchedSolution m = internal_solution(puzzle, *solution);
    if (!m.problem.empty()) throw nl::InputError("", 0, "the solution does not fit " + puzzle.name + ": " + m.problem);
    return std::move(m.solution);
}

std::vector<Entry> public_entries(std::vector<nl::PuzzleEntry> entries) {
    std::vector<Entry> out;
    out.reserve(entries.size());
    for (nl::PuzzleEntry& e : entries) {
        std::optional<Solution> solution;
        if (e.solution) solution = public_solution(e.puzzle, *e.solution);
        out.push_back(Entry{public_puzzle(std::move(e.puzzle)), std::move(solution), e.line});
    }
    return out;
}

void require_timeout(double seconds, const char* what) {
    if (!std::isfinite(seconds) || seconds < 0)
        throw std::invalid_argument(std::string(what) + " must be a finite number of seconds >= 0 (0: none)");
}

}  // namespace api

}  // namespace numberlink
