// Reading API requests; see api_request.hpp.
#include "server/api_request.hpp"

#include <memory>

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"

namespace nl::server {

namespace {

// Options a request may not set: they write files, draw on a terminal, or are the server's.
const std::set<std::string> kRefused = {"output-file", "output", "render", "render-format", "solutions", "color",
                                        "progress",    "quiet",  "help",   "jobs",          "threads",   "max-memory",
                                        "animate",     "animate-delay", "count"};

}  // namespace

nlohmann::json parse_body(const std::string& body) {
    try {
        nlohmann::json j = nlohmann::json::parse(body);
        if (!j.is_object()) throw InputError("request", 0, "the body must be a JSON object");
        return j;
    } catch (const nlohmann::json::parse_error& e) {
        // nlohmann reports a byte offset; a line number reads as the file readers' messages do.
        const std::size_t offset = std::min<std::size_t>(e.byte, body.size());
        const int line = 1 + static_cast<int>(std::count(body.begin(), body.begin() + static_cast<long>(offset), '\n'));
        throw InputError("request", line, std::string("invalid JSON: ") + e.what());
    }
}

app::po::variables_map parse_fields(const nlohmann::json& body, const std::set<std::string>& skip,
                                    const app::po::options_description& desc) {
    std::vector<std::string> args;
    for (const auto& [name, value] : body.items()) {
        if (skip.count(name)) continue;
        // An option's exact long name: no "=", no abbreviation (guessing is off below), so the
        // refused options cannot be reached by another spelling.
        if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
            throw ApiError(400, "unknown field '" + name + "'");
        if (kRefused.count(name)) throw ApiError(400, "field '" + name + "' is not accepted by the server");
        if (value.is_null() || (value.is_boolean() && !value.get<bool>())) continue;
        if (value.is_boolean())
            args.push_back("--" + name);
        else if (value.is_string())  // --name=value: a value that starts with "-" stays a value
            args.push_back("--" + name + "=" + value.get<std::string>());
        else if (value.is_number())
            args.push_back("--" + name + "=" + value.dump());
        else
            throw ApiError(400, "field '" + name + "' takes a string, a number or true");
    }
    app::po::variables_map vm;
    namespace style = app::po::command_line_style;
    try {
        app::po::store(app::po::command_line_parser(args)
                           .options(desc)
                           .style(style::default_style & ~style::allow_guessing & ~style::allow_short)
                           .run(),
                       vm);
        app::po::notify(vm);
    } catch (const app::po::error& e) {
        throw app::UsageError(e.what());
    }
    return vm;
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
