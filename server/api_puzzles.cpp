// The endpoints that read and write puzzles without solving them: info, read, convert, render.
// info answers at once; the others read puzzles, which can cost as much as a solve, so they run
// in a slot under the request's budget like the solving endpoints (server/api_slot.hpp).
#include <sstream>

#include "core/errors.hpp"
#include "core/json.hpp"
#include "frontend/picture_format.hpp"
#include "frontend/usage_error.hpp"
#include "generator/variant.hpp"
#include "render/svg.hpp"
#include "server/api.hpp"
#include "server/api_request.hpp"
#include "server/api_slot.hpp"

namespace nl::server {

namespace {

nlohmann::ordered_json name_list(std::string_view names) {
    auto list = nlohmann::ordered_json::array();
    std::size_t start = 0;
    while (start <= names.size()) {
        const std::size_t bar = std::min(names.find('|', start), names.size());
        list.push_back(std::string(names.substr(start, bar - start)));
        start = bar + 1;
    }
    return list;
}

// `format` and `rules` as --format and --rules read them.
ReadOptions read_options(const nlohmann::json& body) {
    ReadOptions read;
    const std::string format = string_field(body, "format", "auto");
    if (format != "auto") {
        const auto f = format_from_name(format);
        if (!f || *f == Format::Grid)
            throw frontend::UsageError("unknown input format '" + format + "' (" + std::string(kReadFormatNames) + ")");
        read.format = f;
    }
    if (body.contains("rules") && !body["rules"].is_null()) {
        const std::string rules = string_field(body, "rules", "");
        const auto r = rules_from_name(rules);
        if (!r) throw frontend::UsageError("unknown rules '" + rules + "' (" + std::string(kRulesNames) + ")");
        read.rules = r;
    }
    return read;
}

}  // namespace

ApiResponse error_response(int status, const std::string& message) {
    ApiResponse r = json_response(nlohmann::ordered_json{{"error", message}});
    r.status = status;
    return r;
}

ApiResponse json_response(const nlohmann::ordered_json& value) { return {200, "application/json", json_line(value)}; }

ApiResponse api_info(const ApiContext& context) {
    const ServerSettings& s = context.settings;
    nlohmann::ordered_json j;
    j["version"] = NUMBERLINK_VERSION;
    j["formats_read"] = name_list(kReadFormatNames);
    j["formats_write"] = name_list(kWriteFormatNames);
    j["rules"] = name_list(kRulesNames);
    j["variants"] = name_list(gen::kVariantNames);
    j["limits"] = {{"max_body", s.max_body},           {"timeout", s.timeout},
                   {"jobs", context.limits.jobs()},    {"queue", context.limits.queue()},
                   {"max_count", s.max_count}};
    j["load"] = {{"running", context.limits.running()}, {"waiting", context.limits.waiting()}};
    return json_response(j);
}

ApiResponse api_read(const ApiContext& context, const std::string& text) {
    const nlohmann::json body = parse_body(text);
    require_known_fields(body, {"puzzle", "format", "rules", "channel"});
    const ReadOptions options = read_options(body);
    return in_slot(context, body, 0, [&](const Budget& budget, std::atomic<bool>&) {
        auto puzzles = nlohmann::ordered_json::array();
        // One built puzzle at a time, the budget checked after building and after writing each.
        for_each_request_puzzle(body, options, [&](PuzzleEntry& e) {
            poll_budget(budget);
            puzzles.push_back(puzzle_json(e.puzzle, e.solution ? &*e.solution : nullptr));
            poll_budget(budget);
        });
        return json_response({{"puzzles", std::move(puzzles)}});
    });
}

ApiResponse api_convert(const ApiContext& context, const std::string& text) {
    const nlohmann::json body = parse_body(text);
    require_known_fields(body, {"puzzle", "to", "format", "rules", "channel"});
    const std::string to_name = string_field(body, "to", "");
    if (to_name.empty()) throw frontend::UsageError("convert needs --to FORMAT");
    const auto to = format_from_name(to_name);
    if (!to) throw frontend::UsageError("unknown format '" + to_name + "' (" + std::string(kWriteFormatNames) + ")");
    const ReadOptions options = read_options(body);
    return in_slot(context, body, 0, [&](const Budget& budget, std::atomic<bool>&) {
        const PuzzleEntry e = request_puzzle(body, options);
        poll_budget(budget);
        std::ostringstream out;
        try {
            write_puzzle(out, *to, e.puzzle, e.solution ? &*e.solution : nullptr);
        } catch (const ModelError& err) {
            throw ModelError(e.puzzle.name + ": cannot write as " + format_name(*to) + ": " + err.what());
        }
        return json_response({{"text", out.str()}});
    });
}

ApiResponse api_render(const ApiContext& context, const std::string& text) {
    nlohmann::json body = parse_body(text);
    require_known_fields(body, {"puzzle", "format", "rules", "cell-size", "labels", "coordinates", "channel"});
    // Here `format` is the picture's (svg, png); the puzzle's is detected.
    const std::string picture = string_field(body, "format", "svg");
    const auto format = frontend::picture_format_from_name(picture);
    if (!format) throw frontend::UsageError("render takes svg or png, not '" + picture + "'");
    body.erase("format");
    const ReadOptions read = read_options(body);
    render::SvgOptions options;
    const long long cell_size = whole_field(body, "cell-size", options.cell_size);
    if (cell_size < render::kMinCellSize || cell_size > render::kMaxCellSize)  // the command line's message
        throw frontend::UsageError("--cell-size takes " + std::to_string(render::kMinCellSize) + ".." +
                                   std::to_string(render::kMaxCellSize));
    options.cell_size = static_cast<int>(cell_size);
    options.labels = switch_field(body, "labels");
    options.coordinates = switch_field(body, "coordinates");
    return in_slot(context, body, 0, [&](const Budget& budget, std::atomic<bool>&) {
        const PuzzleEntry e = request_puzzle(body, read);
        poll_budget(budget);
        const std::string svg = render::svg_picture(e.puzzle, e.solution ? &*e.solution : nullptr, options);
        poll_budget(budget);
        ApiResponse r;
        r.content_type = *format == frontend::PictureFormat::Svg ? "image/svg+xml" : "image/png";
        r.body = frontend::picture_bytes(*format, svg);
        return r;
    });
}

}  // namespace nl::server
