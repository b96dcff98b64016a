// DIMACS writer (format in dimacs.hpp).
//
// CNFs of big ADC boards hold millions of clauses, so the text is built in a fixed buffer with
// std::to_chars and handed to the stream in large blocks. Measured on ADC 2017 Q08 (70x70x8,
// 3.7 M variables, 15.4 M clauses, 422 MB): 0.7-0.9 s for the whole file this way, 3.7 s for the
// clauses alone with one ostream << per literal.
#include "encoder/dimacs.hpp"

#include <charconv>
#include <memory>
#include <ostream>

namespace nl {

namespace {

class Writer {
   public:
    explicit Writer(std::ostream& out) : out_(out) {}
    ~Writer() { flush(); }
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
    }

   private:
    static constexpr std::size_t kSize = 1 << 16;
    std::ostream& out_;
    char buf_[kSize];
    std::size_t used_ = 0;
};

void coords(Writer& w, const Puzzle& p, CellId c) {
    const Coord q = p.coord(c);
    w.ch(' ').number(q.x).ch(' ').number(q.y).ch(' ').number(q.z);
}

}  // namespace

Encoding encode_exact(const Puzzle& puzzle, Rules rules, LabelCoding coding) {
    EncodeOptions options;
    options.coding = coding;
    options.acyclic = true;
    return encode(puzzle, rules, options);
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

void write_dimacs(std::ostream& out, const Puzzle& p, const Encoding& e) {
    const bool binary = e.coding == LabelCoding::Binary;
    const int per_cell = binary ? e.value_bits : static_cast<int>(p.labels.size());
    int cells = 0;
    for (int base : e.value_base) cells += base != 0;

    auto w = std::make_unique<Writer>(out);  // 64 KiB: keep it off the stack
    w->text("c numberlink dimacs ").number(kDimacsVersion).ch('\n');
    w->text("c numberlink puzzle ").text(dimacs_escape(p.name)).ch(' ').number(p.width).ch('x');
    w->number(p.height).ch('x').number(p.layers).ch('\n');
    w->text("c numberlink rules ").text(rules_name(e.rules)).ch('\n');
    w->text("c numberlink coding ").text(binary ? "binary " : "onehot ").number(per_cell).ch('\n');
    w->text("c numberlink counts edges ").number(static_cast<long long>(e.edges.size()));
    w->text(" labels ").number(static_cast<long long>(p.labels.size())).text(" cells ").number(cells).ch('\n');
    if (e.uturn_guard) w->text("c numberlink guard uturn ").number(e.uturn_guard).ch('\n');
    if (e.fill_guard) w->text("c numberlink guard fill ").number(e.fill_guard).ch('\n');
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
        w->text("c numberlink cell");
        coords(*w, p, c);
        w->ch(' ').number(e.value_base[c]).ch('\n');
    }
    w->text("p cnf ").number(e.cnf.num_vars).ch(' ').number(static_cast<long long>(e.cnf.num_clauses)).ch('\n');
    bool line_start = true;
    for (const int lit : e.cnf.literals) {
        if (!line_start) w->ch(' ');
        w->number(lit);
        line_start = lit == 0;
        if (line_start) w->ch('\n');
    }
}

}  // namespace nl
