// Suggestions for a mistyped name; see did_you_mean.hpp.
#include "frontend/did_you_mean.hpp"

#include <algorithm>
#include <cstddef>

namespace nl::frontend {

namespace {

// Optimal string alignment distance: Levenshtein with a swap of two neighbours as one edit
// ("sovle" is one edit from "solve"). Names are short, so a full table is fine.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

}  // namespace

std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& candidates) {
    // The start of exactly one name ("--output" of "--output-file"): an abbreviation, which the
    // command line does not expand (an abbreviation that grows into an option taking a file
    // would write where nobody asked).
    if (std::find(candidates.begin(), candidates.end(), typed) != candidates.end()) return std::nullopt;
    const auto starts = [typed](const std::string& c) { return c.size() > typed.size() && c.starts_with(typed); };
    const std::size_t letters = typed.size() - std::min(typed.find_first_not_of('-'), typed.size());
    if (letters >= 4 && std::count_if(candidates.begin(), candidates.end(), starts) == 1)
        return *std::find_if(candidates.begin(), candidates.end(), starts);
    std::optional<std::string> best;
    std::size_t best_distance = 0;
    for (const std::string& c : candidates) {
        const std::size_t d = edit_distance(typed, c);
        if (d == 0 || d > 2 || 2 * d >= typed.size()) continue;
        if (!best || d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& candidates) {
    const std::optional<std::string> name = closest_name(typed, candidates);
    return name ? "; did you mean '" + *name + "'?" : "";
}

}  // namespace nl::frontend
