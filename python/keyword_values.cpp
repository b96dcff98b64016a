// Keyword arguments as option values; see keyword_values.hpp.
#include "python/keyword_values.hpp"

#include <cctype>

namespace nl::python {

namespace py = pybind11;

namespace {

std::string option_name(std::string keyword) {
    for (char& c : keyword)
        if (c == '_') c = '-';
    return keyword;
}

std::string type_name(const py::object& v) { return py::str(py::type::of(v).attr("__name__")); }

bool is_whole(const py::object& v) { return py::isinstance<py::int_>(v) && !py::isinstance<py::bool_>(v); }

bool is_number(const py::object& v) { return is_whole(v) || py::isinstance<py::float_>(v); }

std::string keyword_of(const char* name) {
    std::string keyword = name;
    for (char& c : keyword)
        if (c == '-') c = '_';
    return keyword;
}

}  // namespace

KeywordValues::KeywordValues(const py::kwargs& keywords, std::span<const frontend::OptionRow> rows,
                             const char* function) {
    for (const auto& [key, v] : keywords) {
        const std::string keyword = py::str(key);
        const frontend::OptionRow* row = frontend::find_option(rows, option_name(keyword));
        if (!row || !row->in(frontend::kPython) || row->keyword() != keyword)
            throw py::type_error(std::string(function) + "() got an unexpected keyword argument '" + keyword + "'");
        values_[row->name] = py::reinterpret_borrow<py::object>(v);
    }
}

const py::object* KeywordValues::value(const char* name) const {
    const auto at = values_.find(name);
    return at == values_.end() || at->second.is_none() ? nullptr : &at->second;
}

bool KeywordValues::given(const char* name) const { return value(name) != nullptr; }

bool KeywordValues::flag(const char* name) const {
    const py::object* v = value(name);
    if (!v) return false;
    if (!py::isinstance<py::bool_>(*v))
        throw py::type_error(keyword_of(name) + " takes True or False, not " + type_name(*v));
    return v->cast<bool>();
}

std::string KeywordValues::text(const char* name) const {
    const py::object& v = *value(name);
    if (py::isinstance<py::str>(v)) return v.cast<std::string>();
    if (is_number(v)) return py::str(v);
    throw py::type_error(keyword_of(name) + " takes a str, not " + type_name(v));
}

double KeywordValues::number(const char* name) const {
    const py::object& v = *value(name);
    if (!is_number(v)) throw py::type_error(keyword_of(name) + " takes a number, not " + type_name(v));
    return v.cast<double>();
}

long long KeywordValues::integer(const char* name, long long least, long long most) const {
    const py::object& v = *value(name);
    if (!is_whole(v)) throw py::type_error(keyword_of(name) + " takes an int, not " + type_name(v));
    long long n = 0;
    try {
        n = v.cast<long long>();
    } catch (const py::cast_error&) {
        throw py::value_error(keyword_of(name) + " is out of range");
    }
    if (n < least || n > most) throw py::value_error(keyword_of(name) + " is out of range");
    return n;
}

std::uint64_t KeywordValues::unsigned_integer(const char* name) const {
    const py::object& v = *value(name);
    if (!is_whole(v)) throw py::type_error(keyword_of(name) + " takes an int, not " + type_name(v));
    try {
        return v.cast<std::uint64_t>();
    } catch (const py::cast_error&) {
        throw py::value_error(keyword_of(name) + " takes a whole number from 0 to 2**64 - 1");
    }
}

std::string keyword_message(const std::string& message) {
    std::string out;
    for (std::size_t i = 0; i < message.size(); ++i) {
        const bool option = message.compare(i, 2, "--") == 0 && i + 2 < message.size() &&
                            std::islower(static_cast<unsigned char>(message[i + 2]));
        if (!option) {
            out += message[i];
            continue;
        }
        i += 2;
        for (; i < message.size() && (std::islower(static_cast<unsigned char>(message[i])) || message[i] == '-'); ++i)
            out += message[i] == '-' ? '_' : message[i];
        --i;
    }
    return out;
}

std::string keyword_help(std::span<const frontend::OptionRow> rows) {
    std::string out;
    for (const frontend::OptionRow& row : rows) {
        if (!row.in(frontend::kPython)) continue;
        out += "  " + row.keyword() + "=";
        if (row.kind == frontend::OptionKind::Switch) out += "False";
        else if (row.fallback.empty()) out += "None";
        else if (row.kind == frontend::OptionKind::Choice || row.kind == frontend::OptionKind::Text)
            out += "'" + row.fallback + "'";
        else out += row.fallback;
        out += ": " + row.help + "\n";
    }
    return out;
}

}  // namespace nl::python
