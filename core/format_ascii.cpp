// Placeholder: being implemented.
#include "core/format_readers.hpp"
namespace nl::detail {
std::vector<PuzzleEntry> read_ascii(const TextFile&, Rules) { throw ModelError("not implemented"); }
std::vector<PuzzleEntry> read_stream(const TextFile&, Rules) { throw ModelError("not implemented"); }
std::vector<SolutionText> read_ascii_solutions(const TextFile&) { throw ModelError("not implemented"); }
std::vector<SolutionText> read_stream_solutions(const TextFile&) { throw ModelError("not implemented"); }
void write_ascii(std::ostream&, const Puzzle&) { throw ModelError("not implemented"); }
void write_stream(std::ostream&, const Puzzle&) { throw ModelError("not implemented"); }
}
