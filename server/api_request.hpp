// Reading an API request's JSON body: the puzzle it carries, and its other fields as the
// command-line options of the same name, parsed and validated by the command's own options
// table (app/*_options.hpp), so that a request and a command line mean the same and are refused
// with the same messages.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli.hpp"
#include "core/formats.hpp"

namespace nl::server {

// An answer other than 200 (400 bad input, 409 cancelled, 503 busy, ...): {"error": message}.
struct ApiError : std::runtime_error {
    ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
    int status;
};

// The body as a JSON object; InputError "request:LINE: invalid JSON: ..." otherwise.
nlohmann::json parse_body(const std::string& body);

// The body's fields other than `skip` as command-line arguments ("timeout": 2 -> --timeout 2,
// "unique": true -> --unique, false or null -> left out), parsed against `desc` (UsageError for
// an unknown field or a bad value, with the command line's message). Fields that name files or
// the terminal, or that the server decides (output-file, render, jobs, threads, max-memory, ...),
// are refused.
app::po::variables_map parse_fields(const nlohmann::json& body, const std::set<std::string>& skip,
                                    const app::po::options_description& desc);

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

// The string field `name`, or `fallback` when absent (400 when not a string).
std::string string_field(const nlohmann::json& body, const char* name, const std::string& fallback);

}  // namespace nl::server
