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
#include <type_traits>

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

RequestFields::RequestFields(const nlohmann::json& body, const std::set<std::string>& skip,
                             std::span<const frontend::OptionRow> options)
    : body_(body), skip_(skip) {
    for (const auto& [name, value] : body.items()) {
        if (skip.count(name)) continue;
        // An option's exact long name: no "=", no abbreviation, so the refused options cannot be
        // reached by another spelling.
        if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
            throw ApiError(400, "unknown field '" + name + "'");
        const frontend::OptionRow* row = frontend::find_option(options, name);
        if (row && !row->in(frontend::kRequest))
            throw ApiError(400, "field '" + name + "' is not accepted by the server");
        if (value.is_array() || value.is_object())
            throw ApiError(400, "field '" + name + "' takes a string, a number or true");
    }
}

const nlohmann::json* RequestFields::field(const char* name) const {
    read_.insert(name);
    const auto at = body_.find(name);
    if (at == body_.end() || skip_.count(name) || at->is_null() || (at->is_boolean() && !at->get<bool>())) return nullptr;
    return &*at;
}

const nlohmann::json& RequestFields::value(const char* name) const {
    const nlohmann::json* v = field(name);
    if (!v || v->is_boolean())
        throw frontend::UsageError(std::string("the required argument for option '--") + name + "' is missing");
    return *v;
}

bool RequestFields::given(const char* name) const { return field(name) != nullptr; }

bool RequestFields::flag(const char* name) const {
    const nlohmann::json* v = field(name);
    if (v && !v->is_boolean())
        throw frontend::UsageError(std::string("option '--") + name + "' does not take any arguments");
    return v != nullptr;
}

std::string RequestFields::text(const char* name) const {
    const nlohmann::json& v = value(name);
    return v.is_string() ? v.get<std::string>() : v.dump();
}

namespace {

// Text as a number of type T, all of it (what the command line's parser takes); nullopt otherwise.
template <typename T>
std::optional<T> parse_all(const std::string& text) {
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return std::nullopt;
    errno = 0;
    char* end = nullptr;
    T parsed{};
    if constexpr (std::is_same_v<T, double>) parsed = std::strtod(text.c_str(), &end);
    else if constexpr (std::is_same_v<T, long long>) parsed = std::strtoll(text.c_str(), &end, 10);
    else parsed = std::strtoull(text.c_str(), &end, 10);
    if (*end != '\0' || (errno == ERANGE && !std::is_same_v<T, double>)) return std::nullopt;
    return parsed;
}

}  // namespace

double RequestFields::number(const char* name) const {
    const nlohmann::json& v = value(name);
    if (v.is_number()) return v.get<double>();
    const std::string text = v.get<std::string>();
    if (const auto parsed = parse_all<double>(text)) return *parsed;
    throw frontend::UsageError(frontend::invalid_value_message(name, text));
}

long long RequestFields::integer(const char* name, long long least, long long most) const {
    const nlohmann::json& v = value(name);
    std::optional<long long> parsed;
    if (v.is_number_integer() && !(v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(LLONG_MAX)))
        parsed = v.get<long long>();
    else if (v.is_string())
        parsed = parse_all<long long>(v.get<std::string>());
    if (!parsed || *parsed < least || *parsed > most)
        throw frontend::UsageError(frontend::invalid_value_message(name, v.is_string() ? v.get<std::string>() : v.dump()));
    return *parsed;
}

std::uint64_t RequestFields::unsigned_integer(const char* name) const {
    const nlohmann::json& v = value(name);
    // A negative number wraps round, as the command line's parser has it.
    if (v.is_number_integer()) return v.get<std::uint64_t>();
    if (v.is_string())
        if (const auto parsed = parse_all<unsigned long long>(v.get<std::string>())) return *parsed;
    throw frontend::UsageError(frontend::invalid_value_message(name, v.is_string() ? v.get<std::string>() : v.dump()));
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
    if (!body.contains(name)) return fallback;
    if (!body[name].is_string()) throw ApiError(400, std::string("field '") + name + "' takes a string");
    return body[name].get<std::string>();
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
        throw ApiError(400, "field 'puzzle' takes the text of a puzzle file or a puzzle object");
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
