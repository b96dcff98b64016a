// Placeholder: being implemented.
#include "core/format_readers.hpp"
namespace nl::detail {
std::vector<PuzzleEntry> read_json(const TextFile&, const std::optional<Rules>&) { throw ModelError("not implemented"); }
std::vector<SolutionText> read_json_solutions(const TextFile&) { throw ModelError("not implemented"); }
void write_json(std::ostream&, const Puzzle&, const Solution*) { throw ModelError("not implemented"); }
}
