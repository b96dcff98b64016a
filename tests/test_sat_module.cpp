// CryptoMiniSat reaches the program as a module (numberlink-sat.so, solver/sat/sat_api.hpp) loaded
// when the first SAT session starts, so that puzzles the other engines answer never load it
// (nor, in a program linked with a static libstdc++, the shared libstdc++ it needs); CaDiCaL the
// same way (numberlink-cadical.so), only when a session runs on it. Copies of
// the real binary are run from temporary directories with and without the module, as in
// test_png_module.cpp; what loads is the dynamic loader's own report (LD_DEBUG=libs).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;
using nl::testing_cli::contains;
using nl::testing_cli::Result;

namespace {

const char* const kFive = "R...G\n.....\n.Y...\n..B..\nB.YRG\n";
const char* const kFiveSolved = "RRRRG\nBBBRG\nBYBRG\nBYBRG\nBYYRG\n";

class SatModule : public nl::testing_cli::CliTest {
   protected:
    // A copy of the program at DIR/numberlink with the module at `module` (relative to DIR)
    // unless `module` is empty.
    fs::path install(const std::string& dir, const std::string& module) const {
        return install_copy(dir, NUMBERLINK_SAT_MODULE, module);
    }
};

}  // namespace

TEST_F(SatModule, OnlySatSolvingLoadsCryptoMiniSat) {
    write("five.txt", kFive);
    // The wall follower or the scan search answers this puzzle under every engine choice but sat.
    for (const std::string args : {"--help", "solve five.txt", "solve --engine scan five.txt", "info five.txt",
                                   "render five.txt -o five.svg"}) {
        const Result r = run(args, "LD_DEBUG=libs");
        EXPECT_EQ(r.code, 0) << args << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "libc.so")) << args << ": LD_DEBUG=libs printed nothing: " << r.err;
        EXPECT_FALSE(contains(r.err, "numberlink-sat.so")) << args;
        EXPECT_FALSE(contains(r.err, "libcryptominisat")) << args;
#if NUMBERLINK_CLI_STATIC_LIBSTDCXX
        EXPECT_FALSE(contains(r.err, "libstdc++")) << args;
#endif
    }
    const Result r = run("solve --engine sat five.txt", "LD_DEBUG=libs");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "numberlink-sat.so") && contains(r.err, "libcryptominisat")) << r.err;
    EXPECT_TRUE(contains(r.out, kFiveSolved)) << r.out;
}

TEST_F(SatModule, FoundInAnInstalledTree) {
    write("five.txt", kFive);
    const fs::path binary = install("prefix/bin", "../lib/numberlink/numberlink-sat.so");
    const Result r = run_program(binary, "unique five.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "unique")) << r.out;
}

TEST_F(SatModule, MissingModuleIsAClearError) {
    write("five.txt", kFive);
    const fs::path binary = install("bare", "");
    for (const std::string args : {"solve --engine sat five.txt", "unique five.txt", "count --engine sat five.txt"}) {
        const Result r = run_program(binary, args);
        EXPECT_EQ(r.code, 70) << args;
        EXPECT_TRUE(contains(r.err, "SAT solving is not available: numberlink-sat.so is not installed")) << args << ": " << r.err;
        EXPECT_TRUE(contains(r.err, (root_ / "bare" / "numberlink-sat.so").string())) << r.err;  // where it looked
        EXPECT_FALSE(contains(r.out, kFiveSolved)) << args << ": " << r.out;
    }
    // The same from worker threads: a batch stops with the message, not with a crash.
    write("two.txt", std::string(kFive) + "\n" + kFive);
    const Result batch = run_program(binary, "solve --engine sat --jobs 2 two.txt");
    EXPECT_EQ(batch.code, 70) << batch.err;
    EXPECT_TRUE(contains(batch.err, "SAT solving is not available")) << batch.err;
    // What needs no SAT works without the module.
    Result r = run_program(binary, "solve five.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, kFiveSolved)) << r.out;
    r = run_program(binary, "count --engine search five.txt");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST_F(SatModule, BrokenModuleIsAClearError) {
    write("five.txt", kFive);
    install("broken", "");
    std::ofstream(root_ / "broken" / "numberlink-sat.so") << "not a shared object\n";
    Result r = run_program(root_ / "broken" / "numberlink", "solve --engine sat five.txt");
    EXPECT_EQ(r.code, 70);
    EXPECT_TRUE(contains(r.err, "SAT solving is not available: cannot load")) << r.err;
    // A shared object without the entry point (here the maths library) is refused by name.
    const fs::path libm = "/lib/x86_64-linux-gnu/libm.so.6";
    if (!fs::exists(libm)) GTEST_SKIP() << libm << " is absent";
    fs::remove(root_ / "broken" / "numberlink-sat.so");
    fs::create_symlink(libm, root_ / "broken" / "numberlink-sat.so");
    r = run_program(root_ / "broken" / "numberlink", "solve --engine sat five.txt");
    EXPECT_EQ(r.code, 70);
    EXPECT_TRUE(contains(r.err, "is not a numberlink SAT module of this version")) << r.err;
}

TEST_F(SatModule, OnlyCadicalSessionsLoadCadical) {
    write("five.txt", kFive);
    // SAT on CryptoMiniSat, and the default choice on a puzzle SAT decides at once (the
    // portfolio starts only after CryptoMiniSat's head start).
    for (const std::string args : {"solve --engine sat five.txt", "solve --engine sat --sat cms five.txt",
                                   "unique five.txt"}) {
        const Result r = run(args, "LD_DEBUG=libs");
        EXPECT_EQ(r.code, 0) << args << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "numberlink-sat.so")) << args;
        EXPECT_FALSE(contains(r.err, "numberlink-cadical.so")) << args;
    }
    const Result r = run("solve --engine sat --sat cadical five.txt", "LD_DEBUG=libs");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "numberlink-cadical.so")) << r.err;
    EXPECT_FALSE(contains(r.err, "numberlink-sat.so")) << r.err;
    EXPECT_TRUE(contains(r.out, kFiveSolved)) << r.out;
}

TEST_F(SatModule, MissingCadicalModuleIsAClearError) {
    write("five.txt", kFive);
    const fs::path binary = install("cms-only", "numberlink-sat.so");
    for (const std::string args : {"solve --engine sat --sat cadical five.txt", "solve --engine sat --sat portfolio five.txt",
                                   "unique --sat cadical five.txt", "count --sat portfolio five.txt"}) {
        const Result r = run_program(binary, args);
        EXPECT_EQ(r.code, 70) << args << ": " << r.out;
        EXPECT_TRUE(contains(r.err, "SAT solving with CaDiCaL is not available: numberlink-cadical.so is not installed"))
            << args << ": " << r.err;
        EXPECT_FALSE(contains(r.out, kFiveSolved)) << args << ": " << r.out;
    }
    // CryptoMiniSat alone still works.
    const Result r = run_program(binary, "solve --engine sat --sat cms five.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, kFiveSolved)) << r.out;
}
