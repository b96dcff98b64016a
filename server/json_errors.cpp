// A request body's JSON mistakes in our own words; see json_errors.hpp.
//
// nlohmann's message is the only account of what its parser saw, so it is read here, not
// shown: "syntax error while parsing CONTEXT - unexpected TOKEN; expected TOKEN", or for a
// token its lexer could not read "... - LEXER MESSAGE; last read: 'TEXT'". Each part is put
// into words a client can act on; a part this file does not know falls back to a plain
// "not valid JSON: TOKEN", never to nlohmann's own text.
#include "server/json_errors.hpp"

#include <algorithm>

namespace nl::server {

namespace {

// The text after the first `from` in `text`; "" when `from` is not there.
std::string_view after(std::string_view text, std::string_view from) {
    const std::size_t at = text.find(from);
    return at == std::string_view::npos ? std::string_view() : text.substr(at + from.size());
}

// The text after `from`, up to `to` (or the end).
std::string_view between(std::string_view text, std::string_view from, std::string_view to) {
    const std::string_view rest = after(text, from);
    return rest.substr(0, rest.find(to));
}

// Printable ASCII only, at most `most` characters: a client's bytes are not echoed raw.
std::string shown(std::string_view text, std::size_t most = 24) {
    std::string out;
    for (const char c : text.substr(0, most)) out += c >= ' ' && c <= '~' ? c : '?';
    if (text.size() > most) out += "...";
    return out;
}

// The token of the body that holds byte `at` (the one the parser stopped on): where it starts
// and its text. nlohmann reports where its reading stopped, the end of the token, and its own
// account of the token's text may hold the punctuation before it; a column is more use at the
// token's start.
struct Token {
    std::size_t start = 0;
    std::string_view text;
};

Token token_at(std::string_view body, std::size_t at) {
    const auto punctuation = [](char c) { return c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ','; };
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    std::size_t i = 0;
    while (i < body.size()) {
        while (i < body.size() && space(body[i])) ++i;
        if (i >= body.size()) break;
        const std::size_t start = i;
        if (body[i] == '"') {  // a string, to its closing quote
            for (++i; i < body.size() && body[i] != '"'; ++i)
                if (body[i] == '\\') ++i;
            i = std::min(i + 1, body.size());
        } else if (punctuation(body[i])) {
            ++i;
        } else {  // a number, a literal or a word that is neither
            while (i < body.size() && !space(body[i]) && !punctuation(body[i]) && body[i] != '"') ++i;
        }
        if (at < i) return {start, body.substr(start, i - start)};
    }
    return {body.size(), {}};  // the end of the body
}

// One of the parser's token names ("string literal", "':'", "end of input") in words.
std::string token_words(std::string_view token) {
    if (token == "string literal") return "a string";
    if (token == "number literal") return "a number";
    if (token == "true literal") return "true";
    if (token == "false literal") return "false";
    if (token == "null literal") return "null";
    if (token == "end of input") return "the end of the body";
    return std::string(token);  // a punctuation mark, already quoted: '}', ','
}

// The lexer's complaint about `token`, which it could not read, in words.
std::string lexer_words(std::string_view complaint, std::string_view context, std::string_view token) {
    if (complaint.find("control character") != std::string_view::npos)
        return "a string holds a raw control character (write a line break as \\n, a tab as \\t)";
    if (complaint.find("ill-formed UTF-8") != std::string_view::npos) return "a string holds bytes that are not UTF-8";
    if (complaint.find("missing closing quote") != std::string_view::npos)
        return "the body ends inside a string (its closing '\"' is missing)";
    if (complaint.find("\\u") != std::string_view::npos || complaint.find("surrogate") != std::string_view::npos)
        return "a \\u escape in a string is not four hex digits of a character";
    if (complaint.find("after backslash") != std::string_view::npos)
        return "a backslash in a string escapes a character JSON does not escape (\\\\ for a backslash)";
    if (complaint.starts_with("invalid number")) return "a malformed number: " + shown(token);
    if (complaint.starts_with("invalid literal")) {
        if (context == "object key") return "expected a field name in double quotes, found " + shown(token);
        return "expected a JSON value, found " + shown(token) +
               " (strings take double quotes; the words JSON has are true, false and null)";
    }
    return "not valid JSON: " + shown(token);
}

// What the parser expected in `context` and found instead (`found`), in words.
std::string syntax_words(std::string_view context, std::string_view found, std::string_view expected) {
    const std::string got = token_words(found);
    if (found == "end of input") {
        if (context == "object key" || context == "object separator" || context == "object")
            return "the body ends inside an object (a '}' is missing)";
        if (context == "array") return "the body ends inside an array (a ']' is missing)";
        return "the body ends before its JSON value does";
    }
    if (expected == "end of input") return "more text after the JSON value: " + got;
    if (context == "object key") return "expected a field name in double quotes, found " + got;
    if (context == "object separator") return "expected ':' after a field name, found " + got;
    if (context == "object") return "expected ',' or '}' after a field's value, found " + got;
    if (context == "array") return "expected ',' or ']' after an array's element, found " + got;
    return "expected a JSON value, found " + got;
}

}  // namespace

JsonProblem json_syntax_problem(std::string_view body, const nlohmann::json::parse_error& error) {
    const std::string_view message = error.what();
    const std::string_view context = between(message, "while parsing ", " - ");
    const std::string_view detail = after(message, " - ");
    const std::size_t read = detail.find("; last read: '");
    // error.byte counts the bytes read, the offending one included (one past the end when the
    // body ended too soon). A token the lexer could not read may have been ended by that byte
    // (a '}' after "-", the end after an open string): the token is then the one before it.
    std::size_t at = std::min<std::size_t>(error.byte > 0 ? error.byte - 1 : 0, body.size());
    if (read != std::string_view::npos && at > 0 &&
        (at == body.size() || std::string_view("{}[]:, \t\r\n").find(body[at]) != std::string_view::npos))
        --at;
    const Token token = token_at(body, at);
    const std::string_view before = body.substr(0, token.start);
    JsonProblem p;
    p.line = 1 + static_cast<int>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t line_start = before.rfind('\n');
    p.column = token.start - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;

    if (read != std::string_view::npos) {
        p.what = lexer_words(detail.substr(0, read), context, token.text);
        return p;
    }
    const std::string_view found = between(detail, "unexpected ", ";");
    const std::string_view expected = after(detail, "; expected ");
    p.what = found.empty() ? "not valid JSON: " + shown(token.text) : syntax_words(context, found, expected);
    return p;
}

std::string json_value_words(const nlohmann::json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::string:
            return "the string \"" + shown(value.get_ref<const std::string&>(), 40) + "\"";
        case nlohmann::json::value_t::boolean:
            return value.get<bool>() ? "true" : "false";
        case nlohmann::json::value_t::null:
            return "null";
        case nlohmann::json::value_t::array:
            return "an array";
        case nlohmann::json::value_t::object:
            return "an object";
        default:
            return "the number " + value.dump();
    }
}

}  // namespace nl::server
