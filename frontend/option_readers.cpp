// The shared option readers; see option_readers.hpp.
#include "frontend/option_readers.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <thread>

#include "solver/base/budget.hpp"
#include "frontend/option_table.hpp"
#include "solver/sat/sat_api.hpp"

namespace nl::frontend {

std::string invalid_value_message(const std::string& name, const std::string& value) {
    return "the argument ('" + value + "') for option '--" + name + "' is invalid";
}

int default_jobs() { return std::max(1u, std::thread::hardware_concurrency()); }

int cores_per_puzzle(int in_flight) { return std::max(1, default_jobs() / std::max(1, in_flight)); }

double read_timeout(const OptionValues& values) {
    if (!values.given("timeout")) return 0;
    const double seconds = values.number("timeout");
    // The upper bound keeps the deadline (steady_clock's nanoseconds in 64 bits, 292 years) from
    // overflowing; NaN and infinity fail it too.
    if (!(seconds >= 0 && seconds <= kMaxTimeoutSeconds)) {
        std::ostringstream given;
        given << seconds;
        throw UsageError("--timeout takes seconds from 0 (no limit) to 1e9, not " + given.str());
    }
    return seconds;
}

int read_threads(const OptionValues& values) {
    const int threads = values.given("threads") ? values.whole<int>("threads") : 1;
    if (threads < 1 || threads > kMaxSatThreads) {
        const std::string why =
            threads > kMaxSatThreads ? " (CryptoMiniSat's multi-threaded search fails beyond that: docs/limits.md)" : "";
        throw UsageError("--threads takes 1 to " + std::to_string(kMaxSatThreads) + ", not " + std::to_string(threads) +
                         why);
    }
    return threads;
}

SatChoice read_sat_choice(const OptionValues& values) {
    const OptionRow& row = *find_option(common_option_table(), "sat");
    const std::string word = choice_value(values, row);
    if (word == "cms") return SatChoice::CryptoMiniSat;
    if (word == "cadical") return SatChoice::CaDiCaL;
    if (word == "portfolio") return SatChoice::Portfolio;
    return SatChoice::Auto;
}

int read_jobs(const OptionValues& values) {
    const int jobs = values.given("jobs") ? values.whole<int>("jobs") : default_jobs();
    if (jobs < 1 || jobs > kMaxJobs)
        throw UsageError("--jobs takes 1 to " + std::to_string(kMaxJobs) + ", not " + std::to_string(jobs));
    return jobs;
}

std::size_t read_max_memory(const OptionValues& values) {
    if (!values.given("max-memory")) return default_memory_cap();
    const std::string text = values.text("max-memory");
    std::size_t used = 0;
    double mb = -1;
    try {
        mb = std::stod(text, &used);
    } catch (const std::exception&) {
    }
    if (used != text.size() || !(mb >= 0) || mb > 1e12)
        throw UsageError("--max-memory takes a number of megabytes (0: no cap), not '" + text + "'");
    return static_cast<std::size_t>(mb * 1024 * 1024);
}

std::optional<Format> read_format(const OptionValues& values, const char* name) {
    if (!values.given(name)) return std::nullopt;
    const std::string value = values.text(name);
    auto format = format_from_name(value);
    if (!format || *format == Format::Grid)
        throw UsageError("unknown input format '" + value + "' (" + std::string(kReadFormatNames) + ")");
    return format;
}

std::optional<Rules> read_rules(const OptionValues& values) {
    if (!values.given("rules")) return std::nullopt;
    const std::string value = values.text("rules");
    auto rules = rules_from_name(value);
    if (!rules) throw UsageError("unknown rules '" + value + "' (" + std::string(kRulesNames) + ")");
    return rules;
}

}  // namespace nl::frontend
