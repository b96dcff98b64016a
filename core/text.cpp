// Loading input files as text, and the small parsing helpers every reader shares.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/format_readers.hpp"
#include "core/limits.hpp"

namespace nl {

namespace {

std::string size_limit_message() {
    return "file is larger than the limit of " + std::to_string(limits::kMaxFileBytes / (1024 * 1024)) + " MiB";
}

// Binary data is rejected with the line it starts on: a NUL or other control byte cannot appear
// in any of our text formats (tab, CR, LF and form feed aside). Checked as the bytes arrive, so
// that a binary stream (/dev/zero, a program piped in by mistake) stops at its first block.
class BinaryCheck {
   public:
    void scan(const std::string& name, std::string_view bytes) {
        for (unsigned char ch : bytes) {
            if (ch == '\n') {
                ++line_;
            } else if ((ch < 0x20 && ch != '\t' && ch != '\r' && ch != '\f') || ch == 0x7f) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02x", ch);
                throw InputError(name, line_, std::string("binary data (byte ") + hex + "), not a puzzle file");
            }
        }
    }

   private:
    int line_ = 1;
};

void split_lines(TextFile& file) {
    std::string_view all = file.content;
    if (all.starts_with("\xEF\xBB\xBF")) all.remove_prefix(3);
    file.lines.clear();
    file.lines.reserve(static_cast<std::size_t>(std::count(all.begin(), all.end(), '\n')) + 1);
    while (!all.empty()) {
        std::size_t end = all.find('\n');
        std::string_view line = all.substr(0, end);
        if (line.ends_with('\r')) line.remove_suffix(1);
        file.lines.push_back(line);
        if (end == std::string_view::npos) break;
        all.remove_prefix(end + 1);
    }
}

// What is left once the bytes are in, within the limit and not binary: the lines, not all blank.
TextFile finish_text(std::string name, std::string content) {
    TextFile file;
    file.name = std::move(name);
    file.content = std::move(content);
    split_lines(file);
    const bool blank = std::all_of(file.lines.begin(), file.lines.end(),
                                   [](std::string_view line) { return detail::trim(line).empty(); });
    if (blank) throw InputError(file.name, 0, "file is empty");
    return file;
}

// Reads `fd` to its end in blocks, holding at most the size limit: a pipe, a FIFO or a device
// has no size to check first, and `yes . | numberlink info -` must end with the limit's error,
// not with the machine's memory. The string grows by doubling, but its capacity never past the
// limit.
std::string read_bounded(int fd, const std::string& name, std::size_t expected = 0) {
    constexpr std::size_t kBlock = 1 << 16;
    constexpr auto kLimit = static_cast<std::size_t>(limits::kMaxFileBytes);
    std::string content;
    // A regular file's size, when known, is the capacity from the start: no copy per doubling.
    content.reserve(std::min(kLimit, expected + 1));
    BinaryCheck binary;
    std::vector<char> block(kBlock);
    for (;;) {
        const ssize_t n = ::read(fd, block.data(), kBlock);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            if (errno == EISDIR) throw InputError(name, 0, "is a directory");
            throw InputError(name, 0, std::string("read error: ") + std::strerror(errno));
        }
        if (n == 0) return content;
        const std::string_view got(block.data(), static_cast<std::size_t>(n));
        binary.scan(name, got);
        if (content.size() + got.size() > kLimit) throw InputError(name, 0, size_limit_message());
        if (content.size() + got.size() > content.capacity())
            content.reserve(std::min(kLimit, std::max(2 * content.capacity(), content.size() + got.size())));
        content.append(got);
    }
}

// Closes the descriptor on every way out of load_text.
struct FileDescriptor {
    int fd;
    ~FileDescriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

TextFile text_from_string(std::string name, std::string content) {
    if (static_cast<std::int64_t>(content.size()) > limits::kMaxFileBytes)
        throw InputError(name, 0, size_limit_message());
    BinaryCheck().scan(name, content);
    return finish_text(std::move(name), std::move(content));
}

TextFile load_text(const std::string& path) {
    if (path == "-") {
        const std::string name = "<stdin>";
        struct stat st {};
        if (::fstat(STDIN_FILENO, &st) == 0 && S_ISDIR(st.st_mode)) throw InputError(name, 0, "is a directory");
        return finish_text(name, read_bounded(STDIN_FILENO, name));
    }
    // A URL typed as an argument is the puzzle itself; a file of that name still wins, so that no
    // real path ("numlin/3/3/x" in a directory numlin/) changes meaning.
    if (is_puzzlink_argument(path) && ::access(path.c_str(), F_OK) != 0) return text_from_string("puzz.link", path);
    const FileDescriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (file.fd < 0) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(file.fd, &st) != 0) throw InputError(path, 0, std::string("cannot read: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode)) throw InputError(path, 0, "is a directory");
    // A regular file's size is known: refused before a byte is read (read_bounded still stops at
    // the limit should the file grow meanwhile).
    if (S_ISREG(st.st_mode) && st.st_size > limits::kMaxFileBytes) throw InputError(path, 0, size_limit_message());
    return finish_text(path, read_bounded(file.fd, path, S_ISREG(st.st_mode) ? std::size_t(st.st_size) : 0));
}

namespace detail {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\f'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\f'))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\f')) ++i;
        std::size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\f') ++j;
        if (j > i) words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

int parse_count(const TextFile& file, int line, std::string_view token, std::string_view what,
                long long max) {
    // The common case, a few plain digits, without from_chars' generality (level packs are
    // mostly cell numbers); anything else takes the checked path below.
    if (!token.empty() && token.size() <= 9) {
        long long value = 0;
        bool digits = true;
        for (char ch : token) {
            digits = digits && ch >= '0' && ch <= '9';
            value = value * 10 + (ch - '0');
        }
        if (digits && value <= max) return static_cast<int>(value);
    }
    long long value = 0;
    auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (token.empty() || ec == std::errc::invalid_argument || ptr != token.data() + token.size() ||
        token.front() == '-' || token.front() == '+')
        fail(file, line, std::string(what) + " '" + std::string(token) + "' is not a number");
    if (ec == std::errc::result_out_of_range || value > max)
        fail(file, line, std::string(what) + " " + std::string(token) +
                             " is out of range (at most " + std::to_string(max) + ")");
    return static_cast<int>(value);
}

void finalize_at(Puzzle& puzzle, const TextFile& file, int line) {
    try {
        finalize(puzzle);
    } catch (const ModelError& e) {
        fail(file, line, e.what());
    }
}

Puzzle board_at(const TextFile& file, int line, int width, int height, int layers) {
    try {
        return make_board(width, height, layers);
    } catch (const ModelError& e) {
        fail(file, line, e.what());
    }
}

std::vector<std::string> grid_symbols(const Puzzle& puzzle, std::string_view reserved) {
    bool own = true;
    for (const Label& l : puzzle.labels) {
        const std::string& n = l.name;
        if (n.size() != 1 || n[0] == '.' || n[0] == '#' || n[0] <= ' ' || n[0] > '~' ||
            reserved.find(n[0]) != std::string_view::npos)
            own = false;
    }
    std::vector<std::string> symbols;
    if (own) {
        for (const Label& l : puzzle.labels) symbols.push_back(l.name);
        return symbols;
    }
    static constexpr std::string_view kAlphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        "!\"$%&'()*+,-/:;<=>?@[\\]^_`{|}~";
    std::string alphabet;
    for (char ch : kAlphabet)
        if (reserved.find(ch) == std::string_view::npos) alphabet += ch;
    if (puzzle.labels.size() > alphabet.size())
        throw ModelError(std::to_string(puzzle.labels.size()) +
                         " labels do not fit a one-character-per-cell grid (at most " +
                         std::to_string(alphabet.size()) + ")");
    for (std::size_t i = 0; i < puzzle.labels.size(); ++i)
        symbols.emplace_back(1, alphabet[i]);
    return symbols;
}

}  // namespace detail
}  // namespace nl
