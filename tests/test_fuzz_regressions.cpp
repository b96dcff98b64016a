// Replays the fuzzers' findings under the normal build: every input under tests/fuzz/regressions/
// TARGET (the inputs that crashed a target before its fix) and the seed corpus tests/fuzz/corpus/
// TARGET go through the same entry the libFuzzer target runs (tests/fuzz/fuzz_entries.hpp). An
// entry lets only InputError / ModelError pass, so a crash, a stray exception or a broken
// invariant fails here too. Then one direct test per fix, stating the behaviour in words.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/formats.hpp"
#include "decoder/model_reader.hpp"
#include "tests/fuzz/fuzz_entries.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kFuzzDir = fs::path(NUMBERLINK_SOURCE_DIR) / "tests" / "fuzz";

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// Runs every file of kFuzzDir/SUB/TARGET through the target; returns how many.
int replay(const std::string& sub) {
    int count = 0;
    if (!fs::is_directory(kFuzzDir / sub)) return 0;
    for (const auto& dir : fs::directory_iterator(kFuzzDir / sub)) {
        const std::string target = dir.path().filename().string();
        const bool known = std::any_of(std::begin(nl::fuzz::kTargets), std::end(nl::fuzz::kTargets),
                                       [&](const auto& t) { return t.name == target; });
        EXPECT_TRUE(known) << dir.path() << " is not named after a fuzz target";
        if (!known || !dir.is_directory()) continue;
        for (const auto& file : fs::directory_iterator(dir.path())) {
            const std::string data = slurp(file.path());
            EXPECT_NO_THROW(nl::fuzz::run_target(
                target, reinterpret_cast<const std::uint8_t*>(data.data()), data.size()))
                << file.path();
            ++count;
        }
    }
    return count;
}

TEST(FuzzRegressions, EveryCrashInputIsHandled) { EXPECT_GT(replay("regressions"), 0); }

TEST(FuzzRegressions, EverySeedInputIsHandled) { EXPECT_GT(replay("corpus"), 0); }

// The checker seeds are valid solutions, so the fuzzer starts from inputs that reach the
// target's independent re-check of accepted paths.
TEST(FuzzRegressions, CheckerSeedsAreAccepted) {
    int seeds = 0;
    for (const auto& file : fs::directory_iterator(kFuzzDir / "corpus" / "checker")) {
        const std::string data = slurp(file.path());
        EXPECT_GT(nl::fuzz::check_paths(reinterpret_cast<const std::uint8_t*>(data.data()),
                                        data.size()),
                  0)
            << file.path();
        ++seeds;
    }
    EXPECT_GT(seeds, 0);
}

// The integer-grid / stream detection compares a row's length with the width: a huge width is a
// plain input error, not the std::out_of_range of std::stoul (a fuzzer's find).
TEST(FuzzRegressions, HugeWidthIsAnInputError) {
    const nl::TextFile file = nl::text_from_string("w.txt", "99999999999999999999999 1\n1\n");
    EXPECT_EQ(nl::detect_format(file), nl::Format::Intgrid);
    EXPECT_THROW(nl::read_puzzles(file, {}), nl::InputError);
    // A forced format does not run detection at all.
    EXPECT_THROW(nl::read_puzzles(file, {nl::Format::Stream, std::nullopt}), nl::InputError);
}

// Names are bytes from the file; the JSON writer turns those that are not UTF-8 into U+FFFD
// instead of throwing from nlohmann::json::dump.
TEST(FuzzRegressions, JsonWriterReplacesInvalidUtf8) {
    const nl::TextFile file = nl::text_from_string(
        "u.txt", "SIZE 3X3X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,2,2)\nVIA#v\xA0 (1,1,1) (1,1,2)\n");
    const auto entries = nl::read_puzzles(file, {});
    ASSERT_EQ(entries.size(), 1u);
    ASSERT_EQ(entries[0].puzzle.vias.size(), 1u);
    ASSERT_EQ(entries[0].puzzle.vias[0].name, "v\xA0");
    std::ostringstream out;
    ASSERT_NO_THROW(nl::write_puzzle(out, nl::Format::Json, entries[0].puzzle, nullptr));
    EXPECT_NE(out.str().find("\"name\":\"v\xEF\xBF\xBD\""), std::string::npos) << out.str();
}

// nlohmann::json throws out_of_range (not parse_error) for a number beyond a double; that is bad
// input with a line, in JSON Lines and in a document spanning lines.
TEST(FuzzRegressions, JsonNumberOverflowIsAnInputError) {
    try {
        nl::read_puzzles(nl::text_from_string("j.jsonl", "\n{\"width\": 1e999}\n"), {});
        FAIL() << "no error";
    } catch (const nl::InputError& e) {
        EXPECT_EQ(e.line, 2);
        EXPECT_NE(e.message.find("number overflow"), std::string::npos) << e.what();
    }
    EXPECT_THROW(nl::read_puzzles(nl::text_from_string("j.json", "{\n\"width\": 1e999}\n"), {}),
                 nl::InputError);
}

// The literal -9223372036854775808 parses as a long long, but negating it overflows (UBSan; in
// practice it would set variable "0"): it is a variable beyond the bound like any other.
TEST(FuzzRegressions, SmallestLiteralIsOutOfRange) {
    std::istringstream in("s SATISFIABLE\nv 1 -9223372036854775808 0\n");
    try {
        nl::read_model(in, "m.txt", 100);
        FAIL() << "no error";
    } catch (const nl::InputError& e) {
        EXPECT_EQ(e.line, 2);
        EXPECT_NE(e.message.find("variable 9223372036854775808 is beyond"), std::string::npos)
            << e.what();
    }
}

}  // namespace

// Every seed and crash input of the text readers, read one puzzle at a time against read whole
// (the stream_reader target's invariant, on the files every other target has).
TEST(FuzzRegressions, EveryTextInputStreamsAsItReadsWhole) {
    int count = 0;
    for (const char* sub : {"corpus", "regressions"}) {
        for (const auto& dir : fs::directory_iterator(kFuzzDir / sub)) {
            const std::string target = dir.path().filename().string();
            if (!dir.is_directory() || target == "model" || target == "checker") continue;
            for (const auto& file : fs::directory_iterator(dir.path())) {
                const std::string data = slurp(file.path());
                EXPECT_NO_THROW(nl::fuzz::run_target("stream_reader", reinterpret_cast<const std::uint8_t*>(data.data()),
                                                     data.size()))
                    << file.path();
                ++count;
            }
        }
    }
    EXPECT_GT(count, 30);
}
