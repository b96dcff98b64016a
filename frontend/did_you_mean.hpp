// Suggestions for a mistyped name ("did you mean 'solve'?"): the command line's subcommands and
// options, and the server's request fields.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nl::frontend {

// The one candidate that `typed` is the start of (4 letters or more: "--time" of
// "--timeout"), else the candidate closest to `typed` by edit distance (insertions, deletions, substitutions and
// swaps of two neighbouring letters), when it is close enough to be a slip rather than another
// word: at most 2 edits, and fewer than half the typed letters. Ties go to the first candidate.
std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& candidates);

// "; did you mean 'NAME'?" for the closest candidate, or "" when none is close.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& candidates);

}  // namespace nl::frontend
