// The endpoints that solve: solve, unique, count, generate. Each reads its options first (bad
// options are answered at once), then waits for a slot (server/api_slot.hpp), reads its puzzle
// and runs the library as the command of the same name runs it, under the request's budget:
// the smaller of its own `timeout` and the server's, the server's memory cap, and the
// request's cancel flag as the interrupt flag (a newer request on its channel, or the server
// stopping).

#include "frontend/count_options.hpp"
#include "frontend/generate_options.hpp"
#include "frontend/records.hpp"
#include "frontend/solve_options.hpp"
#include "server/api.hpp"
#include "server/api_request.hpp"
#include "server/api_slot.hpp"

namespace nl::server {

namespace {

// Fields that are not command-line options.
const std::set<std::string> kRequestFields = {"puzzle", "channel"};

// The rows a generate request is checked against: the common options generate takes, and its own
// that write files (--count writes several puzzles, --solutions a file), which a request may not
// set. generate's other options are read by name (frontend/generate_options.hpp).
std::vector<frontend::OptionRow> generate_request_rows() {
    std::vector<frontend::OptionRow> rows =
        frontend::common_options({"rules", "output", "output-file", "progress", "quiet", "help"});
    rows.push_back(frontend::option_row("count", frontend::OptionKind::Whole, "N", "", frontend::kCommandLine));
    rows.push_back(frontend::option_row("solutions", frontend::OptionKind::Text, "FILE", "", frontend::kCommandLine));
    return rows;
}

ReadOptions read_options(const RequestFields& fields) {
    return {frontend::read_format(fields, "format"), frontend::read_rules(fields)};
}

// unique's and count's options from the request, as the commands read them, under the server's
// limits.
frontend::CountSettings count_settings(const RequestFields& fields, long max, const ServerSettings& s) {
    frontend::CountSettings settings = frontend::read_count_settings(fields, max);
    settings.options.sat.timeout = capped_timeout(settings.options.sat.timeout, s);
    settings.options.sat.max_memory = s.max_memory;
    return settings;
}

// The request's one puzzle, read within its budget.
PuzzleEntry budgeted_puzzle(const nlohmann::json& body, const ReadOptions& options, const Budget& budget) {
    PuzzleEntry entry = request_puzzle(body, options);
    poll_budget(budget);
    return entry;
}

// unique's and count's work: counts the request's one puzzle in a slot, under the request's
// budget, and answers `record(puzzle, result)`.
template <typename Record>
ApiResponse count_in_slot(const ApiContext& context, const nlohmann::json& body, frontend::CountSettings& run,
                          const ReadOptions& read, Record record) {
    return in_slot(context, body, run.options.sat.timeout, [&](const Budget& budget, std::atomic<bool>& flag) {
        const PuzzleEntry entry = budgeted_puzzle(body, read, budget);
        frontend::require_count_engine_applies(run.engine, run.options, entry.puzzle);
        run.options.sat.interrupt = &flag;
        const CountResult r = count_with_engine(entry.puzzle, entry.puzzle.rules, run.engine, run.options);
        return json_response(record(entry.puzzle, r));
    });
}

}  // namespace

ApiResponse api_solve(const ApiContext& context, const std::string& text) {
    const nlohmann::json body = parse_body(text);
    const RequestFields fields(body, kRequestFields, frontend::solve_option_table());
    EngineOptions engine = frontend::read_engine_options(fields);
    const ReadOptions read = read_options(fields);
    (void)fields.flag("stats");  // taken, as the command line takes it: the record has the statistics
    fields.require_all_read();
    engine.sat.timeout = capped_timeout(engine.sat.timeout, context.settings);
    engine.sat.max_memory = context.settings.max_memory;
    return in_slot(context, body, engine.sat.timeout, [&](const Budget& budget, std::atomic<bool>& flag) {
        const PuzzleEntry entry = budgeted_puzzle(body, read, budget);
        frontend::check_optimize_rules(engine, entry.puzzle);
        engine.sat.interrupt = &flag;
        return json_response(frontend::solve_record(entry.puzzle, frontend::solve_one(entry.puzzle, engine, true),
                                                    engine.cross_check));
    });
}

ApiResponse api_unique(const ApiContext& context, const std::string& text) {
    const nlohmann::json body = parse_body(text);
    const RequestFields fields(body, kRequestFields, frontend::unique_option_table());
    frontend::CountSettings run = count_settings(fields, 2, context.settings);
    const ReadOptions read = read_options(fields);
    fields.require_all_read();
    return count_in_slot(context, body, run, read, [&](const Puzzle& puzzle, const CountResult& r) {
        return frontend::unique_record(puzzle, r, run.engine, run.options.distinct, "");
    });
}

ApiResponse api_count(const ApiContext& context, const std::string& text) {
    const nlohmann::json body = parse_body(text);
    const RequestFields fields(body, kRequestFields, frontend::count_option_table());
    frontend::CountSettings run = count_settings(fields, 0, context.settings);
    // The cap: the request's `max`, by default 100, never above the server's.
    const long cap = context.settings.max_count;
    run.options.max = std::min(fields.given("max") ? run.options.max : 100, cap);
    const bool all = fields.flag("all");
    run.options.keep = all ? static_cast<std::size_t>(-1) : 0;
    const ReadOptions read = read_options(fields);
    fields.require_all_read();
    return count_in_slot(context, body, run, read, [&](const Puzzle& puzzle, const CountResult& r) {
        return frontend::count_record(puzzle, r, run.engine, run.options.distinct, all);
    });
}

ApiResponse api_generate(const ApiContext& context, const std::string& text) {
    nlohmann::json body = parse_body(text);
    // width and height, as --size WxH.
    if (body.contains("width") || body.contains("height")) {
        for (const char* side : {"width", "height"})
            if (body.value(side, nlohmann::json()).is_null())
                throw ApiError(400, std::string("field '") + side + "' is missing ('width' and 'height' go together)");
        if (body.contains("size")) throw ApiError(400, "give the board's size as 'size' or as 'width' and 'height', not both");
        body["size"] = std::to_string(whole_field(body, "width", 0)) + "x" + std::to_string(whole_field(body, "height", 0));
        body.erase("width");
        body.erase("height");
    }
    const std::vector<frontend::OptionRow> rows = generate_request_rows();  // outlives `fields`, which keeps a view
    const RequestFields fields(body, kRequestFields, rows);
    gen::GenerateOptions options = frontend::read_generate_options(fields);
    bool drawn = false;
    std::uint64_t seed = frontend::read_seed(fields, drawn);
    fields.require_all_read();
    options.timeout = capped_timeout(options.timeout, context.settings);
    std::string failure;
    ApiResponse response = in_slot(context, body, options.timeout, [&](const Budget&, std::atomic<bool>& flag) {
        options.interrupt = &flag;
        nlohmann::ordered_json record;
        const gen::GenerateStatus status = gen::generate_many(options, seed, 1, [&](const gen::Generated& g) {
            record = frontend::generate_record(g, seed, options.unique, options.variant.variant);
        });
        failure = frontend::generate_shortfall(status, options, 0, 1);
        return json_response(record);
    });
    if (response.status == 200 && !failure.empty()) return error_response(422, failure);
    return response;
}

}  // namespace nl::server
