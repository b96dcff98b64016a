// The engines' JSON fields; see engine_json.hpp.
#include "solver/pipeline/engine_json.hpp"

#include <algorithm>
#include <cstdio>
#include <type_traits>
#include <utility>
#include <variant>

namespace nl {

nlohmann::ordered_json solve_stats_json(const SolveStats& s) {
    nlohmann::ordered_json j = {{"vars", s.vars},
                                {"clauses", s.clauses},
                                {"cycle_cuts", s.cycle_cuts},
                                {"loops_spliced", s.loops_spliced},
                                {"touch_cuts", s.touch_cuts},
                                {"sat_calls", s.sat_calls},
                                {"conflicts", s.conflicts},
                                {"speculation", s.speculation}};
    if (!s.speculation_stage.empty()) j["speculation_stage"] = s.speculation_stage;  // when held
    j["encode_seconds"] = s.encode_seconds;
    j["solve_seconds"] = s.solve_seconds;
    j["forced_edges"] = s.forced_edges;
    j["dead_edges"] = s.dead_edges;
    // sat, parity ("parity: ...", "no path can join ..."), or presolve ("forced: ...")
    if (!s.unsolvable_reason.empty()) j["unsolvable_reason"] = s.unsolvable_reason;
    if (!s.limit_reason.empty()) j["limit_reason"] = s.limit_reason;  // which limit stopped SAT
    return j;
}

namespace {

nlohmann::ordered_json stat_json(const AttemptStat& s) {
    return std::visit([](const auto& v) { return nlohmann::ordered_json(v); }, s.value);
}

nlohmann::ordered_json attempt_json(const Attempt& a) {
    nlohmann::ordered_json j = {{"engine", a.engine}, {"verdict", verdict_name(a.verdict)}, {"seconds", a.seconds}};
    if (!a.reason.empty()) j["reason"] = a.reason;
    nlohmann::ordered_json stats = nlohmann::ordered_json::object();
    for (const AttemptStat& s : a.stats) stats[s.name] = stat_json(s);
    j["stats"] = std::move(stats);
    return j;
}

// The object of one engine, as records gave it before the trail existed: its own status word and
// its figures, from its last attempt (SAT's figures are "stats").
nlohmann::ordered_json engine_object(const Attempt& a) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    const bool own_status =
        std::any_of(a.stats.begin(), a.stats.end(), [](const AttemptStat& s) { return s.name == "status"; });
    if (!own_status) j["status"] = verdict_name(a.verdict);
    for (const AttemptStat& s : a.stats) j[s.name] = stat_json(s);
    if (!a.reason.empty()) j["why"] = a.reason;
    return j;
}

std::string stat_text(const AttemptStat& s) {
    return std::visit(
        [](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::string>) return v;
            else return nlohmann::ordered_json(v).dump();
        },
        s.value);
}

}  // namespace

void add_engine_json(nlohmann::ordered_json& j, const EngineResult& e) {
    // Objects named after the engines (engine, key), in the order records have always had them.
    // The layers engine's key is "layers_engine": "layers" is the puzzle's layer count, in the
    // same record, and must not be overwritten.
    static constexpr std::pair<const char*, const char*> kEngineKeys[] = {
        {"optimize", "optimize"}, {"reroute", "reroute"},   {"route", "route"},   {"layers", "layers_engine"},
        {"tight", "tight"},       {"shrink", "shrink"},     {"routefill", "routefill"}, {"repair", "repair"},
        {"dfs", "dfs"},           {"scan", "scan"},         {"wall", "wall"},     {"parity", "parity"},
        {"crossing", "crossing"}, {"cuts", "cuts"},         {"refute", "refute"}};
    for (const auto& [engine, key] : kEngineKeys)
        if (const Attempt* a = last_attempt(e, engine)) j[key] = engine_object(*a);
    nlohmann::ordered_json trail = nlohmann::ordered_json::array();
    for (const Attempt& a : e.attempts) trail.push_back(attempt_json(a));
    j["attempts"] = std::move(trail);
}

std::string attempts_text(const EngineResult& e) {
    std::string text;
    for (const Attempt& a : e.attempts) {
        text += "  " + a.engine + " " + verdict_name(a.verdict);
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, " (%.3f s)", a.seconds);
        text += seconds;
        for (const AttemptStat& s : a.stats) {
            if (s.name == "status" && stat_text(s) == verdict_name(a.verdict)) continue;  // said already
            std::string name = s.name;
            for (char& c : name) c = c == '_' ? ' ' : c;
            text += ", " + name + " " + stat_text(s);
        }
        if (!a.reason.empty() && a.verdict != Verdict::Unsolvable) text += " (" + a.reason + ")";
        text += "\n";
    }
    return text;
}

}  // namespace nl
