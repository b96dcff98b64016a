// What every engine says about a puzzle, in one shape: a verdict, and the record of one attempt
// (which engine, what it concluded, why, and its own figures as name/value pairs).
//
// The verdicts mean the same whoever gives them. Only an exact method may say `unsolvable`, and
// it says on what grounds (`reason`); an engine whose search ended without a solution but
// without a proof (a budgeted search, a heuristic, a search under stricter rules than asked)
// says `unknown`. `solved` answers have passed the checker before they are recorded.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace nl {

enum class Verdict { Solved, Unsolvable, Unknown, Timeout, Interrupted, Limit, NotApplicable };

// solved, unsolvable, unknown, timeout, interrupted, limit, not-applicable: the words of
// `solve`'s output and of docs/json.md.
const char* verdict_name(Verdict verdict);

// The name, for streams (test messages print verdicts by name).
std::ostream& operator<<(std::ostream& out, Verdict verdict);

// The verdict of an engine whose own status has this name (every engine names its statuses with
// these words, plus "stuck" and "budget", which are `unknown`).
Verdict verdict_named(std::string_view status);

// Whether the verdict ends the puzzle: an answer, or a proof that there is none.
inline bool decisive(Verdict v) { return v == Verdict::Solved || v == Verdict::Unsolvable; }

// One figure of an attempt: a count, seconds, or a word.
struct AttemptStat {
    std::string name;
    std::variant<long long, double, std::string> value;
};

struct Attempt {
    std::string engine;  // the stage's name: refute, scan, dfs, route, sat, ...
    Verdict verdict = Verdict::NotApplicable;
    // unsolvable: the argument; not-applicable or unknown: why, when the engine can say.
    std::string reason;
    double seconds = 0;
    std::vector<AttemptStat> stats;

    Attempt& add(std::string name, long long value) { return push(std::move(name), value); }
    Attempt& add(std::string name, double value) { return push(std::move(name), value); }
    Attempt& add(std::string name, std::string value) { return push(std::move(name), std::move(value)); }
    // Integer types other than long long go through here, so `add("rounds", int)` stays a count.
    template <class Integer>
        requires std::is_integral_v<Integer>
    Attempt& add(std::string name, Integer value) {
        return push(std::move(name), static_cast<long long>(value));
    }

private:
    Attempt& push(std::string name, std::variant<long long, double, std::string> value) {
        stats.push_back({std::move(name), std::move(value)});
        return *this;
    }
};

// The word `name` in `attempt`'s figures ("" when it has none): an engine's own status.
std::string stat_word(const Attempt& attempt, std::string_view name);

// The value of `name` in `attempt`'s figures, if it has a count of that name.
const long long* attempt_count(const Attempt& attempt, std::string_view name);

}  // namespace nl
