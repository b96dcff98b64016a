// Reading an API request's JSON body: the puzzle it carries, and its other fields as the values
// of the command-line options of the same name, read and validated by the front end's readers
// (frontend/*_options.hpp) that the commands use, so that a request and a command line mean the
// same and are refused with the same messages.
#pragma once

#include <functional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/formats.hpp"
#include "frontend/option_table.hpp"
#include "frontend/option_values.hpp"

namespace nl::server {

// An answer other than 200 (400 bad input, 409 cancelled, 503 busy, ...): {"error": message}.
struct ApiError : std::runtime_error {
    ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
    int status;
};

// The body as a JSON object. An empty body is ApiError 400; a body that is not JSON is
// InputError "request:LINE: invalid JSON at column C: what is wrong" (server/json_errors.hpp);
// JSON other than an object is an InputError too.
nlohmann::json parse_body(const std::string& body);

// The body's fields other than `skip` as option values (frontend/option_values.hpp): "timeout":
// 2 is --timeout 2, "unique": true is --unique, false or null leave the option out. Each value
// must be of the JSON kind its option takes: a switch true or false, a number option a number,
// a whole-number option a whole number, a text or choice option a string, and a 64-bit option
// (seeds) a whole number or its digits as a string; any other is refused (ApiError 400 naming
// the field, the kind it takes and what it got: "field 'timeout' takes a number, not the string
// \"5\""). A value of the right kind is then checked as the command line checks it, with its
// messages ("--labels takes auto, onehot or binary, not 'x'"). `options` are the endpoint's
// option rows (frontend/option_table.hpp): a row that is not for requests (it names files or
// the terminal, or the server decides it: output-file, jobs, threads, max-memory, ...) is
// refused when the fields are taken (ApiError 400), and so are names that are not an option's
// exact long name.
class RequestFields : public frontend::OptionValues {
   public:
    RequestFields(const nlohmann::json& body, const std::set<std::string>& skip,
                  std::span<const frontend::OptionRow> options);

    bool given(const char* name) const override;
    bool defaulted(const char*) const override { return false; }
    bool flag(const char* name) const override;
    std::string text(const char* name) const override;
    double number(const char* name) const override;
    long long integer(const char* name, long long least, long long most) const override;
    std::uint64_t unsigned_integer(const char* name) const override;

    // After the endpoint's readers: a field none of them asked for is an unknown option
    // (UsageError "unknown field 'NAME'", with the closest known field when one is near).
    void require_all_read() const;

   private:
    // The field's value, noted as read; nullptr when absent, null or false.
    const nlohmann::json* field(const char* name) const;
    // The value of an option that takes one, `takes` words for its kind (`true` is refused: it
    // gives none).
    const nlohmann::json& value(const char* name, const std::string& takes) const;

    const nlohmann::json& body_;
    std::set<std::string> skip_;
    std::span<const frontend::OptionRow> options_;
    mutable std::set<std::string> read_;
};

// The puzzles of the `puzzle` field: the text of a puzzle file (format detected, or `format`) or
// a puzzle object of our JSON form; read by the readers the CLI uses, the file being named
// "request" in messages. `rules` overrides the puzzles' own, as --rules does. They are built one
// at a time, each handed to `each` before the next is built, so a request holds one built puzzle
// at a time (a 2000x2000 board is about 100 MB). Throws InputError / ApiError(400) as reading a
// file does.
void for_each_request_puzzle(const nlohmann::json& body, const ReadOptions& options,
                             const std::function<void(PuzzleEntry&)>& each);

// The one puzzle of the field (400 when it holds none or several).
PuzzleEntry request_puzzle(const nlohmann::json& body, const ReadOptions& options);

// The string field `name`, or `fallback` when absent or null (400 when not a string).
std::string string_field(const nlohmann::json& body, const char* name, const std::string& fallback);
// The whole-number field `name` (2 or 2.0), or `fallback` when absent or null (400 when not a
// whole number).
long long whole_field(const nlohmann::json& body, const char* name, long long fallback);
// The true-or-false field `name`: false when absent or null (400 when neither true nor false).
bool switch_field(const nlohmann::json& body, const char* name);
// For endpoints whose fields are not options: refuses a field not in `known` (UsageError
// "unknown field 'NAME'", with the closest known one when one is near).
void require_known_fields(const nlohmann::json& body, const std::vector<std::string>& known);

}  // namespace nl::server
