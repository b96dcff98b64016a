// Split counts (solver/count/cubes.hpp, split_count.hpp): the cubes cover every solution exactly
// once, each part's SAT count equals the oracle's count of the solutions in its cubes, and the
// merge gives the whole count and the unique verdict, on random boards under every preset.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "random_variants.hpp"
#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "frontend/split_files.hpp"
#include "solver/count/count_json.hpp"
#include "solver/count/split_count.hpp"

using namespace nl;

namespace {

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};

using testing_boards::Rng;

Puzzle parse(const std::string& rows) { return read_puzzles(text_from_string("t.txt", rows), {}).at(0).puzzle; }

std::vector<Solution> oracle_solutions(const Puzzle& p, Rules rules, std::size_t most) {
    std::vector<Solution> all;
    testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
        all.push_back(s);
        return all.size() < most;
    });
    return all;
}

// Checks one board: every oracle solution in exactly one cube, and per cube the SAT count of the
// cube equals the oracle's number of solutions in it; then the merge of parts of those cubes.
// Returns the number of cubes.
std::size_t check_split(const Puzzle& p, Rules rules, long target, const std::string& where) {
    const std::vector<Solution> all = oracle_solutions(p, rules, 400);
    if (all.size() >= 400) return 0;  // too many to compare one by one
    const CubeSplit split = split_into_cubes(p, rules, target);
    std::vector<long> in_cube(split.cubes.size(), 0);
    for (const Solution& s : all) {
        int holders = 0;
        for (std::size_t i = 0; i < split.cubes.size(); ++i)
            if (solution_in_cube(s, split.cubes[i])) {
                ++holders;
                ++in_cube[i];
            }
        EXPECT_EQ(holders, 1) << where << ": a solution lies in " << holders << " cubes";
    }
    CountOptions options;
    options.local_moves = false;
    options.keep = 2;
    const std::vector<std::vector<Cube>> dealt = deal_cubes(split.cubes, 3);
    std::vector<std::optional<PartCount>> parts, capped_parts;
    for (std::size_t i = 0; i < split.cubes.size(); ++i) {
        const PartCount one = count_part(p, rules, {split.cubes[i]}, options);
        EXPECT_EQ(one.count, in_cube[i]) << where << ": cube " << i;
    }
    for (const std::vector<Cube>& part : dealt) {
        parts.push_back(count_part(p, rules, part, options));
        CountOptions unique = options;
        unique.max = 2;
        capped_parts.push_back(count_part(p, rules, part, unique));
        for (const Solution& s : parts.back()->solutions) EXPECT_TRUE(check_solution(p, s, rules).ok) << where;
    }
    std::vector<std::size_t> open;
    const CountResult merged = merge_part_counts(parts, 0, 2, open);
    EXPECT_EQ(merged.count, static_cast<long>(all.size())) << where;
    EXPECT_TRUE(open.empty());
    const CountResult verdict = merge_part_counts(capped_parts, 2, 2, open);
    const std::string expected = all.empty() ? "none" : all.size() == 1 ? "unique" : "multiple";
    EXPECT_EQ(unique_verdict(verdict), expected) << where;
    return split.cubes.size();
}

// Splits each part of a split of `p` again (split_cubes_further) and checks that every oracle
// solution of the part lies in exactly one of the part's new cubes, and no other solution in any;
// then that the new cubes' SAT counts add up to the part's. Returns the number of new cubes.
std::size_t check_split_again(const Puzzle& p, Rules rules, long target, long again, const std::string& where) {
    const std::vector<Solution> all = oracle_solutions(p, rules, 400);
    if (all.size() >= 400) return 0;
    const CubeSplit split = split_into_cubes(p, rules, target);
    std::size_t made = 0;
    CountOptions options;
    options.local_moves = false;
    for (const std::vector<Cube>& part : deal_cubes(split.cubes, 3)) {
        const CubeSplit further = split_cubes_further(p, rules, part, again);
        made += further.cubes.size();
        long in_part = 0;
        for (const Solution& s : all) {
            const bool in = std::any_of(part.begin(), part.end(), [&](const Cube& c) { return solution_in_cube(s, c); });
            in_part += in;
            const long holders = std::count_if(further.cubes.begin(), further.cubes.end(),
                                               [&](const Cube& c) { return solution_in_cube(s, c); });
            EXPECT_EQ(holders, in ? 1 : 0) << where << ": a solution lies in " << holders << " new cubes";
        }
        EXPECT_EQ(count_part(p, rules, further.cubes, options).count, in_part) << where;
    }
    return made;
}

}  // namespace

TEST(Split, HandCountedBoard) {
    // One label corner to corner on 3x3 under adc rules: 6 paths (docs/counting.md). The first
    // steps right or down, each side's walks are its cubes; none is lost or doubled.
    const Puzzle p = parse("A..\n...\n..A\n");
    const CubeSplit split = split_into_cubes(p, kAdc, 4);
    EXPECT_GE(split.cubes.size(), 4u);
    for (const Cube& cube : split.cubes) {
        ASSERT_EQ(cube.size(), 1u);
        EXPECT_EQ(cube[0].cells.front(), p.labels[0].ends[0]);
    }
    EXPECT_EQ(check_split(p, kAdc, 4, "3x3 adc"), split.cubes.size());
}

TEST(Split, NoSolutionAtTheRootGivesNoCube) {
    // A's first end is walled in by B's terminals: no path can leave it.
    const Puzzle p = parse("AB.\nB..\n..A\n");
    const CubeSplit split = split_into_cubes(p, kNikoli, 8);
    EXPECT_TRUE(split.cubes.empty());
    EXPECT_EQ(split.dropped, 1);
    std::vector<std::size_t> open;
    const CountResult merged = merge_part_counts({}, 2, 2, open);
    EXPECT_EQ(unique_verdict(merged), "none");
}

TEST(Split, CoversEverySolutionOnceOnRandomBoards) {
    const std::uint64_t seed = 0x5eed5b1177ull;
    Rng rng{seed};
    std::size_t cubes = 0;
    for (int i = 0; i < 2000; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, {2, 5, 8, 3});
        const long target = 1 + rng.below(24);
        for (Rules rules : {kFlow, kNikoli, kAdc, kStrict})
            cubes += check_split(p, rules, target,
                                 "seed " + std::to_string(seed) + " board " + std::to_string(i) + " rules " +
                                     rules_name(rules) + " target " + std::to_string(target));
    }
    EXPECT_GT(cubes, 20000u);  // boards that split into many cubes are in the mix
}

TEST(Split, CoversEverySolutionOnceOnVariantBoards) {
    const std::uint64_t seed = 0x5eedfa11ull;
    Rng rng{seed};
    for (testing_boards::VariantKind kind : testing_boards::kVariantKinds) {
        if (kind == testing_boards::VariantKind::Bridges || kind == testing_boards::VariantKind::SquareMix) continue;
        for (int i = 0; i < 60; ++i) {
            const Puzzle p = testing_boards::random_variant_puzzle(rng, kind, 2, 4, 3);
            for (Rules rules : {kFlow, kNikoli, kAdc, kStrict}) {
                const std::string where = std::string(testing_boards::variant_kind_name(kind)) + " board " +
                                          std::to_string(i) + " rules " + rules_name(rules);
                check_split(p, rules, 1 + rng.below(12), where);
                check_split_again(p, rules, 1 + rng.below(6), 1 + rng.below(6), where + " (split again)");
            }
        }
    }
}

TEST(Split, SplittingPartsAgainCoversTheirSolutionsOnce) {
    const std::uint64_t seed = 0x5eed0a9a1ull;
    Rng rng{seed};
    std::size_t cubes = 0;
    for (int i = 0; i < 1500; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, {2, 5, 8, 3});
        const long target = 1 + rng.below(12), again = 1 + rng.below(12);
        for (Rules rules : {kFlow, kNikoli, kAdc, kStrict})
            cubes += check_split_again(p, rules, target, again,
                                       "seed " + std::to_string(seed) + " board " + std::to_string(i) + " rules " +
                                           rules_name(rules) + " targets " + std::to_string(target) + ", " +
                                           std::to_string(again));
    }
    EXPECT_GT(cubes, 10000u);
}

TEST(Split, CubesNoSolutionCanLieInAreDroppedWhenSplitAgain) {
    // A from (0,0) to (2,2), B from (2,0) to (0,2) under nikoli rules.
    const Puzzle p = parse("A.B\n...\nB.A\n");
    const CellId a = p.labels[0].ends[0];
    const auto cell = [&](int x, int y) { return p.cell(x, y, 0); };
    const std::vector<Cube> impossible = {
        {{0, {a, cell(1, 0)}}, {1, {p.labels[1].ends[0], cell(1, 0)}}},  // two prefixes share a cell
        {{0, {a, cell(1, 0), cell(2, 0)}}},                             // through B's terminal
        {{0, {a, cell(1, 1)}}},                                         // not neighbours
        {{0, {cell(1, 0), a}}},                                         // not from its first end
    };
    const CubeSplit split = split_cubes_further(p, kNikoli, impossible, 8);
    EXPECT_TRUE(split.cubes.empty());
    EXPECT_EQ(split.dropped, 4);
}

TEST(Split, LayeredBoards) {
    const std::uint64_t seed = 0x1a7e75ull;
    Rng rng{seed};
    for (int i = 0; i < 150; ++i) {
        const Puzzle p = testing_boards::random_layered(rng, 2, i % 2 == 0, 3, 3);
        for (Rules rules : {kNikoli, kAdc}) check_split(p, rules, 1 + rng.below(12), "layered board " + std::to_string(i));
    }
}

TEST(Split, RefusesBridgesAndColoursUnderTouchRules) {
    Puzzle p = parse("A.A\n...\n");
    EXPECT_FALSE(split_refusal(p, kFlow, Distinct::Paths));
    EXPECT_TRUE(split_refusal(p, kFlow, Distinct::Colours));
    EXPECT_FALSE(split_refusal(p, kAdc, Distinct::Colours));  // colourings are path sets there
}

TEST(Split, OpenPartsLeaveTheCountOpenUnlessTheCapDecides) {
    PartCount one;
    one.count = 1;
    std::vector<std::size_t> open;
    CountResult merged = merge_part_counts({one, std::nullopt}, 0, 2, open);
    EXPECT_TRUE(merged.timed_out);
    EXPECT_EQ(merged.count, 1);
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0], 1u);
    // Two solutions in answered parts decide "multiple" whatever the open part holds.
    merged = merge_part_counts({one, std::nullopt, one}, 2, 2, open);
    EXPECT_FALSE(merged.timed_out);
    EXPECT_EQ(unique_verdict(merged), "multiple");
    PartCount stopped = one;
    stopped.stop = StopReason::Timeout;
    merged = merge_part_counts({stopped}, 2, 2, open);
    EXPECT_EQ(unique_verdict(merged), "timeout");
}

TEST(SplitFiles, WriteReadAndMergeRoundTrip) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("nl-split-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    Puzzle p = parse("A...\n....\n...A\n");
    p.rules = kNikoli;
    const CubeSplit split = split_into_cubes(p, kNikoli, 12);
    const SplitManifest m = write_split(dir.string(), p, {"count", 0, Distinct::Paths}, split, 4);
    EXPECT_EQ(m.parts, 4);
    EXPECT_THROW(write_split(dir.string(), p, {"count", 0, Distinct::Paths}, split, 4), InputError);  // no mixing
    SplitState state = read_split(dir.string());
    EXPECT_EQ(state.results.size(), 4u);
    for (long i = 1; i <= m.parts; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "part-%04ld.json", i);
        const PartFile part = read_part_file((dir / name).string());
        EXPECT_EQ(part.index, i);
        CountOptions options;
        options.local_moves = false;
        options.keep = 2;
        write_part_result(part, count_part(part.puzzle, part.puzzle.rules, part.cubes, options));
    }
    state = read_split(dir.string());
    std::vector<std::size_t> open;
    const CountResult merged = merge_part_counts(state.results, 0, 2, open);
    EXPECT_TRUE(open.empty());
    EXPECT_EQ(merged.count, static_cast<long>(oracle_solutions(p, kNikoli, 100000).size()));
    // A damaged answer is an error naming the file and line.
    std::ofstream(dir / "part-0002.result.jsonl") << "{\"numberlink_part_result\": 1,\n \"id\": ";
    try {
        read_split(dir.string());
        ADD_FAILURE() << "a damaged answer was read";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("part-0002.result.jsonl:2"), std::string::npos) << e.what();
    }
    fs::remove_all(dir);
}

// A part split again: read_split takes its split's merged answer in its place, names the open
// parts inside it, and refuses a split that is not of that part.
TEST(SplitFiles, APartSplitAgainIsMergedInItsPlace) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("nl-split-again-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    Puzzle p = parse("A...\n....\n...A\n");
    p.rules = kNikoli;
    const SplitTask task{"count", 0, Distinct::Paths};
    const SplitManifest m = write_split(dir.string(), p, task, split_into_cubes(p, kNikoli, 3), 3);
    CountOptions options;
    options.local_moves = false;
    options.keep = 2;
    const auto count_into = [&](const fs::path& path) {
        const PartFile part = read_part_file(path.string());
        write_part_result(part, count_part(part.puzzle, part.puzzle.rules, part.cubes, options));
    };
    count_into(dir / "part-0002.json");
    count_into(dir / "part-0003.json");
    const PartFile first = read_part_file((dir / "part-0001.json").string());
    const fs::path sub = sub_split_dir(first.path);
    EXPECT_EQ(sub, dir / "part-0001.split");
    const SplitManifest again = write_split(sub.string(), p, task, split_cubes_further(p, kNikoli, first.cubes, 4), 4,
                                            SplitParent{m.id, 1});
    ASSERT_GE(again.parts, 2);
    count_into(sub / "part-0001.json");
    SplitState state = read_split(dir.string());
    std::vector<std::size_t> open;
    merge_part_counts(state.results, 0, 2, open);
    ASSERT_EQ(open, std::vector<std::size_t>{0});
    std::vector<std::string> expected;
    for (long i = 2; i <= again.parts; ++i) expected.push_back("1." + std::to_string(i));
    EXPECT_EQ(open_part_names(state, open), expected);
    EXPECT_TRUE(state.pending[0]);
    for (long i = 2; i <= again.parts; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "part-%04ld.json", i);
        count_into(sub / name);
    }
    state = read_split(dir.string());
    const CountResult merged = merge_part_counts(state.results, 0, 2, open);
    EXPECT_TRUE(open.empty());
    EXPECT_EQ(merged.count, static_cast<long>(oracle_solutions(p, kNikoli, 100000).size()));
    ASSERT_TRUE(read_part_result(first).has_value());
    EXPECT_EQ(read_part_result(first)->stop, StopReason::None);
    // A split of another part in part 1's place is an error naming its manifest.
    fs::remove_all(sub);
    write_split(sub.string(), p, task, split_cubes_further(p, kNikoli, first.cubes, 2), 2, SplitParent{m.id, 2});
    try {
        read_split(dir.string());
        ADD_FAILURE() << "a split of part 2 was read as part 1's";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("part-0001.split/manifest.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("not a split of part 1"), std::string::npos) << e.what();
    }
    fs::remove_all(dir);
}
