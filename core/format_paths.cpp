// Placeholder: being implemented.
#include "core/format_readers.hpp"
namespace nl::detail {
std::vector<SolutionText> read_paths_solutions(const TextFile&) { throw ModelError("not implemented"); }
void write_paths(std::ostream&, const Puzzle&, const Solution*) { throw ModelError("not implemented"); }
void write_grid(std::ostream&, const Puzzle&, const Solution*, bool) { throw ModelError("not implemented"); }
}
