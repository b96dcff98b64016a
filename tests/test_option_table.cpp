// The option tables (frontend/option_table.hpp): each row holds together (its default passes its
// own check, its choices are named in its help, its measurements exist in docs/performance.md),
// and the generic checks refuse with messages that name the option and the value.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>

#include "frontend/count_options.hpp"
#include "frontend/solve_options.hpp"
#include "map_values.hpp"

namespace {

using namespace nl::frontend;

using testing_options::MapValues;
using testing_options::refusal;

const std::map<std::string, std::span<const OptionRow>> kTables = {
    {"common", common_option_table()},
    {"solve", solve_option_table()},
    {"count", count_option_table()},
    {"unique", unique_option_table()},
};

TEST(OptionTable, EveryDefaultPassesItsOwnRowsCheck) {
    const MapValues none{};
    for (const auto& [table, rows] : kTables)
        for (const OptionRow& row : rows) {
            if (row.fallback.empty()) continue;
            if (row.kind == OptionKind::Choice) {
                EXPECT_EQ(choice_value(none, row), row.fallback) << table << " " << row.name;
            } else if (row.kind == OptionKind::Whole) {
                EXPECT_EQ(whole_value(none, row), std::stoll(row.fallback)) << table << " " << row.name;
            }
        }
}

TEST(OptionTable, EveryChoiceIsNamedInTheHelp) {
    for (const auto& [table, rows] : kTables)
        for (const OptionRow& row : rows) {
            if (row.kind != OptionKind::Choice) continue;
            for (const std::string_view word : choice_words(row.choices))
                EXPECT_NE(row.help.find(word), std::string::npos) << table << " --" << row.name << ": " << word;
        }
}

TEST(OptionTable, NamesAreUniqueInATable) {
    for (const auto& [table, rows] : kTables)
        for (const OptionRow& row : rows) EXPECT_EQ(find_option(rows, row.name), &row) << table << " " << row.name;
}

TEST(OptionTable, MeasuredDefaultsHaveTheirSectionInPerformanceDocs) {
    std::ifstream in(std::string(NUMBERLINK_SOURCE_DIR) + "/docs/performance.md");
    ASSERT_TRUE(in) << "docs/performance.md";
    std::stringstream text;
    text << in.rdbuf();
    for (const auto& [table, rows] : kTables)
        for (const OptionRow& row : rows)
            if (!row.measured.empty()) {
                EXPECT_NE(text.str().find("\n### " + row.measured + "\n"), std::string::npos)
                    << "--" << row.name << ": ### " << row.measured;
            }
}

TEST(OptionTable, RefusalsNameTheOptionAndTheValue) {
    const OptionRow& labels = *find_option(solve_option_table(), "labels");
    EXPECT_EQ(refusal([&] { choice_value(MapValues{{"labels", "ternary"}}, labels); }),
              "--labels takes auto, onehot or binary, not 'ternary'");
    const OptionRow& dfs = *find_option(solve_option_table(), "dfs-nodes");
    EXPECT_EQ(refusal([&] { whole_value(MapValues{{"dfs-nodes", "-1"}}, dfs); }), "--dfs-nodes must be at least 0");
    const OptionRow& jobs = *find_option(count_option_table(), "jobs");
    EXPECT_EQ(refusal([&] { whole_value(MapValues{{"jobs", "257"}}, jobs); }), "--jobs must be at most 256");
    EXPECT_EQ(choices_in_words("a"), "a");
    EXPECT_EQ(choices_in_words("a|b"), "a or b");
    EXPECT_EQ(choices_in_words("a|b|c"), "a, b or c");
}

TEST(OptionTable, OnlyTheRowsThatSaySoReachRequestsAndPython) {
    // What the server decides or what writes files and draws on a terminal is not a request's
    // or a Python call's to set.
    for (const char* name : {"threads", "max-memory", "jobs", "output-file", "output", "color", "progress", "quiet",
                             "help", "animate", "animate-delay"}) {
        const OptionRow* row = find_option(solve_option_table(), name);
        ASSERT_NE(row, nullptr) << name;
        EXPECT_FALSE(row->in(kRequest)) << name;
    }
    for (const char* name : {"jobs", "output-file", "stats", "animate", "rules", "format"})
        EXPECT_FALSE(find_option(solve_option_table(), name)->in(kPython)) << name;
    for (const char* name : {"timeout", "engine", "labels", "dfs-nodes", "route-seed", "optimize", "cross-check"}) {
        const OptionRow* row = find_option(solve_option_table(), name);
        EXPECT_TRUE(row->in(kRequest) && row->in(kPython) && row->in(kCommandLine)) << name;
    }
    EXPECT_EQ(find_option(solve_option_table(), "dfs-nodes")->keyword(), "dfs_nodes");
}

}  // namespace
