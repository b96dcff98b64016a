// generate's options; see generate_options.hpp.
#include "app/generate_options.hpp"

#include <cctype>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "app/interrupt.hpp"
#include "core/limits.hpp"

namespace nl::app {

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

int positive(const po::variables_map& vm, const char* name, int fallback, int least) {
    if (!vm.count(name)) return fallback;
    const int v = vm[name].as<int>();
    if (v < least) {
        std::string message = "--";
        message += name;
        message += " must be at least " + std::to_string(least);
        throw UsageError(message);
    }
    return v;
}

void add_generate_options(po::options_description& desc) {
    desc.add_options()("size", po::value<std::string>()->value_name("WxH[xD]"),
                       "board size (required); WxHxD: D layers (ADC style, no vias; see docs/generate.md)")(
        "count,n", po::value<int>()->value_name("N"), "number of distinct puzzles (default 1)")(
        "seed", po::value<std::uint64_t>()->value_name("S"),
        "random seed (default: drawn at random and reported on stderr)")(
        "unique", "every puzzle has exactly one solution under the rules (proved exactly)")(
        "no-blocked", "cover every cell with paths (Flow Free style) instead of blocking leftovers")(
        "min-paths", po::value<int>()->value_name("A"), "at least A paths")(
        "max-paths", po::value<int>()->value_name("B"), "at most B paths")(
        "min-length", po::value<int>()->value_name("L"), "at least L cells per path (default 3, least 2)")(
        "repair", po::value<std::string>()->value_name("HOW"),
        "with --unique, on a second solution: cut (default: split a path where the two differ) or "
        "regenerate (start over)")(
        "wall-budget", po::value<long>()->value_name("N"),
        "boards the wall follower may examine for the difficulty signal (default 1000; 0: skip it)")(
        "polish", po::value<int>()->value_name("N"),
        "with --unique: spend up to N more uniqueness checks joining paths whose ends touch, keeping "
        "each join that leaves the puzzle unique (fewer, longer paths); on square boards, once no "
        "such join is left, stirring the ends into new joins")(
        "timeout", po::value<double>()->value_name("SECONDS"), "give up on a puzzle after SECONDS (0: never)")(
        "variant", po::value<std::string>()->value_name("KIND"),
        "the board: square (default), hex (hexagonal cells), warp (edges through the border), bridges "
        "(cells two paths cross) or shape (not a rectangle: cells outside the board)")(
        "warps", po::value<int>()->value_name("N"), "with --variant warp: N warps (default: 2 on 10x10, 3 on 14x14)")(
        "bridges", po::value<int>()->value_name("N"),
        "with --variant bridges: N bridges (default: 2 on 10x10, 3 on 14x14)")(
        "solutions", po::value<std::string>()->value_name("FILE"),
        "puzzle-only output formats: write the solutions to FILE (paths format)");
    add_common_options(desc, {"rules", "output", "output-file", "progress", "quiet", "help"});
}

gen::GenerateOptions read_generate_options(const po::variables_map& vm) {
    if (!vm.count("size")) throw UsageError("--size WxH (or WxHxD) is required");
    gen::GenerateOptions o;
    const BoardSize size = read_size(vm["size"].as<std::string>());
    o.width = size.width;
    o.height = size.height;
    o.layers = size.layers;
    o.rules = read_rules_option(vm).value_or(Rules{});
    o.unique = vm.count("unique") > 0;
    o.fill_all = vm.count("no-blocked") > 0;
    o.keep_empty = size.has_layers;  // ADC style: leftovers stay empty under no-fill rules
    // With --unique they are covered instead (as --no-blocked): a path can nearly always detour
    // through empty cells, so the uniqueness repair rarely ends (10x10x2 under adc rules: no
    // puzzle in 60 s; covered, 0.55 s).
    if (size.has_layers && o.unique && !o.rules.fill) o.fill_all = true;
    o.min_length = positive(vm, "min-length", 3, 2);
    o.min_paths = positive(vm, "min-paths", 1, 1);
    o.max_paths = positive(vm, "max-paths", 0, 1);
    if (o.max_paths > 0 && o.max_paths < o.min_paths)
        throw UsageError("--max-paths is smaller than --min-paths");
    if (vm.count("repair")) {
        const std::string how = vm["repair"].as<std::string>();
        if (how == "cut") o.repair = gen::Repair::Cut;
        else if (how == "regenerate") o.repair = gen::Repair::Regenerate;
        else throw UsageError("--repair takes cut or regenerate, not '" + how + "'");
    }
    if (vm.count("timeout")) {
        o.timeout = vm["timeout"].as<double>();
        if (!(o.timeout >= 0)) throw UsageError("--timeout must be at least 0");
    }
    o.polish = positive(vm, "polish", 0, 0);
    if (o.polish > 0 && !o.unique) throw UsageError("--polish needs --unique");
    if (vm.count("wall-budget")) {
        o.wall_budget = vm["wall-budget"].as<long>();
        if (o.wall_budget < 0) throw UsageError("--wall-budget must be at least 0");
    }
    if (vm.count("variant")) {
        const std::string kind = vm["variant"].as<std::string>();
        const auto v = gen::variant_from_name(kind);
        if (!v) throw UsageError("--variant takes " + std::string(gen::kVariantNames) + ", not '" + kind + "'");
        o.variant.variant = *v;
    }
    o.variant.warps = positive(vm, "warps", 0, 1);
    o.variant.bridges = positive(vm, "bridges", 0, 1);
    if (o.variant.warps > 0 && o.variant.variant != gen::Variant::Warp)
        throw UsageError("--warps needs --variant warp");
    if (o.variant.bridges > 0 && o.variant.variant != gen::Variant::Bridges)
        throw UsageError("--bridges needs --variant bridges");
    if (o.layers > 1 && o.variant.variant != gen::Variant::Square)
        throw UsageError("--variant " + gen::variant_name(o.variant.variant) + " has one layer (--size WxH)");
    if (const std::string problem = gen::variant_problem(o.width, o.height, o.variant); !problem.empty())
        throw UsageError("--variant " + gen::variant_name(o.variant.variant) + ": " + problem);
    o.interrupt = &interrupt_flag();
    return o;
}

std::uint64_t seed_option(const po::variables_map& vm, bool& drawn) {
    drawn = !vm.count("seed");
    if (!drawn) return vm["seed"].as<std::uint64_t>();
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

}  // namespace nl::app
