// Reading a batch one puzzle at a time (core/puzzle_stream.hpp) and working on it in order
// (core/ordered_batch.hpp): bad puzzles and files are items of their own, the rest is read; the
// work keeps the input order whatever the number of jobs, and holds a bounded number of items.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <thread>

#include "core/formats.hpp"
#include "core/ordered_batch.hpp"
#include "core/puzzle_stream.hpp"

namespace {

namespace fs = std::filesystem;

class StreamFiles : public testing::Test {
   protected:
    void SetUp() override {
        dir_ = fs::path(testing::TempDir()) / ("stream_" + std::to_string(getpid()) + "_" +
                                               testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string file(const std::string& name, const std::string& content) const {
        std::ofstream(dir_ / name, std::ios::binary) << content;
        return (dir_ / name).string();
    }
    fs::path dir_;
};

// Every item of the stream: the name, and the error's line (-1 for a puzzle read).
std::vector<std::pair<std::string, int>> items_of(nl::PuzzleStream& stream) {
    std::vector<std::pair<std::string, int>> items;
    while (auto item = stream.next()) {
        EXPECT_NE(item->entry.has_value(), item->error.has_value());
        if (item->entry) {
            EXPECT_EQ(item->entry->puzzle.name, item->name);
        }
        items.emplace_back(item->name, item->error ? item->error->line : -1);
    }
    return items;
}

using Items = std::vector<std::pair<std::string, int>>;

}  // namespace

TEST_F(StreamFiles, ABadPuzzleIsAnItemAndTheOthersAreRead) {
    // The second ASCII puzzle has a label with one end: its own error, on its own line.
    const std::string f = file("three.txt", "A.A\nB.B\n\nB..\n.C.\n..B\n\nD.D\n");
    nl::PuzzleStream stream({f}, {});
    EXPECT_EQ(items_of(stream), (Items{{f + ":1", -1}, {f + ":2", 5}, {f + ":3", -1}}));
    EXPECT_EQ(stream.known(), 3);
    EXPECT_TRUE(stream.all_files_opened());
}

TEST_F(StreamFiles, AnUnreadableFileIsOneItemAndTheNextFileIsRead) {
    const std::string good = file("good.txt", "A.A\n");
    const std::string missing = (dir_ / "missing.txt").string();
    nl::PuzzleStream stream({missing, good}, {});
    EXPECT_EQ(items_of(stream), (Items{{missing, 0}, {good + ":1", -1}}));
}

TEST_F(StreamFiles, AStructuralErrorEndsItsFileAfterThePuzzlesBeforeIt) {
    // Stream format: the third block's size line is not a size, so where anything after it
    // starts is unknown; the first two are read, the error follows, then the next file.
    const std::string f = file("s.txt", "3 1\nA.A\n3 1\nB.B\nthree by one\nC.C\n");
    const std::string next = file("n.txt", "3 1\nD.D\n");
    nl::PuzzleStream stream({f, next}, {nl::Format::Stream, std::nullopt});
    EXPECT_EQ(items_of(stream), (Items{{f + ":1", -1}, {f + ":2", -1}, {f, 5}, {next + ":1", -1}}));
}

TEST_F(StreamFiles, JsonLinesWithABadLine) {
    const std::string f = file("p.jsonl",
                               "{\"width\":3,\"height\":1,\"labels\":[{\"name\":\"A\",\"ends\":[[0,0],[2,0]]}]}\n"
                               "{\"width\":3,\"height\":1,\"labels\":[\n"
                               "{\"width\":3,\"height\":1,\"labels\":[{\"name\":\"A\",\"ends\":[[0,0],[9,0]]}]}\n"
                               "\n"
                               "{\"width\":2,\"height\":1,\"labels\":[{\"name\":\"B\",\"ends\":[[0,0],[1,0]]}]}\n");
    nl::PuzzleStream stream({f}, {});
    EXPECT_EQ(items_of(stream), (Items{{f + ":1", -1}, {f + ":2", 2}, {f + ":3", 3}, {f + ":4", -1}}));
}

TEST(PuzzleStream, EveryShippedFileStreamsAsItReadsWhole) {
    // The same puzzles, in the same order and with the same content, read whole or streamed:
    // every puzzle file of the repository, in every format.
    int files = 0;
    for (const auto& f : fs::recursive_directory_iterator(std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles")) {
        if (!f.is_regular_file()) continue;
        const std::string path = f.path().string();
        std::vector<nl::PuzzleEntry> whole;
        try {
            whole = nl::read_puzzles(path, {});
        } catch (const nl::InputError&) {
            continue;  // solutions (paths files), not puzzles
        }
        ++files;
        nl::PuzzleStream stream({path}, {});
        std::size_t k = 0;
        while (auto item = stream.next()) {
            ASSERT_TRUE(item->entry) << item->error->what();
            ASSERT_LT(k, whole.size()) << path;
            const nl::Puzzle &a = item->entry->puzzle, &b = whole[k].puzzle;
            EXPECT_EQ(a.name, b.name);
            EXPECT_EQ(a.width, b.width);
            EXPECT_EQ(a.layers, b.layers);
            EXPECT_EQ(a.blocked, b.blocked) << a.name;
            EXPECT_EQ(a.adjacency(), b.adjacency()) << a.name;
            EXPECT_EQ(a.terminal_label, b.terminal_label) << a.name;
            EXPECT_EQ(item->entry->line, whole[k].line) << a.name;
            EXPECT_EQ(item->entry->solution.has_value(), whole[k].solution.has_value()) << a.name;
            ++k;
        }
        EXPECT_EQ(k, whole.size()) << path;
        EXPECT_EQ(stream.known(), static_cast<long>(whole.size())) << path;
    }
    EXPECT_GE(files, 8);
}

TEST(TextFileCopies, LinesPointIntoTheirOwnContent) {
    // A short file's content lives inside the string object: after a move or copy, its lines
    // must point into the new object (the stream keeps its files on the heap).
    nl::TextFile a = nl::text_from_string("a.txt", "AB\nC\n");
    nl::TextFile moved(std::move(a));
    nl::TextFile copied(moved);
    for (const nl::TextFile* f : {&moved, &copied}) {
        ASSERT_EQ(f->lines.size(), 2u);
        EXPECT_EQ(f->lines[0], "AB");
        EXPECT_EQ(f->lines[1], "C");
        EXPECT_GE(f->lines[0].data(), f->content.data());
        EXPECT_LT(f->lines[0].data(), f->content.data() + f->content.size());
    }
}

namespace {

// A stream of n numbers; work takes a random short time, emit records the order.
struct OrderRun {
    std::vector<int> emitted;
    int max_in_flight = 0;
};

OrderRun run_numbers(int n, int jobs, const std::atomic<bool>& stop, int throw_at = -1) {
    OrderRun r;
    int pulled = 0;
    std::atomic<int> in_flight{0};  // pulled and not yet emitted
    std::mutex m;
    std::function<std::optional<int>()> next = [&]() -> std::optional<int> {
        if (pulled == n) return std::nullopt;
        const int k = ++in_flight;
        std::lock_guard lock(m);
        r.max_in_flight = std::max(r.max_in_flight, k);
        return pulled++;
    };
    std::function<int(int&)> work = [&](int& i) {
        thread_local std::mt19937 rng(std::random_device{}());
        std::this_thread::sleep_for(std::chrono::microseconds(rng() % 300));
        if (i == throw_at) throw std::runtime_error("work " + std::to_string(i));
        return i * i;
    };
    std::function<void(int&, int&)> emit = [&](int& i, int& square) {
        EXPECT_EQ(square, i * i);
        r.emitted.push_back(i);
        --in_flight;
    };
    nl::run_in_order(jobs, stop, next, work, emit);
    return r;
}

}  // namespace

TEST(RunInOrder, KeepsThePullOrderAndABoundedWindow) {
    const std::atomic<bool> stop{false};
    for (int jobs : {1, 2, 3, 8}) {
        const OrderRun r = run_numbers(300, jobs, stop);
        ASSERT_EQ(r.emitted.size(), 300u) << jobs;
        for (int i = 0; i < 300; ++i) ASSERT_EQ(r.emitted[i], i) << jobs;
        // The window, and the one item being emitted while a worker pulls the next.
        EXPECT_LE(r.max_in_flight, jobs == 1 ? 1 : 2 * jobs + 1) << jobs;
    }
}

TEST(RunInOrder, AnExceptionReachesTheCallerInItsTurn) {
    const std::atomic<bool> stop{false};
    for (int jobs : {1, 4}) {
        std::vector<int> emitted;
        try {
            run_numbers(100, jobs, stop, 37);
            FAIL() << "no exception";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "work 37");
        }
    }
}

TEST(RunInOrder, StopPullsNothingMore) {
    const std::atomic<bool> stop{true};
    for (int jobs : {1, 4}) EXPECT_TRUE(run_numbers(100, jobs, stop).emitted.empty());
}
