// SatSession over the C table of solver/sat/sat_api.hpp, on each back end (CryptoMiniSat and
// CaDiCaL): answers, the failed assumptions, the model read after clauses were added, the call's
// conflict limit in a small session and in a big one (100,000 variables and more, whose solve
// calls run on a thread of their own, sat_session.cpp), the interrupt flag and the deadline, and
// random formulas whose answers both back ends must agree on with a brute-force check.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <vector>

#include "encoder/encoding.hpp"
#include "solver/sat/sat_session.hpp"

namespace nl {
namespace {

void add_clause(Cnf& cnf, const std::vector<int>& lits) {
    cnf.literals.insert(cnf.literals.end(), lits.begin(), lits.end());
    cnf.literals.push_back(0);
    ++cnf.num_clauses;
}

// The pigeonhole formula: `holes` + 1 pigeons in `holes` holes, unsatisfiable and hard for
// resolution (thousands of conflicts for 9 holes), after `padding` unused variables.
Cnf pigeonhole(int holes, int padding) {
    Cnf cnf;
    cnf.new_vars(padding);
    const int pigeons = holes + 1, first = cnf.new_vars(pigeons * holes);
    auto var = [&](int p, int h) { return first + p * holes + h; };
    for (int p = 0; p < pigeons; ++p) {
        std::vector<int> some;
        for (int h = 0; h < holes; ++h) some.push_back(var(p, h));
        add_clause(cnf, some);
    }
    for (int h = 0; h < holes; ++h)
        for (int p = 0; p < pigeons; ++p)
            for (int q = p + 1; q < pigeons; ++q) add_clause(cnf, {-var(p, h), -var(q, h)});
    return cnf;
}

class SatBackends : public testing::TestWithParam<SatBackend> {};

INSTANTIATE_TEST_SUITE_P(Each, SatBackends, testing::Values(SatBackend::CryptoMiniSat, SatBackend::CaDiCaL),
                         [](const testing::TestParamInfo<SatBackend>& info) { return backend_word(info.param); });

TEST_P(SatBackends, AnswersAndFailedAssumptions) {
    SatSession sat(1, nullptr, GetParam());
    EXPECT_EQ(sat.backend(), GetParam());
    Cnf cnf;
    cnf.new_vars(3);
    add_clause(cnf, {1, 2});
    add_clause(cnf, {-1, 3});
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
    // The model stays readable after a clause is added (a cut, a blocking clause).
    const bool v3 = sat.value(3);
    sat.add_clause(std::vector<int>{1, 3});
    EXPECT_EQ(sat.value(3), v3);
    sat.add_clause(std::vector<int>{});  // the empty clause
    EXPECT_EQ(sat.solve({}), SatResult::Unsat);
    EXPECT_TRUE(sat.failed_assumptions().empty());
}

TEST_P(SatBackends, TheConflictLimitHoldsInSmallAndBigSessions) {
    for (const int padding : {0, 200'000}) {  // 200,000 variables: a big session
        SatSession sat(1, nullptr, GetParam());
        sat.add(pigeonhole(9, padding));
        const SatResult r = sat.solve({}, 0, 50);
        EXPECT_EQ(r, SatResult::Unknown) << padding;
        EXPECT_EQ(sat.stop_reason(), StopReason::None) << padding;  // the call's own limit, no timeout
        EXPECT_GT(sat.last_conflicts(), 0u) << padding;
        EXPECT_LE(sat.last_conflicts(), 1000u) << padding;
        EXPECT_GT(sat.work(), 0u) << padding;
    }
}

TEST_P(SatBackends, TheInterruptAndTheDeadlineStopASearch) {
    std::atomic<bool> interrupt{false};
    const Budget raised{Budget::Clock::time_point::max(), &interrupt, 0};
    SatSession stopped(1, &raised, GetParam());
    stopped.add(pigeonhole(12, 0));
    interrupt = true;  // raised before the call: the call returns at once
    EXPECT_EQ(stopped.solve({}), SatResult::Unknown);
    EXPECT_EQ(stopped.stop_reason(), StopReason::Interrupted);
    // A deadline in the past of a search that would take minutes (13 holes): the watchdog stops it.
    SatSession timed(1, nullptr, GetParam());
    timed.add(pigeonhole(13, 0));
    EXPECT_EQ(timed.solve({}, 0.05), SatResult::Unknown);
    EXPECT_EQ(timed.stop_reason(), StopReason::Timeout);
}

// Random 3-CNF near the threshold on 12 variables: each back end's answer against every
// assignment, its model against every clause, its failed assumptions against the formula.
TEST_P(SatBackends, RandomFormulasAgreeWithBruteForce) {
    std::mt19937 rng(17);
    constexpr int kVars = 12;
    for (int round = 0; round < 300; ++round) {
        Cnf cnf;
        cnf.new_vars(kVars);
        std::vector<std::vector<int>> clauses;
        const int count = 40 + static_cast<int>(rng() % 20);
        for (int c = 0; c < count; ++c) {
            std::vector<int> clause;
            for (int k = 0; k < 3; ++k) {
                const int v = 1 + static_cast<int>(rng() % kVars);
                clause.push_back(rng() % 2 ? v : -v);
            }
            clauses.push_back(clause);
            add_clause(cnf, clause);
        }
        const std::vector<int> assume{rng() % 2 ? 1 : -1, rng() % 2 ? 2 : -2};
        auto satisfies = [&](unsigned bits) {
            auto holds = [&](int lit) { return ((bits >> (std::abs(lit) - 1)) & 1) == (lit > 0 ? 1u : 0u); };
            for (int lit : assume)
                if (!holds(lit)) return false;
            return std::all_of(clauses.begin(), clauses.end(),
                               [&](const std::vector<int>& c) { return std::any_of(c.begin(), c.end(), holds); });
        };
        bool expected = false;
        for (unsigned bits = 0; bits < (1u << kVars) && !expected; ++bits) expected = satisfies(bits);
        SatSession sat(1, nullptr, GetParam());
        sat.add(cnf);
        const SatResult r = sat.solve(assume);
        ASSERT_EQ(r, expected ? SatResult::Sat : SatResult::Unsat) << "round " << round;
        if (r == SatResult::Sat) {
            unsigned bits = 0;
            for (int v = 1; v <= kVars; ++v) bits |= sat.value(v) ? 1u << (v - 1) : 0u;
            EXPECT_TRUE(satisfies(bits)) << "round " << round;
        } else {
            for (int lit : sat.failed_assumptions())
                EXPECT_NE(std::find(assume.begin(), assume.end(), lit), assume.end()) << "round " << round;
        }
    }
}

}  // namespace
}  // namespace nl
