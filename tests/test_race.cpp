// race and race_after (solver/base/race.hpp): which sides run, and who stops whom. The sides
// wait for events (each other's flags), never for time; a delay that failed to end when it should
// would show as a test that hangs for its whole length (a minute), not as a wrong answer.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "solver/base/race.hpp"

using namespace nl;

namespace {

const std::chrono::duration<double> kLongDelay(60.0);

// Spins until `flag` is raised (the other side or the watcher raises it).
void wait_for(const std::atomic<bool>& flag) {
    while (!flag.load()) std::this_thread::yield();
}

}  // namespace

TEST(Race, TheFirstVerdictStopsTheOther) {
    bool first_stopped = false;
    race(
        nullptr,
        [&](std::atomic<bool>* stop) {
            wait_for(*stop);
            first_stopped = true;
            return false;
        },
        [](std::atomic<bool>*) { return true; });
    EXPECT_TRUE(first_stopped);
}

TEST(RaceAfter, ASecondSideIsNotStartedWhenTheFirstEndsWithinTheDelay) {
    bool second_called = false;
    race_after(
        nullptr, kLongDelay, [](std::atomic<bool>*) { return true; },
        [&](std::atomic<bool>*) {
            second_called = true;
            return true;
        });
    EXPECT_FALSE(second_called);
}

// The first side goes on past the delay (it is not stopped or restarted), and ends only when the
// second has started and answered.
TEST(RaceAfter, TheSecondSideStartsAfterTheDelayBesideTheFirst) {
    std::atomic<bool> second_started{false};
    bool first_stopped = false;
    race_after(
        nullptr, std::chrono::milliseconds(10),
        [&](std::atomic<bool>* stop) {
            wait_for(*stop);
            first_stopped = second_started.load();
            return false;
        },
        [&](std::atomic<bool>*) {
            second_started = true;
            return true;
        });
    EXPECT_TRUE(second_started);
    EXPECT_TRUE(first_stopped);
}

// Ctrl-C during the delay: the watcher raises both flags, the waiting second side wakes and is
// not called, and the first sees its flag.
TEST(RaceAfter, TheCallersInterruptEndsTheDelay) {
    std::atomic<bool> interrupt{false};
    bool second_called = false, first_stopped = false;
    race_after(
        &interrupt, kLongDelay,
        [&](std::atomic<bool>* stop) {
            interrupt = true;
            wait_for(*stop);
            first_stopped = true;
            return false;
        },
        [&](std::atomic<bool>*) {
            second_called = true;
            return false;
        });
    EXPECT_TRUE(first_stopped);
    EXPECT_FALSE(second_called);
}

TEST(RaceAfter, AnExceptionOfTheSecondSideStopsTheFirstAndIsRethrown) {
    EXPECT_THROW(race_after(
                     nullptr, std::chrono::milliseconds(1),
                     [](std::atomic<bool>* stop) {
                         wait_for(*stop);
                         return false;
                     },
                     [](std::atomic<bool>*) -> bool { throw std::runtime_error("second"); }),
                 std::runtime_error);
}
