// Reading API requests; see api_request.hpp.
#include "server/api_request.hpp"

#include <memory>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "core/errors.hpp"
#include "frontend/did_you_mean.hpp"
#include "frontend/usage_error.hpp"
#include "server/json_errors.hpp"

namespace nl::server {

nlohmann::json parse_body(const std::string& body) {
    if (body.find_first_not_of(" \t\r\n") == std::string::npos)
        throw ApiError(400, "empty request body; send a JSON object such as {\"puzzle\": ...}");
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(body);
    } catch (const nlohmann::json::parse_error& e) {
        const JsonProblem p = json_syntax_problem(body, e);
        throw InputError("request", p.line, "invalid JSON at column " + std::to_string(p.column) + ": " + p.what);
    } catch (const nlohmann::json::out_of_range&) {  // a number beyond a double: nlohmann gives no position
        throw InputError("request", 0, "invalid JSON: a number is beyond the range of a double");
    }
    if (!j.is_object())
        throw InputError("request", 0,
                         "the body is " + json_value_words(j) + "; send a JSON object such as {\"puzzle\": ...}");
    return j;
}

namespace {

// A field whose value is not of the kind its option takes: 400 naming both.
[[noreturn]] void wrong_kind(const char* name, const std::string& takes, const nlohmann::json& value) {
    throw ApiError(400, std::string("field '") + name + "' takes " + takes + ", not " + json_value_words(value));
}

// A whole JSON number (2, or 2.0) as a long long; nullopt beyond its range. `v` is a number
// without a fraction.
std::optional<long long> whole_number(const nlohmann::json& v) {
    if (v.is_number_unsigned()) {
        if (v.get<std::uint64_t>() > std::uint64_t(LLONG_MAX)) return std::nullopt;
        return static_cast<long long>(v.get<std::uint64_t>());
    }
    if (v.is_number_integer()) return v.get<long long>();
    // -2^63 and 2^63 are exact doubles: every whole double strictly between them fits.
    const double d = v.get<double>();
    if (!(std::fabs(d) < 9223372036854775808.0)) return std::nullopt;
    return static_cast<long long>(d);
}

bool has_fraction(const nlohmann::json& v) {
    return v.is_number_float() && std::floor(v.get<double>()) != v.get<double>();
}

}  // namespace

RequestFields::RequestFields(const nlohmann::json& body, const std::set<std::string>& skip,
                             std::span<const frontend::OptionRow> options)
    : body_(body), skip_(skip), options_(options) {
    for (const auto& [name, value] : body.items()) {
        if (skip.count(name)) continue;
        // An option's exact long name: no "=", no abbreviation, so the refused options cannot be
        // reached by another spelling.
        if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
            throw ApiError(400, "unknown field '" + name + "'");
        const frontend::OptionRow* row = frontend::find_option(options, name);
        if (row && !row->in(frontend::kRequest))
            throw ApiError(400, "field '" + name + "' is not accepted by the server");
    }
}

const nlohmann::json* RequestFields::field(const char* name) const {
    read_.insert(name);
    const auto at = body_.find(name);
    if (at == body_.end() || skip_.count(name) || at->is_null() || (at->is_boolean() && !at->get<bool>())) return nullptr;
    return &*at;
}

const nlohmann::json& RequestFields::value(const char* name, const std::string& takes) const {
    const nlohmann::json* v = field(name);
    if (!v) throw frontend::UsageError(std::string("the required argument for option '--") + name + "' is missing");
    if (v->is_boolean()) wrong_kind(name, takes, *v);  // `true`: the option given without its value
    return *v;
}

bool RequestFields::given(const char* name) const { return field(name) != nullptr; }

bool RequestFields::flag(const char* name) const {
    const nlohmann::json* v = field(name);
    if (v && !v->is_boolean()) wrong_kind(name, "true or false", *v);
    return v != nullptr;
}

std::string RequestFields::text(const char* name) const {
    // A choice's words in the message, so that the client sees what it may send.
    const frontend::OptionRow* row = frontend::find_option(options_, name);
    const std::string takes = row && row->kind == frontend::OptionKind::Choice
                                  ? "a string (" + frontend::choices_in_words(row->choices) + ")"
                                  : std::string("a string");
    const nlohmann::json& v = value(name, takes);
    if (!v.is_string()) wrong_kind(name, takes, v);
    return v.get<std::string>();
}

double RequestFields::number(const char* name) const {
    const nlohmann::json& v = value(name, "a number");
    if (!v.is_number()) wrong_kind(name, "a number", v);
    return v.get<double>();
}

long long RequestFields::integer(const char* name, long long least, long long most) const {
    const nlohmann::json& v = value(name, "a whole number");
    if (!v.is_number() || has_fraction(v)) wrong_kind(name, "a whole number", v);
    const std::optional<long long> whole = whole_number(v);
    // Whole but beyond the range: the value is wrong, not its kind; the command line's message.
    if (!whole || *whole < least || *whole > most)
        throw frontend::UsageError(frontend::invalid_value_message(name, v.dump()));
    return *whole;
}

namespace {

// The text as an unsigned number, all of it (what the command line's parser takes); nullopt
// otherwise.
std::optional<unsigned long long> parse_digits(const std::string& text) {
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const unsigned long long parsed = std::strtoull(text.c_str(), &end, 10);
    if (*end != '\0' || errno == ERANGE) return std::nullopt;
    return parsed;
}

}  // namespace

std::uint64_t RequestFields::unsigned_integer(const char* name) const {
    // Digits in a string too: a seed of 64 bits is beyond what a JavaScript number holds
    // exactly, and the records give seeds as strings for that reason.
    const char* takes = "a whole number (or its digits as a string)";
    const nlohmann::json& v = value(name, takes);
    if (v.is_string()) {
        if (const auto parsed = parse_digits(v.get<std::string>())) return *parsed;
        throw frontend::UsageError(frontend::invalid_value_message(name, v.get<std::string>()));
    }
    if (!v.is_number()) wrong_kind(name, takes, v);
    // A negative number wraps round, as the command line's parser has it.
    if (v.is_number_integer()) return v.get<std::uint64_t>();
    if (has_fraction(v)) wrong_kind(name, takes, v);
    const double d = v.get<double>();
    if (!(d >= 0 && d < 18446744073709551616.0))  // 2^64: whole, but not a 64-bit value
        throw frontend::UsageError(frontend::invalid_value_message(name, v.dump()));
    return static_cast<std::uint64_t>(d);
}

void RequestFields::require_all_read() const {
    for (const auto& [name, value] : body_.items())
        if (!skip_.count(name) && !read_.count(name)) {
            std::vector<std::string> known(read_.begin(), read_.end());
            known.insert(known.end(), skip_.begin(), skip_.end());
            throw frontend::UsageError("unknown field '" + name + "'" + frontend::did_you_mean(name, known));
        }
}

std::string string_field(const nlohmann::json& body, const char* name, const std::string& fallback) {
    if (!body.contains(name) || body[name].is_null()) return fallback;
    if (!body[name].is_string()) wrong_kind(name, "a string", body[name]);
    return body[name].get<std::string>();
}

long long whole_field(const nlohmann::json& body, const char* name, long long fallback) {
    if (!body.contains(name) || body[name].is_null()) return fallback;
    const nlohmann::json& v = body[name];
    if (!v.is_number() || has_fraction(v)) wrong_kind(name, "a whole number", v);
    if (const std::optional<long long> whole = whole_number(v)) return *whole;
    throw ApiError(400, std::string("field '") + name + "' is out of range: " + v.dump());
}

bool switch_field(const nlohmann::json& body, const char* name) {
    if (!body.contains(name) || body[name].is_null()) return false;
    if (!body[name].is_boolean()) wrong_kind(name, "true or false", body[name]);
    return body[name].get<bool>();
}

void require_known_fields(const nlohmann::json& body, const std::vector<std::string>& known) {
    for (const auto& [name, value] : body.items())
        if (std::find(known.begin(), known.end(), name) == known.end())
            throw frontend::UsageError("unknown field '" + name + "'" + frontend::did_you_mean(name, known));
}

namespace {

// The request's puzzle field as a file, split into its puzzles (none built yet). A puzzle object
// is a one-line JSON puzzle file.
struct RequestPuzzles {
    std::unique_ptr<TextFile> file;  // a stable address: the pending puzzles read it
    std::vector<PendingPuzzle> pending;
};

RequestPuzzles split_request(const nlohmann::json& body, const ReadOptions& options) {
    if (!body.contains("puzzle")) throw ApiError(400, "field 'puzzle' is missing");
    const nlohmann::json& puzzle = body["puzzle"];
    RequestPuzzles r;
    ReadOptions read = options;
    if (puzzle.is_string()) {
        r.file.reset(new TextFile(text_from_string("request", puzzle.get<std::string>())));
    } else if (puzzle.is_object()) {
        read.format = Format::Json;
        r.file.reset(new TextFile(text_from_string("request", puzzle.dump())));
    } else {
        wrong_kind("puzzle", "the text of a puzzle file (a string) or a puzzle object", puzzle);
    }
    split_puzzles(*r.file, read, r.pending);
    return r;
}

}  // namespace

void for_each_request_puzzle(const nlohmann::json& body, const ReadOptions& options,
                             const std::function<void(PuzzleEntry&)>& each) {
    const RequestPuzzles r = split_request(body, options);
    for (const PendingPuzzle& p : r.pending) {
        PuzzleEntry entry = p.build();
        each(entry);
    }
}

PuzzleEntry request_puzzle(const nlohmann::json& body, const ReadOptions& options) {
    const RequestPuzzles r = split_request(body, options);
    if (r.pending.size() != 1)  // counted before any is built
        throw ApiError(400, "the puzzle field holds " + std::to_string(r.pending.size()) +
                                " puzzles; this endpoint takes exactly one (/api/read takes several)");
    return r.pending[0].build();
}

}  // namespace nl::server
