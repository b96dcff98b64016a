// Placeholder: being implemented.
#include "core/format_readers.hpp"
namespace nl::detail {
std::vector<PuzzleEntry> read_levelpack(const TextFile&, Rules) { throw ModelError("not implemented"); }
void write_levelpack(std::ostream&, const Puzzle&, const Solution*) { throw ModelError("not implemented"); }
}
