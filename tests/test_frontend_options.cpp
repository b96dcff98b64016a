// The front end's option readers (frontend/*_options.hpp) on values given by name, as the
// command line and the server hand them over: the defaults they apply when nothing is given,
// what a given value changes, and the refusals with their messages.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <initializer_list>
#include <map>
#include <string>

#include "frontend/count_options.hpp"
#include "frontend/generate_options.hpp"
#include "frontend/solve_options.hpp"
#include "map_values.hpp"

namespace {

using nl::frontend::UsageError;

using testing_options::MapValues;
using testing_options::refusal;

TEST(FrontEndOptions, SolveDefaultsAreTheEngineDefaults) {
    const nl::EngineOptions read = nl::frontend::read_engine_options(MapValues{});
    const nl::EngineOptions plain;
    EXPECT_EQ(read.engine, nl::Engine::Auto);
    EXPECT_EQ(read.sat.timeout, 0);
    EXPECT_EQ(read.sat.threads, 1);
    EXPECT_EQ(read.dfs_nodes, plain.dfs_nodes);
    EXPECT_EQ(read.scan_nodes, plain.scan_nodes);
    EXPECT_EQ(read.route_rounds, plain.route_rounds);
    EXPECT_EQ(read.auto_route_rounds, plain.auto_route_rounds);  // auto's router is not capped
    EXPECT_TRUE(read.sat.speculate);
    EXPECT_TRUE(read.sat.lazy_no_touch);
    EXPECT_FALSE(read.cross_check);
    EXPECT_EQ(read.sat.interrupt, nullptr);  // the caller's own flag goes there
}

TEST(FrontEndOptions, GivenSolveValuesChangeTheOptions) {
    const nl::EngineOptions read = nl::frontend::read_engine_options(
        MapValues{{"engine", "sat"}, {"timeout", "2.5"}, {"route-rounds", "7"}, {"no-speculate", ""},
                   {"touch-clauses", "eager"}, {"acyclic", "order"}});
    EXPECT_EQ(read.engine, nl::Engine::Sat);
    EXPECT_DOUBLE_EQ(read.sat.timeout, 2.5);
    EXPECT_EQ(read.route_rounds, 7);
    EXPECT_EQ(read.auto_route_rounds, 7);  // given, it caps auto's router too
    EXPECT_FALSE(read.sat.speculate);
    EXPECT_FALSE(read.sat.lazy_no_touch);
    EXPECT_TRUE(read.sat.acyclic);
}

TEST(FrontEndOptions, RefusalsNameTheOption) {
    using nl::frontend::read_engine_options;
    EXPECT_EQ(refusal([] { read_engine_options(MapValues{{"timeout", "nan"}}); }),
              "--timeout takes seconds from 0 (no limit) to 1e9, not nan");
    EXPECT_EQ(refusal([] { read_engine_options(MapValues{{"timeout", "2e9"}}); }),
              "--timeout takes seconds from 0 (no limit) to 1e9, not 2e+09");
    EXPECT_EQ(refusal([] { read_engine_options(MapValues{{"threads", "0"}}); }).rfind("--threads takes 1 to ", 0), 0u);
    EXPECT_EQ(refusal([] { read_engine_options(MapValues{{"jobs", "257"}}); }), "--jobs takes 1 to 256, not 257");
    EXPECT_EQ(refusal([] { read_engine_options(MapValues{{"max-memory", "-3"}}); }),
              "--max-memory takes a number of megabytes (0: no cap), not '-3'");
    EXPECT_EQ(refusal([] { read_engine_options(MapValues{{"rules", "chess"}}); }), "(accepted)");  // not solve's to read
    EXPECT_EQ(refusal([] { nl::frontend::read_rules(MapValues{{"rules", "chess"}}); }).rfind("unknown rules 'chess' (", 0), 0u);
    EXPECT_EQ(refusal([] { read_engine_options(MapValues{{"optimize-seconds", "3"}}); }),
              "--optimize-seconds goes with --optimize length|bends");
    EXPECT_EQ(refusal([] { read_engine_options(MapValues{{"cross-check", ""}, {"engine", "wall"}}); }),
              "--cross-check runs SAT and the wall follower; it goes with --engine auto or sat");
}

TEST(FrontEndOptions, CountSettings) {
    const auto plain = nl::frontend::read_count_settings(MapValues{}, 0);
    EXPECT_EQ(plain.engine, nl::CountEngine::Sat);
    EXPECT_EQ(plain.options.distinct, nl::Distinct::Paths);
    EXPECT_EQ(plain.options.max, 0);
    const auto unique = nl::frontend::read_count_settings(MapValues{{"max", "9"}, {"distinct", "colors"}}, 2);
    EXPECT_EQ(unique.options.max, 2);  // unique's own cap, whatever max says
    EXPECT_EQ(unique.options.distinct, nl::Distinct::Colours);
    EXPECT_EQ(nl::frontend::read_count_settings(MapValues{{"max", "9"}}, 0).options.max, 9);
    EXPECT_EQ(refusal([] { nl::frontend::read_count_settings(MapValues{{"max", "0"}}, 0); }), "--max must be at least 1");
    EXPECT_EQ(refusal([] { nl::frontend::read_count_settings(MapValues{{"engine", "dfs"}}, 0); }),
              "--engine takes sat, search or frontier, not 'dfs'");
}

TEST(FrontEndOptions, GenerateNeedsASize) {
    EXPECT_EQ(refusal([] { nl::frontend::read_generate_options(MapValues{}); }), "--size WxH (or WxHxD) is required");
    const auto o = nl::frontend::read_generate_options(MapValues{{"size", "7x5"}, {"unique", ""}});
    EXPECT_EQ(o.width, 7);
    EXPECT_EQ(o.height, 5);
    EXPECT_TRUE(o.unique);
    EXPECT_EQ(refusal([] { nl::frontend::read_generate_options(MapValues{{"size", "7x5"}, {"polish", "2"}}); }),
              "--polish needs --unique");
}

}  // namespace
