// generate's options; see generate_options.hpp.
#include "frontend/generate_options.hpp"

#include <cctype>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "core/limits.hpp"

namespace nl::frontend {

namespace {

struct BoardSize {
    int width = 0, height = 0, layers = 1;
    bool has_layers = false;  // given as WxHxD
};

// WxH, or WxHxD for a board of D layers.
BoardSize read_size(const std::string& text) {
    const std::string usage = "--size takes WxH or WxHxD (e.g. 10x10, 72x72x8), not '" + text + "'";
    std::vector<int> sides;
    std::size_t at = 0;
    while (sides.size() < 3) {
        std::size_t used = 0;
        try {
            sides.push_back(std::stoi(text.substr(at), &used));
        } catch (const std::exception&) {
            throw UsageError(usage);
        }
        if (!std::isdigit(static_cast<unsigned char>(text[at]))) throw UsageError(usage);
        at += used;
        if (at == text.size()) break;
        if (text[at] != 'x' && text[at] != 'X') throw UsageError(usage);
        ++at;
    }
    if (sides.size() < 2 || at != text.size()) throw UsageError(usage);
    BoardSize size{sides[0], sides[1], sides.size() == 3 ? sides[2] : 1, sides.size() == 3};
    if (size.width < 1 || size.height < 1 || size.width > 1000 || size.height > 1000 || size.width * size.height < 4)
        throw UsageError("--size " + text + ": boards from 4 cells up to 1000x1000 per layer");
    if (size.layers < 1 || size.layers > limits::kMaxLayers ||
        std::int64_t{size.width} * size.height * size.layers > limits::kMaxCells)
        throw UsageError("--size " + text + ": from 1 to " + std::to_string(limits::kMaxLayers) + " layers, at most " +
                         std::to_string(limits::kMaxCells) + " cells in all");
    return size;
}

}  // namespace

int positive(const OptionValues& values, const char* name, int fallback, int least) {
    if (!values.given(name)) return fallback;
    const int v = values.whole<int>(name);
    if (v < least) {
        std::string message = "--";
        message += name;
        message += " must be at least " + std::to_string(least);
        throw UsageError(message);
    }
    return v;
}

gen::GenerateOptions read_generate_options(const OptionValues& values) {
    if (!values.given("size")) throw UsageError("--size WxH (or WxHxD) is required");
    gen::GenerateOptions o;
    const BoardSize size = read_size(values.text("size"));
    o.width = size.width;
    o.height = size.height;
    o.layers = size.layers;
    o.rules = read_rules(values).value_or(Rules{});
    o.unique = values.flag("unique");
    o.fill_all = values.flag("no-blocked");
    o.keep_empty = size.has_layers;  // ADC style: leftovers stay empty under no-fill rules
    // With --unique they are covered instead (as --no-blocked): a path can nearly always detour
    // through empty cells, so the uniqueness repair rarely ends (10x10x2 under adc rules: no
    // puzzle in 60 s; covered, 0.55 s).
    if (size.has_layers && o.unique && !o.rules.fill) o.fill_all = true;
    o.min_length = positive(values, "min-length", 3, 2);
    o.min_paths = positive(values, "min-paths", 1, 1);
    o.max_paths = positive(values, "max-paths", 0, 1);
    if (o.max_paths > 0 && o.max_paths < o.min_paths)
        throw UsageError("--max-paths is smaller than --min-paths");
    if (values.given("repair")) {
        const std::string how = values.text("repair");
        if (how == "cut") o.repair = gen::Repair::Cut;
        else if (how == "regenerate") o.repair = gen::Repair::Regenerate;
        else throw UsageError("--repair takes cut or regenerate, not '" + how + "'");
    }
    if (values.given("timeout")) {
        o.timeout = values.number("timeout");
        if (!(o.timeout >= 0)) throw UsageError("--timeout must be at least 0");
    }
    o.polish = positive(values, "polish", 0, 0);
    if (o.polish > 0 && !o.unique) throw UsageError("--polish needs --unique");
    if (values.given("wall-budget")) {
        o.wall_budget = values.whole<long>("wall-budget");
        if (o.wall_budget < 0) throw UsageError("--wall-budget must be at least 0");
    }
    if (values.given("variant")) {
        const std::string kind = values.text("variant");
        const auto v = gen::variant_from_name(kind);
        if (!v) throw UsageError("--variant takes " + std::string(gen::kVariantNames) + ", not '" + kind + "'");
        o.variant.variant = *v;
    }
    o.variant.warps = positive(values, "warps", 0, 1);
    o.variant.bridges = positive(values, "bridges", 0, 1);
    if (o.variant.warps > 0 && o.variant.variant != gen::Variant::Warp)
        throw UsageError("--warps needs --variant warp");
    if (o.variant.bridges > 0 && o.variant.variant != gen::Variant::Bridges)
        throw UsageError("--bridges needs --variant bridges");
    if (o.layers > 1 && o.variant.variant != gen::Variant::Square)
        throw UsageError("--variant " + gen::variant_name(o.variant.variant) + " has one layer (--size WxH)");
    if (const std::string problem = gen::variant_problem(o.width, o.height, o.variant); !problem.empty())
        throw UsageError("--variant " + gen::variant_name(o.variant.variant) + ": " + problem);
    return o;
}

std::uint64_t read_seed(const OptionValues& values, bool& drawn) {
    drawn = !values.given("seed");
    if (!drawn) return values.unsigned_integer("seed");
    return draw_seed();
}

std::uint64_t draw_seed() {
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

std::string generate_shortfall(gen::GenerateStatus status, const gen::GenerateOptions& o, int made, int count) {
    const std::string of = std::to_string(made) + " of " + std::to_string(count);
    switch (status) {
        case gen::GenerateStatus::Timeout: return "generate: timeout after " + of + " puzzles";
        case gen::GenerateStatus::GaveUp:
            return "generate: no layout met the constraints in " + std::to_string(o.max_attempts) + " attempts; made " +
                   of + " puzzles";
        case gen::GenerateStatus::Exhausted:
            return "generate: " + std::to_string(o.max_duplicates) +
                   " duplicates in a row: this board has no more distinct puzzles (or very few); made " + of;
        default: return "";
    }
}

}  // namespace nl::frontend
