// Output files (-o, app/output.hpp) end to end: what each kind of OUT becomes (a device or FIFO
// written directly, a symbolic link followed to the file it names), a link planted at a
// guessable temporary name never followed, every failure named with its reason and leaving no
// temporary file, and interruption's one rule: exit 130 with a complete file of the puzzles
// finished so far, or no file.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <regex>
#include <set>
#include <thread>

#include "child_process.hpp"
#include "cli_fixture.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"

using namespace nl;
using namespace nl::testing_cli;

namespace {

const std::string kFive = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/ascii/five.txt";

class CliOutput : public CliTest {
   protected:
    // The names in the work directory (links included, whether or not they point anywhere).
    std::set<std::string> names() const {
        std::set<std::string> found;
        for (const auto& entry : fs::directory_iterator(work())) found.insert(entry.path().filename().string());
        return found;
    }
    // What `solve` writes for five.txt, from standard output.
    std::string expected_answer() const {
        const Result r = run("solve " + kFive);
        EXPECT_EQ(r.code, 0) << r.err;
        return untimed(r.out);
    }
    // The answer without its time ("(scan, 0.000 s)"), which differs from run to run.
    static std::string untimed(const std::string& text) {
        return std::regex_replace(text, std::regex(R"(\d+\.\d+ s\))"), "N s)");
    }
    // Runs a shell script in the work directory ($N is the binary); returns its exit code.
    int shell(const std::string& script) const {
        const std::string cmd = "cd '" + work().string() + "' && N='" + NUMBERLINK_BINARY + "' sh -c '" + script +
                                "' </dev/null >'" + (root_ / "stdout").string() + "' 2>'" +
                                (root_ / "stderr").string() + "'";
        const int status = std::system(cmd.c_str());
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
};

bool is_symlink_to(const fs::path& link, const std::string& target) {
    std::error_code ec;
    return fs::is_symlink(fs::symlink_status(link)) && fs::read_symlink(link, ec).string() == target;
}

}  // namespace

TEST_F(CliOutput, AFifoIsWrittenDirectly) {
    const fs::path fifo = work() / "fifo";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
    // Opened for reading without blocking before the writer comes, so a program that replaced
    // the FIFO instead of writing into it makes this test fail, not hang.
    const int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(fd, 0);
    std::atomic<bool> done{false};
    Result r;
    std::thread writer([&] {
        r = run("solve -o fifo " + kFive);
        done = true;
    });
    std::string got;
    for (;;) {
        const bool finished = done.load();  // read after: all it wrote is in the pipe by now
        char buffer[4096];
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n > 0) {
            got.append(buffer, static_cast<std::size_t>(n));
            continue;
        }
        if (finished) break;
        pollfd p{fd, POLLIN, 0};
        poll(&p, 1, 10);  // a polling interval, not a wait for time
    }
    writer.join();
    ::close(fd);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
    EXPECT_EQ(untimed(got), expected_answer());
    EXPECT_EQ(names(), (std::set<std::string>{"fifo"}));
}

TEST_F(CliOutput, ACharacterDeviceIsWrittenDirectly) {
    const fs::path null = work() / "null";
    if (mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        GTEST_SKIP() << "mknod needs root (or CAP_MKNOD): " << std::strerror(errno);
    const Result r = run("solve -o null " + kFive);
    EXPECT_EQ(r.code, 0) << r.err;
    struct stat st {};
    ASSERT_EQ(lstat(null.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
    EXPECT_EQ(st.st_rdev, makedev(1, 3));
    EXPECT_EQ(names(), (std::set<std::string>{"null"}));
}

// /dev/stdout on a pipe: a link whose text ("pipe:[N]") names no file; the pipe gets the answer.
TEST_F(CliOutput, DevStdoutOnAPipeIsWrittenDirectly) {
    write("five.txt", slurp(kFive));
    ASSERT_EQ(shell("\"$N\" solve -o /dev/stdout five.txt | cat > piped.txt"), 0) << slurp(root_ / "stderr");
    const Result direct = run("solve five.txt");
    EXPECT_EQ(untimed(read("piped.txt")), untimed(direct.out));
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status("/dev/stdout")));
}

TEST_F(CliOutput, ASymlinkIsFollowedAndTheFileItNamesReplacedInItsDirectory) {
    fs::create_directory(work() / "sub");
    write("sub/target.txt", "original\n");
    fs::create_symlink("sub/target.txt", work() / "link");
    const Result r = run("solve -o link " + kFive);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(is_symlink_to(work() / "link", "sub/target.txt"));
    EXPECT_EQ(untimed(read("sub/target.txt")), expected_answer());
    EXPECT_EQ(names(), (std::set<std::string>{"link", "sub"}));
    EXPECT_EQ(std::distance(fs::directory_iterator(work() / "sub"), fs::directory_iterator()), 1);
}

TEST_F(CliOutput, ALinkToALinkIsFollowedToTheEnd) {
    write("target.txt", "original\n");
    fs::create_symlink("target.txt", work() / "first");
    fs::create_symlink(work() / "first", work() / "second");  // an absolute link to a relative one
    const Result r = run("solve -o second " + kFive);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(is_symlink_to(work() / "second", (work() / "first").string()));
    EXPECT_TRUE(is_symlink_to(work() / "first", "target.txt"));
    EXPECT_EQ(untimed(read("target.txt")), expected_answer());
}

TEST_F(CliOutput, ADanglingSymlinkCreatesTheFileItNames) {
    fs::create_directory(work() / "sub");
    fs::create_symlink("sub/new.txt", work() / "link");
    const Result r = run("solve -o link " + kFive);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(is_symlink_to(work() / "link", "sub/new.txt"));
    EXPECT_EQ(untimed(read("sub/new.txt")), expected_answer());
    EXPECT_EQ(names(), (std::set<std::string>{"link", "sub"}));
}

TEST_F(CliOutput, ALoopOfLinksIsRefusedWithItsReason) {
    fs::create_symlink("b", work() / "a");
    fs::create_symlink("a", work() / "b");
    const Result r = run("solve -o a " + kFive);
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "a: cannot write output file: Too many levels of symbolic links")) << r.err;
    EXPECT_EQ(names(), (std::set<std::string>{"a", "b"}));
}

// A predictable temporary name (OUT.tmp.PID, were it opened with O_TRUNC and following links)
// would be an attack: a link planted there for the program's own pid must not redirect the write.
// `exec` keeps the shell's pid, so $$ is the pid numberlink runs under.
TEST_F(CliOutput, ALinkPlantedAtTheOldTemporaryNameIsNotFollowed) {
    write("five.txt", slurp(kFive));
    for (const std::string command : {"solve five.txt -o out.txt", "encode five.txt -o out.txt"}) {
        SCOPED_TRACE(command);
        fs::remove(work() / "out.txt");
        write("victim.txt", "precious\n");
        ASSERT_EQ(shell("ln -s victim.txt out.txt.tmp.$$; exec \"$N\" " + command), 0) << slurp(root_ / "stderr");
        EXPECT_EQ(read("victim.txt"), "precious\n");
        EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(work() / "out.txt")));
        EXPECT_FALSE(read("out.txt").empty());
        std::set<std::string> left = names();
        std::erase_if(left, [](const std::string& name) { return name.rfind("out.txt.tmp.", 0) == 0; });
        EXPECT_EQ(left, (std::set<std::string>{"five.txt", "out.txt", "victim.txt"}));  // no stray temporary
        for (const std::string& name : names()) {  // the planted links stay links
            if (name.rfind("out.txt.tmp.", 0) == 0) {
                EXPECT_TRUE(is_symlink_to(work() / name, "victim.txt"));
            }
        }
    }
}

TEST_F(CliOutput, AReplacedFileKeepsItsModeAndANewFileGetsTheUmasksMode) {
    write("old.txt", "old\n");
    fs::permissions(work() / "old.txt", fs::perms::owner_read | fs::perms::owner_write);
    Result r = run("solve -o old.txt " + kFive, "umask 022 &&");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(fs::status(work() / "old.txt").permissions(), fs::perms::owner_read | fs::perms::owner_write);
    r = run("solve -o new.txt " + kFive, "umask 027 &&");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(fs::status(work() / "new.txt").permissions(),
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

TEST_F(CliOutput, AMissingDirectoryIsNamedWithTheReason) {
    const Result r = run("solve -o /nonexistent/x.txt " + kFive);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "/nonexistent/x.txt: cannot write output file: No such file or directory\n");
    const Result d = run("solve -o . " + kFive);
    EXPECT_EQ(d.code, 2);
    EXPECT_EQ(d.err, ".: cannot write output file: Is a directory\n");
}

// A write that fails half-way (the file size limit, its signal ignored so that write(2) says
// EFBIG): the reason is named, OUT keeps what it held and no temporary file is left.
TEST_F(CliOutput, AFailedWriteNamesTheReasonAndLeavesNoTemporaryFile) {
    write("out.json", "kept\n");
    const Result r = run("generate --size 60x60 --seed 1 --count 3 -q -o out.json", "trap '' XFSZ; ulimit -f 4 &&");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.err, "out.json: cannot write output file: File too large\n");
    EXPECT_EQ(read("out.json"), "kept\n");
    EXPECT_EQ(names(), (std::set<std::string>{"out.json"}));
}

// A board whose growth alone takes a second (not polled before): the signal, sent once the
// handlers are installed, stops it at once, and no file is written since no puzzle was finished.
TEST_F(CliOutput, GenerateInterruptedBeforeAPuzzleLeavesNoFile) {
    const std::string target = (work() / "g.json").string();
    nl::testing_child::Child c({"generate", "--size", "700x700", "--seed", "1", "-o", target},
                               (root_ / "run").string());
    ASSERT_TRUE(c.wait_for_marker("signals handled")) << c.err();
    c.signal(SIGINT);
    EXPECT_EQ(c.wait(), 130) << c.err();
    EXPECT_EQ(c.user_err(), "generate: interrupted after 0 of 1 puzzles\n");
    EXPECT_GE(c.seconds_after_signal(), 0) << c.err();
    EXPECT_LT(c.seconds_after_signal(), nl::testing_timing::signal_bound()) << c.err();
    EXPECT_TRUE(names().empty());
}

// Interrupted after some puzzles were made: the file holds exactly those, whole, each with a
// solution that passes the checker.
TEST_F(CliOutput, GenerateInterruptedAfterPuzzlesWritesThoseWhole) {
    const std::string target = (work() / "g.json").string();
    nl::testing_child::Child c({"generate", "--size", "30x30", "--seed", "1", "--count", "100000", "-o", target},
                               (root_ / "run").string());
    // The report line of the second puzzle (an event): then the signal.
    const auto give_up = nl::testing_child::Clock::now() + std::chrono::seconds(300);
    while (!contains(c.err(), "generated:2:") && !c.exited() && nl::testing_child::Clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));  // polling interval
    c.signal(SIGINT);
    ASSERT_EQ(c.wait(), 130) << c.err();
    const std::string err = c.user_err();
    const auto at = err.find("generate: interrupted after ");
    ASSERT_NE(at, std::string::npos) << err;
    const long made = std::strtol(err.c_str() + at + 28, nullptr, 10);
    EXPECT_GE(made, 2) << err;
    EXPECT_TRUE(contains(err, "generated:" + std::to_string(made) + ":")) << err;
    EXPECT_FALSE(contains(err, "generated:" + std::to_string(made + 1) + ":")) << err;
    const auto entries = read_puzzles(target, {});
    ASSERT_EQ(static_cast<long>(entries.size()), made);
    for (const auto& e : entries) {
        ASSERT_TRUE(e.solution) << e.puzzle.name;
        EXPECT_TRUE(check_solution(e.puzzle, *e.solution, e.puzzle.rules).ok) << e.puzzle.name;
    }
    EXPECT_EQ(names(), (std::set<std::string>{"g.json"}));
}

// A command that answers about one board: interrupted while the tours stream into the temporary
// file (hundreds of megabytes on 6x6), its answer is not complete, so no file and no temporary.
TEST_F(CliOutput, JumpInterruptedWhileListingLeavesNoFile) {
    const std::string target = (work() / "tours.txt").string();
    nl::testing_child::Child c({"jump", "--size", "6", "--all", "-o", target}, (root_ / "run").string());
    ASSERT_TRUE(c.wait_for_marker("signals handled")) << c.err();
    c.signal(SIGINT);
    EXPECT_EQ(c.wait(), 130) << c.err();
    EXPECT_LT(c.seconds_after_signal(), nl::testing_timing::signal_bound()) << c.err();
    EXPECT_TRUE(names().empty());
}
