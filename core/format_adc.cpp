// Placeholder: being implemented.
#include "core/format_readers.hpp"
namespace nl::detail {
std::vector<PuzzleEntry> read_adc(const TextFile&, Rules) { throw ModelError("not implemented"); }
std::vector<SolutionText> read_adc_answers(const TextFile&) { throw ModelError("not implemented"); }
void write_adc(std::ostream&, const Puzzle&, const Solution*) { throw ModelError("not implemented"); }
}
