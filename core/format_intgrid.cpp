// Placeholder: being implemented.
#include "core/format_readers.hpp"
namespace nl::detail {
std::vector<PuzzleEntry> read_intgrid(const TextFile&, Rules) { throw ModelError("not implemented"); }
std::vector<SolutionText> read_intgrid_solutions(const TextFile&) { throw ModelError("not implemented"); }
void write_intgrid(std::ostream&, const Puzzle&) { throw ModelError("not implemented"); }
}
