// A request body's JSON mistakes in our own words. nlohmann's messages name its parser's
// internals ("[json.exception.parse_error.101] ... syntax error while parsing object separator -
// unexpected string literal; expected ':'"); a client wants to know what is wrong and where.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace nl::server {

// Where a syntax error is: its line (1-based) and column (1-based, in bytes), and what is wrong
// ("expected ':' after the field name \"puzzle\"", "the body ends inside a string").
struct JsonProblem {
    int line = 1;
    std::size_t column = 1;
    std::string what;
};

// The problem nlohmann's parse error `error` found in `body`.
JsonProblem json_syntax_problem(std::string_view body, const nlohmann::json::parse_error& error);

// A JSON value in a few words for messages: the string "abc", the number 2.5, true, null, an
// array, an object (long strings are cut).
std::string json_value_words(const nlohmann::json& value);

}  // namespace nl::server
