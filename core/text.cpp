// Loading input files as text, and the small parsing helpers every reader shares.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "core/format_readers.hpp"
#include "core/limits.hpp"

namespace nl {

namespace {

// Rejects binary data early with the line it starts on: a NUL or other control byte cannot
// appear in any of our text formats (tab, CR, LF and form feed aside).
void reject_binary(const TextFile& file) {
    int line = 1;
    for (unsigned char ch : file.content) {
        if (ch == '\n') {
            ++line;
        } else if ((ch < 0x20 && ch != '\t' && ch != '\r' && ch != '\f') || ch == 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", ch);
            throw InputError(file.name, line,
                             std::string("binary data (byte ") + hex + "), not a puzzle file");
        }
    }
}

void split_lines(TextFile& file) {
    std::string_view all = file.content;
    if (all.starts_with("\xEF\xBB\xBF")) all.remove_prefix(3);
    file.lines.clear();
    while (!all.empty()) {
        std::size_t end = all.find('\n');
        std::string_view line = all.substr(0, end);
        if (line.ends_with('\r')) line.remove_suffix(1);
        file.lines.push_back(line);
        if (end == std::string_view::npos) break;
        all.remove_prefix(end + 1);
    }
}

}  // namespace

TextFile text_from_string(std::string name, std::string content) {
    TextFile file;
    file.name = std::move(name);
    file.content = std::move(content);
    if (static_cast<std::int64_t>(file.content.size()) > limits::kMaxFileBytes)
        throw InputError(file.name, 0,
                         "file is larger than the limit of " +
                             std::to_string(limits::kMaxFileBytes / (1024 * 1024)) + " MiB");
    reject_binary(file);
    split_lines(file);
    bool blank = true;
    for (auto line : file.lines)
        if (!detail::trim(line).empty()) blank = false;
    if (blank) throw InputError(file.name, 0, "file is empty");
    return file;
}

TextFile load_text(const std::string& path) {
    std::string content;
    if (path == "-") {
        content.assign(std::istreambuf_iterator<char>(std::cin), {});
        return text_from_string("<stdin>", std::move(content));
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    in.seekg(0, std::ios::end);
    std::streamoff size = in.tellg();
    if (size < 0) throw InputError(path, 0, "cannot read (not a regular file?)");
    if (size > limits::kMaxFileBytes)
        throw InputError(path, 0,
                         "file is larger than the limit of " +
                             std::to_string(limits::kMaxFileBytes / (1024 * 1024)) + " MiB");
    in.seekg(0);
    content.resize(static_cast<std::size_t>(size));
    in.read(content.data(), size);
    if (!in) throw InputError(path, 0, "read error");
    return text_from_string(path, std::move(content));
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
