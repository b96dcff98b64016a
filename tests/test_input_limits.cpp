// Input that is not an ordinary small file, and options at the edges of what can work: standard
// input and FIFOs read within the 64 MiB limit in bounded memory, a directory and /dev/zero named
// for what they are, --threads within CryptoMiniSat's sound configurations, --timeout a finite
// number, and pictures of boards whose drawing needs more than an XML attribute may hold.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_fixture.hpp"
#include "core/errors.hpp"
#include "timing.hpp"
#include "render/png.hpp"

namespace fs = std::filesystem;
using namespace nl::testing_cli;

namespace {

const std::string kCorpus = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus/";

// What a child fed through a pipe left behind: its exit code and stderr.
struct Fed {
    int code = -1;
    std::string err;
};

// The child's address space: four times the input limit, far more than reading within the
// limit needs (70 MB measured), far less than reading 256 MiB whole (530 MB). An address-space
// limit rather than the peak from wait4, which counts the test process's own memory (a forked
// child shares it until exec).
constexpr rlim_t kChildAddressSpace = rlim_t{256} << 20;

// Runs `numberlink ARGS...` with standard input (fd 0) or the FIFO `fifo` fed by a thread that
// writes `block` again and again, up to `total` bytes or until the reader closes its end, in
// an address space of kChildAddressSpace.
Fed feed(const std::vector<std::string>& args, const std::string& block, std::size_t total, const fs::path& dir,
         const std::string& fifo = "") {
    int pipe_fds[2] = {-1, -1};
    if (fifo.empty() && pipe(pipe_fds) != 0) return {};
    const std::string err_path = (dir / "stderr").string();
    std::vector<std::string> all{NUMBERLINK_BINARY};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {  // only async-signal-safe calls until exec
        if (fifo.empty()) {
            dup2(pipe_fds[0], 0);
            close(pipe_fds[0]);
            close(pipe_fds[1]);
        }
        const int null = open("/dev/null", O_WRONLY);
        const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(null, 1);
        dup2(err, 2);
        if (chdir(dir.c_str()) != 0) _exit(127);
        // (Not under the sanitizers, which reserve terabytes of shadow address space.)
        const rlimit space{kChildAddressSpace, kChildAddressSpace};
        if (!nl::testing_timing::kSanitized) setrlimit(RLIMIT_AS, &space);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int write_fd = -1;
    if (fifo.empty()) {
        close(pipe_fds[0]);
        write_fd = pipe_fds[1];
    }
    std::thread writer([&] {
        // SIGPIPE, raised on this thread once the reader is gone, is blocked here: write fails
        // with EPIPE instead.
        sigset_t pipe_signal;
        sigemptyset(&pipe_signal);
        sigaddset(&pipe_signal, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe_signal, nullptr);
        // A FIFO opens for writing once the child opens it for reading; should the child end
        // first, it never will, so the child's end is watched meanwhile (without reaping it).
        while (write_fd < 0) {
            write_fd = open((dir / fifo).c_str(), O_WRONLY | O_NONBLOCK);
            if (write_fd >= 0) {
                fcntl(write_fd, F_SETFL, fcntl(write_fd, F_GETFL) & ~O_NONBLOCK);
                break;
            }
            siginfo_t info{};
            if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        for (std::size_t sent = 0; write_fd >= 0 && sent < total;) {
            const ssize_t n = write(write_fd, block.data(), std::min(block.size(), total - sent));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            sent += static_cast<std::size_t>(n);
        }
        if (write_fd >= 0) close(write_fd);
        // The pending SIGPIPE of this thread is taken, so that it never reaches the process.
        timespec none{0, 0};
        while (sigtimedwait(&pipe_signal, nullptr, &none) == SIGPIPE) {
        }
    });
    int status = 0;
    waitpid(pid, &status, 0);
    writer.join();
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(err_path)};
}

// Twelve characters a line: an endless text with nothing binary in it, as `yes` writes.
std::string text_block() {
    std::string block;
    while (block.size() < (1 << 16)) block += "...........\n";
    return block;
}

class InputLimits : public CliTest {
   protected:
    // Seconds of a run of `numberlink ARGS`, the faster of two (a busy machine stretches either).
    double seconds_of(const std::string& args, int expected_code) const {
        double best = 1e9;
        for (int k = 0; k < 2; ++k) {
            const auto t0 = std::chrono::steady_clock::now();
            const Result r = run(args);
            best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            EXPECT_EQ(r.code, expected_code) << args << ": " << r.err;
        }
        return best;
    }
};

// `yes . | numberlink info -`: read up to the limit and stopped there, in memory near the
// limit, not whatever was sent (256 MiB here: read whole, it runs out of memory, exit 70).
TEST_F(InputLimits, StandardInputStopsAtTheLimit) {
    const Fed r = feed({"info", "-"}, text_block(), std::size_t{256} << 20, work());
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "<stdin>: file is larger than the limit of 64 MiB")) << r.err;
}

// A FIFO has no size to check first: the same limit while reading it, and a small one works.
TEST_F(InputLimits, FifoIsReadWithinTheLimit) {
    ASSERT_EQ(mkfifo((work() / "big").c_str(), 0600), 0);
    const Fed big = feed({"info", "big"}, text_block(), std::size_t{256} << 20, work(), "big");
    EXPECT_EQ(big.code, 2) << big.err;
    EXPECT_TRUE(contains(big.err, "big: file is larger than the limit of 64 MiB")) << big.err;

    ASSERT_EQ(mkfifo((work() / "small").c_str(), 0600), 0);
    const std::string puzzle = "A.B\n...\nA.B\n";
    const Fed small = feed({"info", "small"}, puzzle, puzzle.size(), work(), "small");
    EXPECT_EQ(small.code, 0) << small.err;
}

TEST_F(InputLimits, DirectoryIsADirectory) {
    fs::create_directory(work() / "dir");
    const Result named = run("info dir");
    EXPECT_EQ(named.code, 2) << named.err;
    EXPECT_EQ(named.err, "dir: is a directory\n");
    // Standard input opened on a directory (run() gives the program /dev/null).
    const std::string command = "cd '" + work().string() + "' && '" NUMBERLINK_BINARY "' info - <dir 2>err.txt";
    const int status = std::system(command.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << status;
    EXPECT_EQ(read("err.txt"), "<stdin>: is a directory\n");
}

// A device that never ends, and whose size reads as 0: binary data, found in its first block.
TEST_F(InputLimits, DevZeroIsBinaryData) {
    const Result r = run("info /dev/zero");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.err, "/dev/zero:1: binary data (byte 0x00), not a puzzle file\n");
}

// CryptoMiniSat 5.11.4 aborts the process from its ninth thread on (solver/sat/sat_api.hpp).
TEST_F(InputLimits, ThreadsBeyondTheBoundAreRefused) {
    write("p.txt", "ABC\n...\nABC\n");
    for (const char* threads : {"9", "16", "1000", "0", "-1"}) {
        const Result r = run(std::string("solve --engine sat --threads ") + threads + " p.txt");
        EXPECT_EQ(r.code, 2) << threads << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "--threads takes 1 to 8")) << r.err;
        EXPECT_EQ(r.out, "");
    }
    const Result at_bound = run("solve --engine sat --threads 8 p.txt");
    EXPECT_EQ(at_bound.code, 0) << at_bound.err;
}

TEST_F(InputLimits, CountingCommandsRefuseThreadsBeyondTheBound) {
    write("p.txt", "ABC\n...\nABC\n");
    for (const char* command : {"unique", "count"}) {
        const Result r = run(std::string(command) + " --threads 9 p.txt");
        EXPECT_EQ(r.code, 2) << command << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "--threads takes 1 to 8")) << r.err;
    }
}

// CryptoMiniSat aborts on the inputs9 boards with 9 threads and more; at the bound they are
// solved and decided by the multi-threaded search itself (--engine sat, unique's enumeration).
TEST_F(InputLimits, EightThreadsSolveAGeneratedBoard) {
    const std::string file = kCorpus + "arukone/inputs9.txt";
    if (!fs::exists(file)) GTEST_SKIP() << "no corpus at " << file;
    std::ifstream in(file);
    std::string line, board;
    while (std::getline(in, line) && (line.empty() || line[0] == '#')) {
    }
    board = line + "\n";  // "40 20", then its 20 rows
    for (int row = 0; row < 20 && std::getline(in, line); ++row) board += line + "\n";
    write("first.txt", board + "0 0\n");
    const Result solved = run("solve -q --engine sat --threads 8 first.txt");
    EXPECT_EQ(solved.code, 0) << solved.err;
    const Result decided = run("unique -q --threads 8 first.txt");
    EXPECT_TRUE(decided.code == 0 || decided.code == 1) << decided.code << ": " << decided.err;
}

// NaN compares false with every number, so unless refused it passes every check and no deadline
// ever passes; infinity and huge numbers overflow the deadline into one already past.
TEST_F(InputLimits, TimeoutMustBeAFiniteNumber) {
    write("p.txt", "ABC\n...\nABC\n");
    for (const char* value : {"nan", "inf", "-1", "1e300"}) {
        for (const char* command : {"solve", "render --solve"}) {
            const Result r = run(std::string(command) + " --timeout " + value + " p.txt");
            EXPECT_EQ(r.code, 2) << command << " " << value << ": " << r.err;
            EXPECT_TRUE(contains(r.err, "--timeout takes seconds from 0")) << r.err;
        }
    }
    EXPECT_EQ(run("solve --timeout 1e9 p.txt").code, 0);
}

TEST_F(InputLimits, CountingCommandsRefuseATimeoutThatIsNotANumber) {
    write("p.txt", "ABC\n...\nABC\n");
    for (const char* command : {"unique", "count"}) {
        const Result r = run(std::string(command) + " --timeout nan p.txt");
        EXPECT_EQ(r.code, 2) << command << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "--timeout takes seconds from 0")) << r.err;
    }
    // The server's limit for every request: refused before it listens.
    for (const char* value : {"nan", "inf"}) {
        const Result r = run(std::string("serve --port 0 --timeout ") + value);
        EXPECT_EQ(r.code, 2) << value << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "--timeout takes seconds from 0")) << r.err;
    }
}

// An empty board of four million cells under --timeout 0.01: parity, presolving, routing in
// blocks, absorbing blocks, growing paths and widening a shrunk board are each a pass over the
// board of tenths of a second, and so is building its adjacency lists; unless each looks at the
// clock, unique, count and solve run 1-3 s past the limit. So each must cost about as much as
// reading the board (`info`, 0.06 s without the lists) plus the documented margin: solve's
// wall-follower check after the limit makes its first run (0.1-0.2 s on four million cells,
// docs/limits.md). The bound leaves room for that and a busy machine, not for an unpolled pass
// (0.3 s or more each).
TEST_F(InputLimits, HugeEmptyBoardKeepsAShortTimeout) {
    write("empty.json", R"({"width":2000,"height":2000,"labels":[{"name":"A","ends":[[0,0],[1999,0]]}]})");
    const double reading = seconds_of("info empty.json", 0);
    for (const char* command : {"unique", "count", "solve"}) {
        const double spent = seconds_of(std::string(command) + " -q --timeout 0.01 empty.json", 1);
        EXPECT_LT(spent, 2 * reading + 0.4 * nl::testing_timing::kSlowdown)
            << command << " (reading: " << reading << " s)";
    }
}

// The length of the longest attribute value in an SVG document (every value is quoted with ").
std::size_t longest_attribute(const std::string& svg) {
    std::size_t longest = 0;
    for (std::size_t at = svg.find("=\""); at != std::string::npos;) {
        const std::size_t end = svg.find('"', at + 2);
        if (end == std::string::npos) break;
        longest = std::max(longest, end - at - 2);
        at = svg.find("=\"", end + 1);
    }
    return longest;
}

// 1000 x 999 cells, every other one blocked: half a million blocked cells make 12 M characters
// of path data, which librsvg (libxml2) refuses in one attribute (above 10 M) and, by default,
// in one document (above about 10 MB): "internal error", exit 70 unless split and read without
// those limits. A board four times as large (50 M) behaves the same, only slower to draw.
TEST_F(InputLimits, BoardOfManyBlockedCellsIsDrawn) {
    std::string board;
    for (int y = 0; y < 999; ++y) {
        for (int x = 0; x < 1000; ++x) board += (x + y) % 2 ? '#' : '.';
        board += '\n';
    }
    board[0] = 'A';
    board[1001 + 1] = 'A';  // cell (1, 1)
    write("blocked.txt", board);
    const Result svg = run("render blocked.txt -o blocked.svg");
    ASSERT_EQ(svg.code, 0) << svg.err;
    const std::string text = read("blocked.svg");
    EXPECT_LE(longest_attribute(text), std::size_t{1'000'000});
    std::size_t rectangles = 0;  // one subpath per blocked cell, whatever the pieces
    for (std::size_t at = text.find("class=\"blocked\""); at != std::string::npos;
         at = text.find("class=\"blocked\"", at + 1)) {
        const std::size_t d = text.find(" d=\"", at), end = text.find('"', d + 4);
        rectangles += static_cast<std::size_t>(std::count(text.begin() + static_cast<long>(d),
                                                          text.begin() + static_cast<long>(end), 'M'));
    }
    EXPECT_EQ(rectangles, std::size_t{999 * 500});

    if (!fs::exists(NUMBERLINK_PNG_MODULE)) GTEST_SKIP() << "no PNG module";
    const Result png = run("render blocked.txt -o blocked.png");
    ASSERT_EQ(png.code, 0) << png.err;
    EXPECT_EQ(read("blocked.png").substr(1, 3), "PNG");
}

// A long board (10 x 100,000 cells) is a board like any other: it is read and solved, and drawn as
// SVG; as PNG it would shrink to a strip a pixel high, which librsvg takes minutes to draw, so the
// PNG is refused as bad input before the module is called and no file is left behind.
TEST_F(InputLimits, LongBoardIsSolvedAndItsPngRefused) {
    write("long.json", R"({"width":100000,"height":10,"labels":[{"name":"A","ends":[[0,0],[99999,9]]},)"
                       R"({"name":"B","ends":[[500,5],[90000,5]]}]})");
    const Result solved = run("solve -q --rules nikoli long.json");
    EXPECT_EQ(solved.code, 0) << solved.err;
    EXPECT_NE(solved.out.find(" solved "), std::string::npos) << solved.out;
    const Result svg = run("render long.json -o long.svg");
    EXPECT_EQ(svg.code, 0) << svg.err;
    EXPECT_NE(read("long.svg").find("width=\"4000040\""), std::string::npos);
    const Result png = run("render long.json -o long.png");
    EXPECT_EQ(png.code, 2);
    EXPECT_NE(png.err.find("too long and narrow to draw as PNG"), std::string::npos) << png.err;
    EXPECT_FALSE(fs::exists(work() / "long.png"));
}

// librsvg loads at most a million elements; a picture with more is refused as bad input (the
// command line checks before it calls the module) rather than failing inside librsvg.
TEST(PngLimits, PictureOfTooManyElementsIsRefused) {
    std::string svg = "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">\n";
    for (std::size_t k = 1; k < nl::render::kMaxPngElements; ++k) svg += "<circle r=\"1\"/>\n";
    svg += "</svg>\n";
    EXPECT_EQ(nl::render::svg_element_count(svg), nl::render::kMaxPngElements);
    EXPECT_NO_THROW(nl::render::check_png_drawable(svg));
    svg.insert(svg.size() - 7, "<g/>");
    EXPECT_THROW(nl::render::check_png_drawable(svg), nl::ModelError);
}

}  // namespace
