// The README's "Scaling out" recipe, run locally: GNU parallel splits a level pack on standard
// input into chunks, one `numberlink solve` per chunk, and merges the outputs in input order
// (-k). The merged JSON Lines must be those of one `solve` over the whole file, puzzle by puzzle,
// but for the names (`<stdin>:INDEX`, counted per chunk) and the timings.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>

#include "cli_fixture.hpp"

namespace {

using nl::testing_cli::CliTest;
using nl::testing_cli::lines_of;

nlohmann::json without_name_and_time(std::string_view line) {
    nlohmann::json j = nlohmann::json::parse(line);
    j.erase("name");
    j.erase("seconds");
    if (j.contains("stats")) {
        j["stats"].erase("encode_seconds");
        j["stats"].erase("solve_seconds");
    }
    if (j.contains("attempts"))
        for (auto& attempt : j["attempts"]) attempt.erase("seconds");
    return j;
}

TEST_F(CliTest, GnuParallelMergedOutputEqualsOneRun) {
    // scripts/setup installs GNU parallel (Debian `parallel`); without it the recipe cannot run.
    ASSERT_EQ(std::system("command -v parallel >/dev/null"), 0) << "GNU parallel is missing: run ./scripts/setup";
    const auto made = run("generate --size 7x7 --count 40 --no-blocked --seed 5 --output levelpack -o pack.txt");
    ASSERT_EQ(made.code, 0) << made.err;
    const auto one = run("solve --output json pack.txt");
    ASSERT_EQ(one.code, 0) << one.err;
    const std::string binary = NUMBERLINK_BINARY;
    const auto merged = run_program("/bin/sh", "-c \"parallel --will-cite --pipe -N 7 -k '" + binary +
                                                   "' solve --output json - < pack.txt\"");
    ASSERT_EQ(merged.code, 0) << merged.err;
    const auto expected = lines_of(one.out), got = lines_of(merged.out);
    ASSERT_EQ(expected.size(), 40u);
    ASSERT_EQ(got.size(), expected.size()) << merged.out;
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(without_name_and_time(got[i]), without_name_and_time(expected[i])) << "puzzle " << i + 1;
        // Chunks of 7: puzzle i is the (i % 7 + 1)-th of its chunk, read from standard input.
        EXPECT_EQ(nlohmann::json::parse(got[i])["name"], "<stdin>:" + std::to_string(i % 7 + 1)) << i;
    }
}

}  // namespace
