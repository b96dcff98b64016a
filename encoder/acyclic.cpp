// Placeholder: exact acyclicity is being implemented.
#include "core/errors.hpp"
#include "encoder/parts.hpp"

namespace nl::encoder {
void add_acyclic(const Puzzle&, Encoding&, bool) { throw InternalError("acyclic encoding not implemented"); }
}  // namespace nl::encoder
