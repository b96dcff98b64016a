// The PNG module (numberlink-png.so) is loaded only when a PNG is drawn, and found beside the
// program or in an installed tree. Copies of the real binary are run from temporary
// directories with and without the module, so each test sees what a user with that layout
// would: which libraries load (the dynamic loader's own LD_DEBUG=libs report, not ours), and a
// clear message with exit code 70 when the module is missing or broken, before any work is done.
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
const std::string kPngSignature = "\x89PNG\r\n\x1a\n";

class PngModule : public nl::testing_cli::CliTest {
   protected:
    // A copy of the program at DIR/numberlink with the module at `module` (relative to DIR)
    // unless `module` is empty.
    fs::path install(const std::string& dir, const std::string& module) const {
        return install_copy(dir, NUMBERLINK_PNG_MODULE, module);
    }
    bool in_work(const std::string& name) const { return fs::exists(work() / name); }
};

}  // namespace

TEST_F(PngModule, OnlyPngPicturesLoadThePictureLibraries) {
    write("five.txt", kFive);
    // LD_DEBUG=libs makes the dynamic loader list every library it looks for, on stderr.
    for (const std::string args : {"--help", "solve five.txt", "render five.txt -o five.svg", "info five.txt"}) {
        const Result r = run(args, "LD_DEBUG=libs");
        EXPECT_EQ(r.code, 0) << args << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "libc.so")) << args << ": LD_DEBUG=libs printed nothing: " << r.err;
        EXPECT_FALSE(contains(r.err, "numberlink-png.so")) << args;
        EXPECT_FALSE(contains(r.err, "librsvg")) << args;
        EXPECT_FALSE(contains(r.err, "libcairo")) << args;
    }
    const Result r = run("render five.txt -o five.png", "LD_DEBUG=libs");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "numberlink-png.so") && contains(r.err, "librsvg")) << r.err;
    EXPECT_EQ(read("five.png").substr(0, 8), kPngSignature);
}

TEST_F(PngModule, FoundInAnInstalledTree) {
    write("five.txt", kFive);
    const fs::path binary = install("prefix/bin", "../lib/numberlink/numberlink-png.so");
    const Result r = run_program(binary, "render five.txt -o five.png");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(read("five.png").substr(0, 8), kPngSignature);
}

TEST_F(PngModule, MissingModuleIsAClearErrorBeforeAnyWork) {
    write("five.txt", kFive);
    const fs::path binary = install("bare", "");
    Result r = run_program(binary, "render five.txt -o five.png");
    EXPECT_EQ(r.code, 70);
    EXPECT_TRUE(contains(r.err, "PNG pictures are not available: numberlink-png.so is not installed")) << r.err;
    EXPECT_TRUE(contains(r.err, (root_ / "bare" / "numberlink-png.so").string())) << r.err;  // where it looked
    EXPECT_TRUE(contains(r.err, "SVG")) << r.err;  // what works without it
    EXPECT_FALSE(in_work("five.png"));
    // A batch stops before solving anything or creating its directory.
    r = run_program(binary, "solve --output png -o pics five.txt");
    EXPECT_EQ(r.code, 70);
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(in_work("pics"));
    r = run_program(binary, "unique --render pics --render-format png five.txt");
    EXPECT_EQ(r.code, 70);
    EXPECT_EQ(r.out, "");
    // Everything else works without the module.
    r = run_program(binary, "render five.txt -o five.svg");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(in_work("five.svg"));
    r = run_program(binary, "solve five.txt");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST_F(PngModule, BrokenModuleIsAClearError) {
    write("five.txt", kFive);
    const fs::path binary = install("broken", "");
    std::ofstream(root_ / "broken" / "numberlink-png.so") << "not a shared object\n";
    Result r = run_program(binary, "render five.txt -o five.png");
    EXPECT_EQ(r.code, 70);
    EXPECT_TRUE(contains(r.err, "PNG pictures are not available: cannot load")) << r.err;
    EXPECT_FALSE(in_work("five.png"));
    // A shared object without the entry point (here the maths library) is refused by name.
    const fs::path libm = "/lib/x86_64-linux-gnu/libm.so.6";
    if (!fs::exists(libm)) GTEST_SKIP() << libm << " is absent";
    fs::remove(root_ / "broken" / "numberlink-png.so");
    fs::create_symlink(libm, root_ / "broken" / "numberlink-png.so");
    r = run_program(binary, "render five.txt -o five.png");
    EXPECT_EQ(r.code, 70);
    EXPECT_TRUE(contains(r.err, "is not a numberlink PNG module of this version")) << r.err;
}
