// DIMACS writer (format in dimacs.hpp).
//
// CNFs of big ADC boards hold millions of clauses, so the text is built in a fixed buffer with
// std::to_chars and handed to the stream in large blocks. Measured on ADC 2017 Q08 (70x70x8,
// 3.7 M variables, 15.4 M clauses, 422 MB): 0.7-0.9 s for the whole file this way, 3.7 s for the
// clauses alone with one ostream << per literal.
#include "encoder/dimacs.hpp"

#include <charconv>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <streambuf>

#include "encoder/parts.hpp"

namespace nl {

namespace {

class Writer {
   public:
    Writer(std::ostream& out, const std::function<void()>& poll) : out_(out), poll_(poll) {}
    ~Writer() { flush_quietly(); }
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    Writer& text(std::string_view s) {
        if (s.size() > kSize - used_) flush();
        if (s.size() > kSize) {
            out_.write(s.data(), static_cast<std::streamsize>(s.size()));
            return *this;
        }
        s.copy(buf_ + used_, s.size());
        used_ += s.size();
        return *this;
    }
    Writer& number(long long v) {
        if (kSize - used_ < 24) flush();
        used_ = static_cast<std::size_t>(std::to_chars(buf_ + used_, buf_ + kSize, v).ptr - buf_);
        return *this;
    }
    Writer& ch(char c) {
        if (used_ == kSize) flush();
        buf_[used_++] = c;
        return *this;
    }
    void flush() {
        out_.write(buf_, static_cast<std::streamsize>(used_));
        used_ = 0;
        if (poll_) poll_();
    }
    // Called by the destructor: no poll, which may throw.
    void flush_quietly() {
        out_.write(buf_, static_cast<std::streamsize>(used_));
        used_ = 0;
    }

   private:
    static constexpr std::size_t kSize = 1 << 16;
    std::ostream& out_;
    const std::function<void()>& poll_;
    char buf_[kSize];
    std::size_t used_ = 0;
};

void coords(Writer& w, const Puzzle& p, CellId c) {
    const Coord q = p.coord(c);
    w.ch(' ').number(q.x).ch(' ').number(q.y).ch(' ').number(q.z);
}

}  // namespace

std::string exactness_name(Exactness exactness) { return exactness == Exactness::Answer ? "answer" : "models"; }

std::optional<Exactness> exactness_from_name(std::string_view name) {
    if (name == "answer") return Exactness::Answer;
    if (name == "models") return Exactness::Models;
    return std::nullopt;
}

Encoding encode_exact(const Puzzle& puzzle, Rules rules, LabelCoding coding, Exactness exactness,
                      const std::function<void()>& poll) {
    EncodeOptions options;
    options.coding = coding;
    options.acyclic = exactness == Exactness::Models || rules.fill;
    return encode(puzzle, rules, options, poll);
}

std::optional<LabelCoding> label_coding_from_name(std::string_view name) {
    if (name == "auto") return LabelCoding::Auto;
    if (name == "onehot") return LabelCoding::OneHot;
    if (name == "binary") return LabelCoding::Binary;
    return std::nullopt;
}

std::string dimacs_escape(std::string_view name) {
    static const char* const kHex = "0123456789abcdef";
    std::string s;
    for (const char ch : name) {
        const auto b = static_cast<unsigned char>(ch);
        if (b > 0x20 && b < 0x7f && b != '\\') {
            s += ch;
        } else {
            s += "\\x";
            s += kHex[b >> 4];
            s += kHex[b & 15];
        }
    }
    if (s.empty()) s = "\\x";  // never happens for valid puzzles; keeps the field count fixed
    return s;
}

namespace {

// Everything before the clauses: comments and the problem line.
void write_header(Writer* w, const Puzzle& p, const Encoding& e) {
    const bool binary = e.coding == LabelCoding::Binary;
    const int per_cell = binary ? e.value_bits : static_cast<int>(p.labels.size());
    int cells = 0;
    for (int base : e.value_base) cells += base != 0;

    w->text("c numberlink dimacs ").number(kDimacsVersion).ch('\n');
    w->text("c numberlink puzzle ").text(dimacs_escape(p.name)).ch(' ').number(p.width).ch('x');
    w->number(p.height).ch('x').number(p.layers).ch('\n');
    w->text("c numberlink rules ").text(rules_name(e.rules)).ch('\n');
    w->text("c numberlink coding ").text(binary ? "binary " : "onehot ").number(per_cell).ch('\n');
    w->text("c numberlink exact ").text(e.acyclic ? "models" : "answer").ch('\n');
    w->text("c numberlink counts edges ").number(static_cast<long long>(e.edges.size()));
    w->text(" labels ").number(static_cast<long long>(p.labels.size())).text(" cells ").number(cells).ch('\n');
    if (e.uturn_guard) w->text("c numberlink guard uturn ").number(e.uturn_guard).ch('\n');
    if (e.fill_guard) w->text("c numberlink guard fill ").number(e.fill_guard).ch('\n');
    if (e.monotone_guard) w->text("c numberlink guard monotone ").number(e.monotone_guard).ch('\n');
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        const Label& label = p.labels[l];
        w->text("c numberlink label ").number(static_cast<long long>(l)).ch(' ').text(dimacs_escape(label.name));
        coords(*w, p, label.ends[0]);
        coords(*w, p, label.ends[1]);
        w->ch('\n');
    }
    for (const Edge& edge : e.edges) {
        w->text("c numberlink edge ").number(edge.var);
        coords(*w, p, edge.a);
        coords(*w, p, edge.b);
        w->ch('\n');
    }
    for (CellId c = 0; c < static_cast<CellId>(e.value_base.size()); ++c) {
        if (!e.value_base[c]) continue;
        // The vertical lane of a bridge (docs/variants.md) has its bridge's coordinates, so it
        // gets its own keyword: each position has at most one "cell" line.
        w->text(p.is_lane(c) ? "c numberlink lane" : "c numberlink cell");
        coords(*w, p, c);
        w->ch(' ').number(e.value_base[c]).ch('\n');
    }
    w->text("p cnf ").number(e.cnf.num_vars).ch(' ').number(static_cast<long long>(e.cnf.num_clauses)).ch('\n');
}

int digits(std::uint64_t v) {
    int n = 1;
    while (v >= 10) {
        v /= 10;
        ++n;
    }
    return n;
}

// Counts what is written and discards it.
class CountingBuffer : public std::streambuf {
   public:
    std::uint64_t count = 0;

   protected:
    std::streamsize xsputn(const char*, std::streamsize n) override {
        count += static_cast<std::uint64_t>(n);
        return n;
    }
    int_type overflow(int_type c) override {
        if (c != traits_type::eof()) ++count;
        return c;
    }
};

std::uint64_t header_bytes(const Puzzle& p, const Encoding& e) {
    CountingBuffer counter;
    {
        std::ostream sink(&counter);
        const std::function<void()> no_poll;
        auto w = std::make_unique<Writer>(sink, no_poll);
        write_header(w.get(), p, e);
    }
    return counter.count;
}

}  // namespace

std::uint64_t max_dimacs_bytes(const Puzzle& p, const Encoding& e) {
    static_assert(kMaxVars < 1'000'000'000, "9 digits");
    return header_bytes(p, e) + 11 * static_cast<std::uint64_t>(e.cnf.literals.size());
}

std::uint64_t dimacs_bytes(const Puzzle& p, const Encoding& e) {
    // Clauses: each literal and its sign, a space or newline after each (the 0 included).
    std::uint64_t bytes = header_bytes(p, e);
    for (const int lit : e.cnf.literals)
        bytes += static_cast<std::uint64_t>(digits(static_cast<std::uint64_t>(std::abs(static_cast<long long>(lit))))) +
                 (lit < 0) + 1;
    return bytes;
}

std::uint64_t min_dimacs_bytes(const Puzzle& p, LabelCoding coding) {
    std::uint64_t ends = 0;
    for (CellId c = 0; c < p.cell_count(); ++c) ends += p.neighbours(c).size();
    const std::uint64_t edges = ends / 2;
    if (!edges) return 0;
    // Every variable but the edges' is above E, so it takes at least d digits; a literal takes a
    // separator too, a 0 and its newline 2 bytes.
    const auto d = static_cast<std::uint64_t>(digits(edges + 1));
    // Labels: per edge and value variable two clauses of at least 3 + (d + 2) + (d + 1) + 2 bytes.
    const std::uint64_t pairs = min_cnf_literals(p, coding) / 8;
    std::uint64_t bytes = pairs * (4 * d + 16);
    // Acyclicity: per comparator, bit 0 has 7 literals above E and 3 zeros, each further bit 18
    // and 6.
    const encoder::ComparatorCount acyclic = encoder::count_acyclic_comparators(p);
    bytes += acyclic.comparators * (7 * (d + 1) + 6) + (acyclic.bits - acyclic.comparators) * (18 * (d + 1) + 12);
    return bytes;
}

void write_dimacs(std::ostream& out, const Puzzle& p, const Encoding& e, const std::function<void()>& poll) {
    auto w = std::make_unique<Writer>(out, poll);  // 64 KiB: keep it off the stack
    write_header(w.get(), p, e);
    bool line_start = true;
    for (const int lit : e.cnf.literals) {
        if (!line_start) w->ch(' ');
        w->number(lit);
        line_start = lit == 0;
        if (line_start) w->ch('\n');
    }
}

}  // namespace nl
