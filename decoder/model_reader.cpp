// Reading SAT solver answers (formats in model_reader.hpp).
//
// The answer is read line by line from a stream rather than loaded whole: a model of a big ADC
// board is tens of megabytes on one line, and only the values need to be kept.
#include "decoder/model_reader.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string_view>

#include "core/errors.hpp"

namespace nl {

namespace {

enum class Kind { None, Competition, Minisat };

bool blank(char c) { return c == ' ' || c == '\t' || c == '\f'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && (blank(s.back()) || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// `word` followed by nothing or a blank: "c", "c comment" but not "cnf".
bool starts_word(std::string_view line, std::string_view word) {
    return line.starts_with(word) && (line.size() == word.size() || blank(line[word.size()]));
}

class Parser {
   public:
    Parser(const std::string& name, int max_var) : name_(name), max_var_(max_var ? max_var : kMaxModelVariable) {}

    void line(std::string_view raw) {
        ++line_;
        for (const char ch : raw) {
            const auto b = static_cast<unsigned char>(ch);
            if ((b < 0x20 && ch != '\t' && ch != '\r' && ch != '\f') || b == 0x7f)
                fail("binary data, not a SAT solver answer");
        }
        const std::string_view s = trim(raw);
        if (s.empty()) return;
        switch (kind_) {
            case Kind::None: first(s); break;
            case Kind::Competition: competition(s); break;
            case Kind::Minisat: minisat(s); break;
        }
    }

    Model finish() {
        if (kind_ == Kind::None)
            throw InputError(name_, 0, "no status line: not a SAT solver answer (expected 's SATISFIABLE' or 'SAT')");
        if (model_.status == ModelStatus::Sat && !ended_)
            throw InputError(name_, line_, "the model does not end with 0 (truncated answer?)");
        return std::move(model_);
    }

   private:
    [[noreturn]] void fail(const std::string& message) const { throw InputError(name_, line_, message); }

    void first(std::string_view s) {
        if (starts_word(s, "c")) return;
        if (s == "SAT" || s == "UNSAT" || s == "INDET") {
            kind_ = Kind::Minisat;
            model_.status = s == "SAT" ? ModelStatus::Sat : s == "UNSAT" ? ModelStatus::Unsat : ModelStatus::Unknown;
            return;
        }
        if (starts_word(s, "s")) {
            kind_ = Kind::Competition;
            return status(s);
        }
        if (starts_word(s, "v")) fail("'v' line before the status line 's ...'");
        fail("not a SAT solver answer: expected 's SATISFIABLE' (SAT competition) or SAT / UNSAT / INDET (MiniSat)");
    }

    void status(std::string_view s) {
        const std::string_view word = trim(s.substr(1));
        if (word == "SATISFIABLE") model_.status = ModelStatus::Sat;
        else if (word == "UNSATISFIABLE") model_.status = ModelStatus::Unsat;
        else if (word == "UNKNOWN" || word == "INDETERMINATE") model_.status = ModelStatus::Unknown;
        else fail("unknown status '" + std::string(word) + "' (SATISFIABLE, UNSATISFIABLE or UNKNOWN)");
    }

    void competition(std::string_view s) {
        if (starts_word(s, "c")) return;
        if (starts_word(s, "s")) fail("a second status line");
        if (!starts_word(s, "v")) fail("unexpected line: expected 'c', 's' or 'v'");
        if (model_.status != ModelStatus::Sat) fail("'v' line in an answer that is not SATISFIABLE");
        literals(s.substr(1));
    }

    void minisat(std::string_view s) {
        if (model_.status != ModelStatus::Sat) fail("unexpected text after the status line");
        literals(s);
    }

    void literals(std::string_view s) {
        std::size_t i = 0;
        while (true) {
            while (i < s.size() && blank(s[i])) ++i;
            if (i == s.size()) return;
            std::size_t j = i;
            while (j < s.size() && !blank(s[j])) ++j;
            const std::string_view token = s.substr(i, j - i);
            i = j;
            long long lit = 0;
            const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), lit);
            if (ec != std::errc() || end != token.data() + token.size())
                fail("bad literal '" + std::string(token) + "'");
            if (ended_) fail("literals after the final 0");
            if (lit == 0) {
                ended_ = true;
                continue;
            }
            // Negated as unsigned: -lit overflows for -9223372036854775808.
            const unsigned long long var = lit < 0 ? 0ull - static_cast<unsigned long long>(lit) : lit;
            if (var > static_cast<unsigned long long>(max_var_))
                fail("variable " + std::to_string(var) + " is beyond the " + std::to_string(max_var_) +
                     " variables " + (max_var_ == kMaxModelVariable ? "allowed" : "of the CNF"));
            const int v = static_cast<int>(var);
            if (v > model_.max_var()) model_.values.resize(static_cast<std::size_t>(v) + 1, -1);
            const signed char value = lit > 0 ? 1 : 0;
            if (model_.values[v] >= 0 && model_.values[v] != value)
                fail("variable " + std::to_string(v) + " is given both values");
            model_.values[v] = value;
        }
    }

    const std::string& name_;
    const long long max_var_;
    Kind kind_ = Kind::None;
    bool ended_ = false;
    int line_ = 0;
    Model model_;
};

}  // namespace

Model read_model(std::istream& in, const std::string& name, int max_var) {
    Parser parser(name, max_var);
    for (std::string line; std::getline(in, line);) parser.line(line);
    if (in.bad()) throw InputError(name, 0, "read error");
    return parser.finish();
}

Model read_model(const std::string& path, int max_var) {
    if (path == "-") return read_model(std::cin, "<stdin>", max_var);
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, 0, "is a directory, not a SAT solver answer");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    return read_model(in, path, max_var);
}

std::optional<ModelMismatch> model_mismatch(const Model& m, const Cnf& cnf) {
    ModelMismatch why;
    for (int v = 1; v <= cnf.num_vars; ++v)
        if (!m.assigned(v) && !why.unassigned++) why.first_unassigned = v;
    if (why.unassigned) return why;
    std::size_t clause = 1;
    bool satisfied = false;
    for (const int lit : cnf.literals) {
        if (lit != 0) {
            satisfied |= m.value(lit > 0 ? lit : -lit) == (lit > 0);
            continue;
        }
        if (!satisfied) {
            why.falsified_clause = clause;
            return why;
        }
        satisfied = false;
        ++clause;
    }
    return std::nullopt;
}

}  // namespace nl
