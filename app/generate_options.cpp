// generate's options table and its command-line readers; see generate_options.hpp.
#include "app/generate_options.hpp"

#include <cstdint>

#include "app/interrupt.hpp"

namespace nl::app {

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
    // Nothing is read, so the rules have no input format to default to: flow's (Rules{}).
    frontend::OptionRow rules = frontend::common_option("rules");
    rules.help = "rules: flow|nikoli|adc|strict (default: flow)";
    add_table_options(desc, std::vector<frontend::OptionRow>{rules});
    add_common_options(desc, {"output", "output-file", "progress", "quiet", "help"});
}

gen::GenerateOptions read_generate_options(const po::variables_map& vm) {
    gen::GenerateOptions options = frontend::read_generate_options(CommandLineValues(vm));
    options.interrupt = &interrupt_flag();
    return options;
}

std::uint64_t seed_option(const po::variables_map& vm, bool& drawn) { return read_seed(CommandLineValues(vm), drawn); }

int positive(const po::variables_map& vm, const char* name, int fallback, int least) {
    return frontend::positive(CommandLineValues(vm), name, fallback, least);
}

}  // namespace nl::app
