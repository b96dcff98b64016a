// puzz.link / pzprjs Numberlink puzzles (pzprjs's puzzle id "numlin"): URLs and pzprv3 files.
//
// A URL names the puzzle after its '?' (or is bare): "numlin/W/H/BODY", W columns and H rows.
// Any host and page are accepted (https://puzz.link/p?, http://pzv.jp/p.html?, p?...), as
// pzprjs takes whatever precedes the '?'. A file may hold many URLs, one a line.
//
// BODY is pzprjs's "number16" code, the cells in row-major order:
//   0-9, a-f       a clue of that hexadecimal value (one cell)
//   -XX            a clue of two hexadecimal digits (16..255)
//   +XXX           three hexadecimal digits (256..4095)
//   =XXX, %XXX     three digits plus 4096, plus 8192
//   .              a "?" clue: a number not given (refused: numberlink cannot express it)
//   g..z           1..20 empty cells (g one, h two, ... z twenty)
// Cells the body does not reach are empty. pzprjs ignores what it does not understand and what
// runs past the board; here both are errors, since they mean the URL is damaged.
//
// A pzprv3 file (what pzprjs saves) is "pzprv3", "numlin", the row count, the column count,
// then a row of cells per line: a number, "." empty or "-" a "?" clue. The lines after them
// (the answer, pzprjs's history) are not read. pzprjs also reads the file with '/' for line
// breaks, as a single line; so does this reader.
//
// Numbers become labels named by their decimal text; each must appear exactly twice. The
// writer writes "https://puzz.link/p?numlin/W/H/BODY" as pzprjs's encoder does.
#include <algorithm>
#include <map>
#include <ostream>

#include "core/format_readers.hpp"
#include "core/limits.hpp"

namespace nl::detail {

namespace {

// The largest clue written: "+XXX". pzprjs writes "=" and "%" without zero padding, so larger
// numbers would not read back in pzprjs itself.
constexpr int kMaxWritten = 4095;
constexpr int kEmpty = -1;

// One puzzle's clues as decoded, before it becomes a Puzzle.
struct Clues {
    int width = 0, height = 0;
    std::vector<int> numbers;  // per cell, row-major: the clue, or kEmpty
};

int hex_value(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

std::string cell_text(int width, int cell) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) about "literal" + temporary.
    std::string text(1, '[');
    text += std::to_string(cell % width);
    text += ", ";
    text += std::to_string(cell / width);
    text += ']';
    return text;
}

// The digits of a multi-character clue starting at body[at + 1].
int read_digits(const TextFile& file, int line, std::string_view body, std::size_t at, int count) {
    int value = 0;
    for (int k = 1; k <= count; ++k) {
        const std::size_t i = at + static_cast<std::size_t>(k);
        const int digit = i < body.size() ? hex_value(body[i]) : -1;
        if (digit < 0)
            fail(file, line, "numlin body, character " + std::to_string(at + 1) + " '" + body[at] + "': needs " +
                                 std::to_string(count) + " hexadecimal digits after it");
        value = value * 16 + digit;
    }
    return value;
}

// Decodes BODY into c.numbers (sized W * H), as pzprjs's decodeNumber16 reads it.
void decode_body(const TextFile& file, int line, std::string_view body, Clues& c) {
    const int cells = c.width * c.height;
    c.numbers.assign(static_cast<std::size_t>(cells), kEmpty);
    int cell = 0;
    for (std::size_t i = 0; i < body.size(); ++i) {
        const char ch = body[i];
        if (cell >= cells)
            fail(file, line, "numlin body, character " + std::to_string(i + 1) + " '" + ch +
                                 "': the board's " + std::to_string(cells) + " cells are already filled");
        int advance = 1, number = kEmpty;
        if (hex_value(ch) >= 0 && !(ch >= 'A' && ch <= 'F')) {
            number = hex_value(ch);
        } else if (ch == '-' || ch == '+' || ch == '=' || ch == '%') {
            const int digits = ch == '-' ? 2 : 3;
            number = read_digits(file, line, body, i, digits) + (ch == '=' ? 4096 : ch == '%' ? 8192 : 0);
            i += static_cast<std::size_t>(digits);
        } else if (ch == '.') {
            fail(file, line, "numlin body, character " + std::to_string(i + 1) + ": cell " +
                                 cell_text(c.width, cell) +
                                 " holds a '?' clue (a number not given), which numberlink cannot express");
        } else if (ch >= 'g' && ch <= 'z') {
            advance = ch - 'g' + 1;
            if (cell + advance > cells)
                fail(file, line, "numlin body, character " + std::to_string(i + 1) + " '" + ch + "': skips " +
                                     std::to_string(advance) + " cells, past the end of the " +
                                     std::to_string(c.width) + "x" + std::to_string(c.height) + " board");
        } else {
            fail(file, line, "numlin body, character " + std::to_string(i + 1) + " '" + ch +
                                 "': not a number16 character (0-9, a-f, - + = % for longer numbers, g-z "
                                 "for empty cells)");
        }
        if (number != kEmpty) c.numbers[static_cast<std::size_t>(cell)] = number;
        cell += advance;
    }
}

int parse_side(const TextFile& file, int line, std::string_view token, std::string_view what) {
    const int side = parse_count(file, line, token, what, limits::kMaxSide);
    if (side == 0) fail(file, line, std::string(what) + " must be at least 1");
    return side;
}

// "numlin/W/H/BODY" after the URL's '?' (or the whole line when there is none).
Clues decode_url(const TextFile& file, int line, std::string_view url) {
    const std::size_t query = url.find('?');
    std::string_view rest = query == std::string_view::npos ? url : url.substr(query + 1);
    const std::size_t slash = rest.find('/');
    const std::string_view pid = rest.substr(0, slash);
    if (pid != "numlin")
        fail(file, line, "not a Numberlink URL: the puzzle type is '" + std::string(pid) +
                             "', expected 'numlin' (as in https://puzz.link/p?numlin/W/H/BODY)");
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    std::vector<std::string_view> parts;
    while (true) {
        const std::size_t next = rest.find('/');
        parts.push_back(rest.substr(0, next));
        if (next == std::string_view::npos) break;
        rest.remove_prefix(next + 1);
    }
    if (parts.size() > 1 && parts.back().empty()) parts.pop_back();  // pzprjs may end a URL with '/'
    if (parts.size() < 2 || parts.size() > 3)
        fail(file, line, "a numlin URL is numlin/WIDTH/HEIGHT/BODY; this one has " +
                             std::to_string(parts.size()) + " parts after 'numlin'");
    Clues c;
    c.width = parse_side(file, line, parts[0], "numlin URL width");
    c.height = parse_side(file, line, parts[1], "numlin URL height");
    try {
        check_board_size(c.width, c.height);
    } catch (const ModelError& e) {
        fail(file, line, e.what());
    }
    decode_body(file, line, parts.size() == 3 ? parts[2] : std::string_view(), c);
    return c;
}

// A pzprv3 file's lines, with '/' read as a line break (pzprjs's own reading), each with the
// line of the file it is on.
struct Record {
    int line;
    std::string_view text;
};

std::vector<Record> pzprv3_records(const TextFile& file) {
    std::vector<Record> records;
    for (std::size_t i = 0; i < file.lines.size(); ++i) {
        std::string_view rest = file.lines[i];
        while (true) {
            const std::size_t next = rest.find('/');
            records.push_back({static_cast<int>(i) + 1, rest.substr(0, next)});
            if (next == std::string_view::npos) break;
            rest.remove_prefix(next + 1);
        }
    }
    // Leading blank lines are skipped, as detection skips them.
    auto first = std::find_if(records.begin(), records.end(), [](const Record& r) { return !trim(r.text).empty(); });
    records.erase(records.begin(), first);
    return records;
}

int pzprv3_cell(const TextFile& file, int line, std::string_view word, int width, int cell) {
    if (word == ".") return kEmpty;
    if (word == "-")
        fail(file, line, "cell " + cell_text(width, cell) +
                             " holds a '?' clue (a number not given), which numberlink cannot express");
    return parse_count(file, line, word, "pzprv3 cell", 1 << 20);
}

Clues decode_pzprv3(const TextFile& file, int& first_line) {
    const std::vector<Record> r = pzprv3_records(file);
    first_line = r.front().line;
    auto need = [&](std::size_t k, const char* what) -> const Record& {
        if (k >= r.size()) fail(file, r.back().line, std::string("pzprv3 file ends before ") + what);
        return r[k];
    };
    const std::string_view pid = trim(need(1, "the puzzle type").text);
    if (pid != "numlin")
        fail(file, r[1].line, "pzprv3 puzzle type '" + std::string(pid) + "', expected 'numlin' (Numberlink)");
    Clues c;
    c.height = parse_side(file, need(2, "the row count").line, trim(r[2].text), "pzprv3 row count");
    c.width = parse_side(file, need(3, "the column count").line, trim(r[3].text), "pzprv3 column count");
    try {
        check_board_size(c.width, c.height);
    } catch (const ModelError& e) {
        fail(file, r[3].line, e.what());
    }
    c.numbers.assign(static_cast<std::size_t>(c.width) * c.height, kEmpty);
    for (int y = 0; y < c.height; ++y) {
        const Record& row = need(4 + static_cast<std::size_t>(y), "all its rows of cells");
        const auto words = split_words(row.text);
        if (static_cast<int>(words.size()) != c.width)
            fail(file, row.line, "pzprv3 row " + std::to_string(y + 1) + " has " + std::to_string(words.size()) +
                                     " cells, but the file says " + std::to_string(c.width) + " columns");
        for (int x = 0; x < c.width; ++x)
            c.numbers[static_cast<std::size_t>(y * c.width + x)] = pzprv3_cell(file, row.line, words[x], c.width,
                                                                               y * c.width + x);
    }
    return c;
}

// The labels: each number names one, on exactly two cells; labels ordered by number.
PuzzleEntry build_puzzle(const TextFile& file, int line, int index, const Clues& c, Rules rules) {
    std::map<int, std::vector<CellId>> cells_of;
    for (std::size_t k = 0; k < c.numbers.size(); ++k)
        if (c.numbers[k] != kEmpty) cells_of[c.numbers[k]].push_back(static_cast<CellId>(k));
    PuzzleEntry entry{board_at(file, line, c.width, c.height), std::nullopt, line};
    Puzzle& p = entry.puzzle;
    p.name = entry_name(file, index);
    p.rules = rules;
    for (const auto& [number, cells] : cells_of) {
        if (cells.size() != 2) {
            std::string where;
            for (std::size_t k = 0; k < cells.size() && k < 4; ++k)
                where += (k ? ", " : "") + cell_text(c.width, cells[k]);
            fail(file, line, "number " + std::to_string(number) + " appears " + std::to_string(cells.size()) +
                                 (cells.size() == 1 ? " time (" : " times (") + where + (cells.size() > 4 ? ", ..." : "") +
                                 "); every number must appear exactly twice");
        }
        p.labels.push_back({std::to_string(number), {cells[0], cells[1]}});
    }
    finalize_at(p, file, line);
    return entry;
}

bool is_pzprv3(const TextFile& file) {
    for (std::string_view l : file.lines)
        if (!trim(l).empty()) return trim(l).starts_with("pzprv3");
    return false;
}

bool all_digits(const std::string& name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

// Label name -> number: the names when they are all numbers pzprjs can write back, otherwise
// 1, 2, ... in label order when none is a number; a mix is refused (renumbering would make a
// label "3" some other number).
std::vector<int> label_numbers(const Puzzle& p) {
    const auto numeric = std::count_if(p.labels.begin(), p.labels.end(), [](const Label& l) { return all_digits(l.name); });
    std::vector<int> numbers;
    if (numeric == static_cast<long>(p.labels.size())) {
        for (const Label& l : p.labels) {
            // Written back as the same text: no leading zero, and small enough for pzprjs.
            if ((l.name.size() > 1 && l.name[0] == '0') || l.name.size() > 4 || std::stoi(l.name) > kMaxWritten)
                throw ModelError("label " + l.name + " is not a number a numlin URL holds (0 to " +
                                 std::to_string(kMaxWritten) + ", no leading zero)");
            numbers.push_back(std::stoi(l.name));
        }
        return numbers;
    }
    if (numeric > 0)
        throw ModelError("labels mix numbers and other names; a numlin URL holds numbers: name every label by a "
                         "number, or none (then they are numbered 1, 2, ... in label order)");
    if (p.labels.size() > static_cast<std::size_t>(kMaxWritten))
        throw ModelError(std::to_string(p.labels.size()) + " labels: a numlin URL holds numbers up to " +
                         std::to_string(kMaxWritten));
    for (std::size_t l = 0; l < p.labels.size(); ++l) numbers.push_back(static_cast<int>(l) + 1);
    return numbers;
}

std::string hex_text(int value) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s;
    do {
        s.insert(s.begin(), kDigits[value % 16]);
        value /= 16;
    } while (value > 0);
    return s;
}

// pzprjs's encodeNumber16: runs of empty cells as g..z (at most 20 a letter), numbers by size.
std::string encode_body(const std::vector<int>& cells) {
    std::string body;
    int run = 0;
    auto flush_run = [&] {
        if (run > 0) body += static_cast<char>('g' + run - 1);
        run = 0;
    };
    for (int v : cells) {
        if (v == kEmpty) {
            if (++run == 20) flush_run();
            continue;
        }
        flush_run();
        if (v >= 16) body += v < 256 ? '-' : '+';
        body += hex_text(v);
    }
    flush_run();
    return body;
}

}  // namespace

bool is_puzzlink_line(std::string_view line) {
    line = trim(line);
    return line.starts_with("numlin/") || line.find("?numlin/") != std::string_view::npos;
}

bool is_puzzlink_text(const TextFile& file) {
    for (std::string_view l : file.lines)
        if (!trim(l).empty()) return trim(l).starts_with("pzprv3") || is_puzzlink_line(l);
    return false;
}

void split_puzzlink(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out) {
    if (is_pzprv3(file)) {
        out.push_back({entry_name(file, 1), 1, [&file, rules] {
                           int line = 1;
                           const Clues c = decode_pzprv3(file, line);
                           return build_puzzle(file, line, 1, c, rules);
                       }});
        return;
    }
    int index = 0;
    for (std::size_t i = 0; i < file.lines.size(); ++i) {
        const std::string_view url = trim(file.lines[i]);
        if (url.empty()) continue;
        const int line = static_cast<int>(i) + 1, k = ++index;
        out.push_back({entry_name(file, k), line, [&file, rules, line, k, url] {
                           return build_puzzle(file, line, k, decode_url(file, line, url), rules);
                       }});
    }
}

void write_puzzlink(std::ostream& out, const Puzzle& puzzle) {
    require_square_grid(puzzle, "puzzlink");
    if (puzzle.layers != 1)
        throw ModelError("the puzzlink format holds one layer; this board has " + std::to_string(puzzle.layers));
    for (CellId c = 0; c < puzzle.cell_count(); ++c)
        if (puzzle.is_blocked(c))
            throw ModelError("the puzzlink format cannot express blocked cells (cell " + format_cell(puzzle, c) +
                             " is blocked)");
    const std::vector<int> numbers = label_numbers(puzzle);
    std::vector<int> cells(static_cast<std::size_t>(puzzle.cell_count()), kEmpty);
    for (std::size_t l = 0; l < puzzle.labels.size(); ++l)
        for (CellId c : puzzle.labels[l].ends) cells[static_cast<std::size_t>(c)] = numbers[l];
    out << "https://puzz.link/p?numlin/" << puzzle.width << '/' << puzzle.height << '/' << encode_body(cells)
        << '\n';
}

}  // namespace nl::detail

namespace nl {

bool is_puzzlink_argument(std::string_view argument) {
    if (argument.starts_with("http://") || argument.starts_with("https://"))
        return argument.find("?numlin/") != std::string_view::npos;
    return argument.starts_with("numlin/") && argument.size() > 7 && argument[7] >= '0' && argument[7] <= '9';
}

}  // namespace nl
