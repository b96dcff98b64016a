// Verdict names and figure lookup; see attempt.hpp.
#include "solver/base/attempt.hpp"

#include <ostream>

namespace nl {

const char* verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::Solved:
            return "solved";
        case Verdict::Unsolvable:
            return "unsolvable";
        case Verdict::Unknown:
            return "unknown";
        case Verdict::Timeout:
            return "timeout";
        case Verdict::Interrupted:
            return "interrupted";
        case Verdict::Limit:
            return "limit";
        case Verdict::NotApplicable:
            break;
    }
    return "not-applicable";
}

std::ostream& operator<<(std::ostream& out, Verdict verdict) { return out << verdict_name(verdict); }

Verdict verdict_named(std::string_view status) {
    for (Verdict v : {Verdict::Solved, Verdict::Unsolvable, Verdict::Timeout, Verdict::Interrupted, Verdict::Limit,
                      Verdict::NotApplicable})
        if (status == verdict_name(v)) return v;
    return Verdict::Unknown;
}

std::string stat_word(const Attempt& attempt, std::string_view name) {
    for (const AttemptStat& s : attempt.stats)
        if (s.name == name)
            if (const std::string* word = std::get_if<std::string>(&s.value)) return *word;
    return "";
}

const long long* attempt_count(const Attempt& attempt, std::string_view name) {
    for (const AttemptStat& s : attempt.stats)
        if (s.name == name) return std::get_if<long long>(&s.value);
    return nullptr;
}

}  // namespace nl
