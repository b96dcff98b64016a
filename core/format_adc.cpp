// ADC: the formats of the DA Symposium Algorithm Design Contest (2013-2017), one puzzle a file.
//
// Problem, 2-D (2013-2015)            Problem, 3-D (2016-2017)
//   SIZE 10X10                          SIZE 72X72X8
//   LINE_NUM 2                          LINE_NUM 2
//   LINE#1 (0,0)-(9,9)                  LINE#1 (0,0,1) (5,7,2)
//   LINE#2 (3,0)-(3,9)                  LINE#2 (3,0,1)-(3,9,1)
//                                       VIA#a (4,4,1) (4,4,2) (4,4,3)
// x is the column and y the row, both 0-based; z is the layer, 1-based. A VIA is a column of
// cells on consecutive layers; when a file lists vias, lines change layer only through them.
//
// Answer: SIZE, then for each layer an optional "LAYER k" line and H rows of comma-separated
// line numbers ("0", "00" or "+" = empty cell):
//   SIZE 3X2X2 / LAYER 1 / 01,01,00 / 02,02,02 / LAYER 2 / ...
// A file may hold several alternative answers separated by blank lines; a later one may repeat
// the SIZE line or not.
#include <algorithm>
#include <ostream>
#include <unordered_map>

#include "core/format_readers.hpp"

namespace nl::detail {

namespace {

using std::to_string;

// Large enough that an absurd coordinate or size is reported as outside the board or over the
// limits (by board_at) rather than as a parse error.
constexpr long long kMaxNumber = 1'000'000'000;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

// "1, 2,3" -> {"1", "2", "3"}; an empty text gives one empty item.
std::vector<std::string_view> split_on(std::string_view text, char separator) {
    std::vector<std::string_view> items;
    for (std::size_t at; (at = text.find(separator)) != std::string_view::npos;) {
        items.push_back(trim(text.substr(0, at)));
        text.remove_prefix(at + 1);
    }
    items.push_back(trim(text));
    return items;
}

// Splits "LINE#3 (1,2)-(3,4)" into "LINE#3" and "(1,2)-(3,4)".
std::pair<std::string_view, std::string_view> split_keyword(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size() && !is_space(text[i]) && text[i] != '(') ++i;
    return {text.substr(0, i), trim(text.substr(i))};
}

struct Size {
    int width = 0, height = 0, layers = 1;
    bool three_d = false;  // WxHxD, even when D is 1: coordinates then carry a layer
    std::string text;      // "10x10x2", for messages
};

// "10X10", "72x72x8", tolerating spaces around the X. Limits are checked by board_at.
Size parse_size(const TextFile& file, int line, std::string_view text) {
    std::string upper(text);
    std::replace(upper.begin(), upper.end(), 'x', 'X');
    const auto parts = split_on(upper, 'X');
    if (parts.size() != 2 && parts.size() != 3)
        fail(file, line, "SIZE '" + std::string(text) + "' is not WxH or WxHxD");
    Size s;
    s.width = parse_count(file, line, parts[0], "width", kMaxNumber);
    s.height = parse_count(file, line, parts[1], "height", kMaxNumber);
    s.three_d = parts.size() == 3;
    if (s.three_d) s.layers = parse_count(file, line, parts[2], "layer count", kMaxNumber);
    board_at(file, line, s.width, s.height, s.layers);
    s.text = to_string(s.width);  // += : GCC 12 warns falsely on "x" + ... (-Wrestrict, bug 105329)
    s.text += 'x';
    s.text += to_string(s.height);
    if (s.three_d) {
        s.text += 'x';
        s.text += to_string(s.layers);
    }
    return s;
}

using Tuple = std::vector<int>;

std::string show(const Tuple& t) {
    std::string s = "(";
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (i) s += ',';
        s += to_string(t[i]);  // not ("," + ...): GCC 12 warns falsely on that (-Wrestrict, bug 105329)
    }
    return s + ")";
}

// "(x,y)-(x,y)" or "(x,y,z) (x,y,z) ...": tuples separated by spaces or one '-', with spaces
// allowed inside the parentheses.
std::vector<Tuple> parse_tuples(const TextFile& file, int line, std::string_view text,
                                const std::string& who) {
    std::vector<Tuple> tuples;
    bool dash = false;
    for (std::size_t i = 0; i < text.size();) {
        if (is_space(text[i]) || (text[i] == '-' && !tuples.empty() && !dash)) {
            if (text[i++] == '-') dash = true;
            continue;
        }
        auto close = text.find(')', i);
        if (text[i] != '(' || close == std::string_view::npos)
            fail(file, line, who + ": expected a coordinate like (x,y) at '" +
                                 std::string(text.substr(i)) + "'");
        Tuple& t = tuples.emplace_back();
        for (auto token : split_on(text.substr(i + 1, close - i - 1), ',')) {
            if (token.starts_with('-'))
                fail(file, line, who + ": coordinate " + std::string(token) + " is negative");
            t.push_back(parse_count(file, line, token, who + " coordinate", kMaxNumber));
        }
        dash = false;
        i = close + 1;
    }
    if (dash) fail(file, line, who + ": '-' without a second coordinate");
    return tuples;
}

// Builds the puzzle line by line, so that every error names the line at fault.
class ProblemReader {
   public:
    ProblemReader(const TextFile& file, Rules rules) : file_(file), rules_(rules) {}

    PuzzleEntry read() {
        for (int n = 1; n <= static_cast<int>(file_.lines.size()); ++n)
            if (auto text = trim(file_.lines[n - 1]); !text.empty()) dispatch(n, text);
        if (size_line_ == 0) fail(file_, 0, "no SIZE line");
        if (num_line_ == 0) fail(file_, size_line_, "no LINE_NUM line after SIZE");
        if (declared_ != static_cast<int>(p_.labels.size()))
            fail(file_, num_line_, "LINE_NUM says " + to_string(declared_) + " but the file has " +
                                       to_string(p_.labels.size()) + " LINE# lines");
        finalize_at(p_, file_, size_line_);
        return {std::move(p_), std::nullopt, size_line_};
    }

   private:
    void dispatch(int n, std::string_view text) {
        auto [keyword, rest] = split_keyword(text);
        if (keyword == "SIZE") return on_size(n, rest);
        if (size_line_ == 0)
            fail(file_, n, "expected 'SIZE WxH' first, found '" + std::string(keyword) + "'");
        if (keyword == "LINE_NUM") return on_line_num(n, rest);
        if (keyword.starts_with("LINE#")) return on_line(n, keyword.substr(5), rest);
        if (keyword.starts_with("VIA#")) return on_via(n, keyword.substr(4), rest);
        // Answer rows start with a digit or '+', which no problem keyword does.
        if (text.starts_with("LAYER") || is_digit(text[0]) || text[0] == '+')
            fail(file_, n, "this is an ADC answer (rows of line numbers after SIZE), not a "
                           "problem; pass it as the solution");
        fail(file_, n, "unknown keyword '" + std::string(keyword) +
                           "' (expected SIZE, LINE_NUM, LINE# or VIA#)");
    }

    void on_size(int n, std::string_view rest) {
        if (size_line_ != 0)
            fail(file_, n, "second SIZE line (the first is line " + to_string(size_line_) +
                               "; an ADC file holds one puzzle)");
        size_ = parse_size(file_, n, rest);
        p_ = board_at(file_, n, size_.width, size_.height, size_.layers);
        p_.name = entry_name(file_, 1);
        p_.rules = rules_;
        size_line_ = n;
    }

    void on_line_num(int n, std::string_view rest) {
        if (num_line_ != 0)
            fail(file_, n, "second LINE_NUM line (the first is line " + to_string(num_line_) + ")");
        declared_ = parse_count(file_, n, rest, "LINE_NUM", kMaxNumber);
        num_line_ = n;
    }

    void on_line(int n, std::string_view number, std::string_view rest) {
        const int k = parse_count(file_, n, number, "line number", kMaxNumber);
        if (k == 0) fail(file_, n, "line number 0 is not allowed (0 marks an empty cell)");
        const std::string name = to_string(k), who = "LINE#" + name;  // "LINE#007" is line 7
        // A map, not Puzzle::label_index: a linear look-up per line made reading quadratic in
        // the lines (a board of 3,000 lines: 4.5 million name comparisons).
        if (auto it = label_of_number_.find(k); it != label_of_number_.end())
            fail(file_, n, who + " is defined twice (first on line " + to_string(label_lines_[it->second]) +
                               ")");
        auto tuples = parse_tuples(file_, n, rest, who);
        if (tuples.size() != 2)
            fail(file_, n, who + " needs two coordinates, found " + to_string(tuples.size()));
        Label label{name, {cell_at(n, tuples[0], who), cell_at(n, tuples[1], who)}};
        if (label.ends[0] == label.ends[1])
            fail(file_, n, who + " starts and ends on the same cell " + show(tuples[0]));
        // Checked here rather than left to finalize() so that the message names this line.
        for (int e = 0; e < 2; ++e)
            if (auto it = owner_.find(label.ends[e]); it != owner_.end())
                fail(file_, n, who + ": cell " + show(tuples[e]) + " is already an end of LINE#" +
                                   p_.labels[it->second].name);
        for (CellId c : label.ends) owner_[c] = static_cast<int>(p_.labels.size());
        label_of_number_[k] = static_cast<int>(p_.labels.size());
        p_.labels.push_back(std::move(label));
        label_lines_.push_back(n);
    }

    // A via cell may also be a line's end: no corpus file does it, but the model handles it
    // (the line may leave its end through the via), so it is accepted.
    void on_via(int n, std::string_view name, std::string_view rest) {
        const std::string who = "VIA#" + std::string(name);
        if (!size_.three_d) fail(file_, n, who + " in a 2-D file (vias need SIZE WxHxD)");
        if (name.empty()) fail(file_, n, "VIA# without a name");
        for (const Via& v : p_.vias)
            if (v.name == name) fail(file_, n, who + " is defined twice");
        auto tuples = parse_tuples(file_, n, rest, who);
        if (tuples.size() < 2)
            fail(file_, n, who + " needs at least two cells, found " + to_string(tuples.size()));
        Via via{std::string(name), {}};
        for (const Tuple& t : tuples) via.cells.push_back(cell_at(n, t, who));
        std::sort(via.cells.begin(), via.cells.end());  // at one (x,y), ids grow with z
        for (std::size_t i = 0; i + 1 < via.cells.size(); ++i)
            if (via.cells[i + 1] - via.cells[i] != p_.width * p_.height)
                fail(file_, n, who + ": cells must be stacked at one (x,y) on consecutive layers");
        for (CellId c : via.cells)
            if (auto [it, fresh] = via_of_.emplace(c, p_.vias.size()); !fresh)
                fail(file_, n, who + " shares a cell with VIA#" + p_.vias[it->second].name);
        p_.vias.push_back(std::move(via));
    }

    // Checks a coordinate as written in the file (z 1-based) and returns its cell.
    CellId cell_at(int n, const Tuple& t, const std::string& who) const {
        const bool three = size_.three_d;
        if (t.size() != (three ? 3u : 2u))
            fail(file_, n, who + ": coordinate " + show(t) + " has " + to_string(t.size()) +
                               (three ? " numbers, but a 3-D board (SIZE WxHxD) needs (x,y,z)"
                                      : " numbers, but a 2-D board (SIZE WxH) needs (x,y)"));
        const int z = three ? t[2] - 1 : 0;
        if (!p_.in_bounds(t[0], t[1], z))
            fail(file_, n, who + ": coordinate " + show(t) + " is outside the " + size_.text +
                               (three ? " board (x, y count from 0, z from 1)"
                                      : " board (x, y count from 0)"));
        return p_.cell(t[0], t[1], z);
    }

    const TextFile& file_;
    Rules rules_;
    Puzzle p_;
    Size size_;
    int size_line_ = 0, num_line_ = 0, declared_ = 0;
    std::vector<int> label_lines_;                    // per label, the line defining it
    std::unordered_map<CellId, int> owner_;           // terminal cell -> label index
    std::unordered_map<int, int> label_of_number_;    // line number -> label index
    std::unordered_map<CellId, std::size_t> via_of_;  // via cell -> via index
};

// Collects answers row by row. An answer is complete after H rows per layer; a blank line
// must then separate it from the next one unless that one starts with SIZE or LAYER 1.
class AnswerReader {
   public:
    explicit AnswerReader(const TextFile& file) : file_(file) {}

    std::vector<SolutionText> read() {
        for (int n = 1; n <= static_cast<int>(file_.lines.size()); ++n) {
            if (auto text = trim(file_.lines[n - 1]); !text.empty()) {
                dispatch(n, text);
            } else {
                if (open_ && rows_ % size_.height != 0) fail(file_, n, short_layer());
                separated_ = true;
            }
        }
        if (open_) fail(file_, static_cast<int>(file_.lines.size()), too_few_rows());
        if (out_.empty()) fail(file_, 0, "no answer in the file");
        return std::move(out_);
    }

   private:
    void dispatch(int n, std::string_view text) {
        auto [keyword, rest] = split_keyword(text);
        if (keyword == "LINE_NUM" || keyword.starts_with("LINE#") || keyword.starts_with("VIA#"))
            fail(file_, n, "this is an ADC problem, not an answer");
        if (keyword == "SIZE") {
            if (open_) fail(file_, n, too_few_rows());
            size_ = parse_size(file_, n, rest);
            return start(n);
        }
        if (size_.width == 0) fail(file_, n, "expected 'SIZE WxH' before the answer rows");
        if (keyword == "LAYER") return on_layer(n, rest);
        if (!open_ && !separated_)
            fail(file_, n, "too many rows: the answer has " + to_string(size_.height) +
                               " rows per layer (separate alternatives by a blank line)");
        if (!open_) start(n);  // a later alternative without its own SIZE line
        on_row(n, text);
    }

    void start(int n) {
        cur_ = {entry_name(file_, static_cast<int>(out_.size()) + 1), n, size_.width,
                size_.height, size_.layers, {}, {}};
        cur_.grid.reserve(std::size_t(size_.width) * size_.height * size_.layers);
        open_ = true;
        rows_ = 0;
    }

    void on_layer(int n, std::string_view rest) {
        const int k = parse_count(file_, n, rest, "LAYER", kMaxNumber);
        if (!open_ && k == 1) start(n);
        if (open_ && rows_ % size_.height != 0) fail(file_, n, short_layer());
        const int expected = open_ ? rows_ / size_.height + 1 : 1;
        if (k != expected)
            fail(file_, n, "LAYER " + to_string(k) + " out of order: expected LAYER " +
                               to_string(expected) + " of " + to_string(size_.layers));
    }

    void on_row(int n, std::string_view text) {
        const auto entries = split_on(text, ',');
        if (entries.size() != std::size_t(size_.width))
            fail(file_, n, "row has " + to_string(entries.size()) + " entries, expected " +
                               to_string(size_.width));
        for (std::size_t i = 0; i < entries.size(); ++i) {
            std::string_view e = entries[i];
            if (e != "+" && !all_digits(e))
                fail(file_, n, "entry " + to_string(i + 1) + " '" + std::string(e) +
                                   "' is not a line number (0 or + for an empty cell)");
            while (e.size() > 1 && e.front() == '0') e.remove_prefix(1);  // "07" is line 7
            cur_.grid.emplace_back(e == "+" || e == "0" ? "" : e);
        }
        separated_ = false;
        if (++rows_ == size_.height * size_.layers) {
            out_.push_back(std::move(cur_));
            open_ = false;
        }
    }

    std::string short_layer() const {
        return "layer " + to_string(rows_ / size_.height + 1) + " has " +
               to_string(rows_ % size_.height) + " rows, expected " + to_string(size_.height);
    }
    std::string too_few_rows() const {
        return "too few rows: answer " + to_string(out_.size() + 1) + " (from line " +
               to_string(cur_.line) + ") has " + to_string(rows_) + " of " +
               to_string(size_.height * size_.layers);
    }

    const TextFile& file_;
    Size size_;
    SolutionText cur_;
    bool open_ = false, separated_ = true;
    int rows_ = 0;  // rows of the open answer, all layers
    std::vector<SolutionText> out_;
};

// ADC identifies lines by number: the label names when all are canonical positive integers
// (as our reader makes them), otherwise the label index + 1.
std::vector<std::string> line_numbers(const Puzzle& p) {
    const bool named = std::all_of(p.labels.begin(), p.labels.end(), [](const Label& l) {
        return all_digits(l.name) && l.name[0] != '0';
    });
    std::vector<std::string> numbers;
    for (std::size_t i = 0; i < p.labels.size(); ++i)
        numbers.push_back(named ? p.labels[i].name : to_string(i + 1));
    return numbers;
}

void write_size(std::ostream& out, const Puzzle& p, bool three_d) {
    out << "SIZE " << p.width << 'X' << p.height;
    if (three_d) out << 'X' << p.layers;
    out << '\n';
}

void write_cell(std::ostream& out, const Puzzle& p, CellId c, bool three_d) {
    Coord q = p.coord(c);
    out << '(' << q.x << ',' << q.y;
    if (three_d) out << ',' << q.z + 1;
    out << ')';
}

void write_problem(std::ostream& out, const Puzzle& p) {
    const bool three_d = p.layers > 1;
    const auto numbers = line_numbers(p);
    write_size(out, p, three_d);
    out << "LINE_NUM " << p.labels.size() << '\n';
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        write_cell(out << "LINE#" << numbers[l] << ' ', p, p.labels[l].ends[0], three_d);
        write_cell(out << (three_d ? " " : "-"), p, p.labels[l].ends[1], three_d);
        out << '\n';
    }
    for (const Via& v : p.vias) {
        // The name runs up to the first space or '(' when read back.
        if (v.name.empty() || std::any_of(v.name.begin(), v.name.end(),
                                          [](char c) { return is_space(c) || c == '('; }))
            throw ModelError("via name '" + v.name + "' cannot be written in the adc format");
        out << "VIA#" << v.name;
        for (CellId c : v.cells) write_cell(out << ' ', p, c, true);
        out << '\n';
    }
}

void write_answer(std::ostream& out, const Puzzle& p, const Solution& solution) {
    const bool three_d = p.layers > 1;
    const auto numbers = line_numbers(p);
    const auto grid = solution_grid(p, solution);
    write_size(out, p, three_d);
    for (int z = 0; z < p.layers; ++z) {
        if (three_d) out << "LAYER " << z + 1 << '\n';
        for (int y = 0; y < p.height; ++y) {
            for (int x = 0; x < p.width; ++x) {
                const int l = grid[p.cell(x, y, z)];
                std::string_view s = l == kNoLabel ? std::string_view("0") : numbers[l];
                out << (x ? "," : "") << (s.size() < 2 ? "0" : "") << s;  // the corpus pads to 2
            }
            out << '\n';
        }
    }
}

}  // namespace

void split_adc(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out) {
    // One problem per file: the reader itself finds where it starts.
    out.push_back({entry_name(file, 1), 1, [&file, rules] { return ProblemReader(file, rules).read(); }});
}

std::vector<SolutionText> read_adc_answers(const TextFile& file) {
    return AnswerReader(file).read();
}

void write_adc(std::ostream& out, const Puzzle& puzzle, const Solution* solution) {
    require_square_grid(puzzle, "adc");
    if (std::any_of(puzzle.blocked.begin(), puzzle.blocked.end(), [](auto b) { return b != 0; }))
        throw ModelError("the adc format cannot express blocked cells");
    if (solution)
        write_answer(out, puzzle, *solution);
    else
        write_problem(out, puzzle);
}

}  // namespace nl::detail
