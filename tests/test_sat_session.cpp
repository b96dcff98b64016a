// SatSession over the C table of solver/sat/sat_api.hpp: answers, the failed assumptions, and the
// call's conflict limit, in a small session and in a big one (100,000 variables and more, whose
// solve calls run on a thread of their own, sat_session.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "encoder/encoding.hpp"
#include "solver/sat/sat_session.hpp"

namespace nl {
namespace {

// The pigeonhole formula: `holes` + 1 pigeons in `holes` holes, unsatisfiable and hard for
// resolution (thousands of conflicts for 9 holes), after `padding` unused variables.
Cnf pigeonhole(int holes, int padding) {
    Cnf cnf;
    cnf.new_vars(padding);
    const int pigeons = holes + 1, first = cnf.new_vars(pigeons * holes);
    auto var = [&](int p, int h) { return first + p * holes + h; };
    auto clause = [&](std::vector<int> lits) {
        cnf.literals.insert(cnf.literals.end(), lits.begin(), lits.end());
        cnf.literals.push_back(0);
        ++cnf.num_clauses;
    };
    for (int p = 0; p < pigeons; ++p) {
        std::vector<int> some;
        for (int h = 0; h < holes; ++h) some.push_back(var(p, h));
        clause(some);
    }
    for (int h = 0; h < holes; ++h)
        for (int p = 0; p < pigeons; ++p)
            for (int q = p + 1; q < pigeons; ++q) clause({-var(p, h), -var(q, h)});
    return cnf;
}

TEST(SatSession, AnswersAndFailedAssumptions) {
    SatSession sat;
    Cnf cnf;
    cnf.new_vars(3);
    cnf.literals = {1, 2, 0, -1, 3, 0};
    cnf.num_clauses = 2;
    sat.add(cnf);
    ASSERT_EQ(sat.solve({}), SatResult::Sat);
    EXPECT_TRUE(sat.value(1) || sat.value(2));
    EXPECT_TRUE(!sat.value(1) || sat.value(3));
    const std::vector<int> assume{-2, -3};
    ASSERT_EQ(sat.solve(assume), SatResult::Unsat);
    const std::vector<int> failed = sat.failed_assumptions();
    EXPECT_FALSE(failed.empty());
    for (int lit : failed) EXPECT_NE(std::find(assume.begin(), assume.end(), lit), assume.end()) << lit;
    const std::vector<int> two{2};
    EXPECT_EQ(sat.solve(two), SatResult::Sat);  // the assumptions hold for one call only
    EXPECT_TRUE(sat.value(2));
}

TEST(SatSession, TheConflictLimitHoldsInSmallAndBigSessions) {
    for (const int padding : {0, 200'000}) {  // 200,000 variables: a big session
        SatSession sat;
        sat.add(pigeonhole(9, padding));
        const SatResult r = sat.solve({}, 0, 50);
        EXPECT_EQ(r, SatResult::Unknown) << padding;
        EXPECT_EQ(sat.stop_reason(), StopReason::None) << padding;  // the call's own limit, no timeout
        EXPECT_LE(sat.last_conflicts(), 1000u) << padding;
    }
}

}  // namespace
}  // namespace nl
