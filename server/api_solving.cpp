// The endpoints that solve: solve, unique, count, generate. Each reads its options first (bad
// options are answered at once), then waits for a slot (server/api_slot.hpp), reads its puzzle
// and runs the library as the command of the same name runs it, under the request's budget:
// the smaller of its own `timeout` and the server's, the server's memory cap, and the
// request's cancel flag as the interrupt flag (a newer request on its channel, or the server
// stopping).

#include "app/counting.hpp"
#include "app/generate_options.hpp"
#include "app/records.hpp"
#include "app/solve_options.hpp"
#include "server/api.hpp"
#include "server/api_request.hpp"
#include "server/api_slot.hpp"

namespace nl::server {

namespace {

// Fields that are not command-line options.
const std::set<std::string> kRequestFields = {"puzzle", "channel"};

ReadOptions read_options(const app::po::variables_map& vm) {
    return {app::read_format_option(vm, "format"), app::read_rules_option(vm)};
}

// unique's and count's options from the request, as read_counting_run reads them.
app::CountingRun counting_run(const app::po::variables_map& vm, long max, const ServerSettings& s) {
    app::Parsed parsed{vm, {}};
    app::CountingRun run = app::read_counting_run(parsed, max, false);
    run.options.sat.timeout = capped_timeout(run.options.sat.timeout, s);
    run.options.sat.max_memory = s.max_memory;
    return run;
}

// The request's one puzzle, read within its budget.
PuzzleEntry budgeted_puzzle(const nlohmann::json& body, const ReadOptions& options, const Budget& budget) {
    PuzzleEntry entry = request_puzzle(body, options);
    poll_budget(budget);
    return entry;
}

}  // namespace

ApiResponse api_solve(const ApiContext& context, const std::string& text) {
    const nlohmann::json body = parse_body(text);
    app::po::options_description desc;
    app::add_solve_options(desc);
    const auto vm = parse_fields(body, kRequestFields, desc);
    EngineOptions engine = app::read_engine_options(vm);
    engine.sat.timeout = capped_timeout(engine.sat.timeout, context.settings);
    engine.sat.max_memory = context.settings.max_memory;
    engine.sat.on_stage = nullptr;
    return in_slot(context, body, engine.sat.timeout, [&](const Budget& budget, std::atomic<bool>& flag) {
        const PuzzleEntry entry = budgeted_puzzle(body, read_options(vm), budget);
        app::check_optimize_rules(engine, entry.puzzle);
        engine.sat.interrupt = &flag;
        return json_response(
            app::solve_record(entry.puzzle, app::solve_one(entry.puzzle, engine, true), engine.cross_check));
    });
}

ApiResponse api_unique(const ApiContext& context, const std::string& text) {
    const nlohmann::json body = parse_body(text);
    app::po::options_description desc;
    app::add_counting_options(desc);
    const auto vm = parse_fields(body, kRequestFields, desc);
    app::CountingRun run = counting_run(vm, 2, context.settings);
    return in_slot(context, body, run.options.sat.timeout, [&](const Budget& budget, std::atomic<bool>& flag) {
        const PuzzleEntry entry = budgeted_puzzle(body, read_options(vm), budget);
        app::require_engine_applies(run, entry.puzzle);
        run.options.sat.interrupt = &flag;
        const CountResult r = count_with_engine(entry.puzzle, entry.puzzle.rules, run.engine, run.options);
        return json_response(app::unique_record(entry.puzzle, r, run.engine, run.options.distinct, ""));
    });
}

ApiResponse api_count(const ApiContext& context, const std::string& text) {
    const nlohmann::json body = parse_body(text);
    app::po::options_description desc;
    app::add_count_options(desc);
    const auto vm = parse_fields(body, kRequestFields, desc);
    app::CountingRun run = counting_run(vm, 0, context.settings);
    // The cap: the request's `max`, by default 100, never above the server's.
    const long cap = context.settings.max_count;
    run.options.max = std::min(body.contains("max") ? run.options.max : 100, cap);
    const bool all = body.value("all", false);
    run.options.keep = all ? static_cast<std::size_t>(-1) : 0;
    return in_slot(context, body, run.options.sat.timeout, [&](const Budget& budget, std::atomic<bool>& flag) {
        const PuzzleEntry entry = budgeted_puzzle(body, read_options(vm), budget);
        app::require_engine_applies(run, entry.puzzle);
        run.options.sat.interrupt = &flag;
        const CountResult r = count_with_engine(entry.puzzle, entry.puzzle.rules, run.engine, run.options);
        return json_response(app::count_record(entry.puzzle, r, run.engine, run.options.distinct, all));
    });
}

ApiResponse api_generate(const ApiContext& context, const std::string& text) {
    nlohmann::json body = parse_body(text);
    // width and height, as --size WxH.
    if (body.contains("width") || body.contains("height")) {
        if (!body.value("width", nlohmann::json()).is_number_integer() ||
            !body.value("height", nlohmann::json()).is_number_integer())
            throw ApiError(400, "fields 'width' and 'height' take whole numbers, both");
        body["size"] = std::to_string(body["width"].get<long>()) + "x" + std::to_string(body["height"].get<long>());
        body.erase("width");
        body.erase("height");
    }
    app::po::options_description desc;
    app::add_generate_options(desc);
    const auto vm = parse_fields(body, kRequestFields, desc);
    gen::GenerateOptions options = app::read_generate_options(vm);
    options.timeout = capped_timeout(options.timeout, context.settings);
    bool drawn = false;
    std::uint64_t seed = app::seed_option(vm, drawn);
    std::string failure;
    ApiResponse response = in_slot(context, body, options.timeout, [&](const Budget&, std::atomic<bool>& flag) {
        options.interrupt = &flag;
        nlohmann::ordered_json record;
        const gen::GenerateStatus status = gen::generate_many(options, seed, 1, [&](const gen::Generated& g) {
            record = app::generate_record(g, seed, options.unique, options.variant.variant);
        });
        failure = app::generate_shortfall(status, options, 0, 1);
        return json_response(record);
    });
    if (response.status == 200 && !failure.empty()) return error_response(422, failure);
    return response;
}

}  // namespace nl::server
