// A Python call's keyword arguments as option values (frontend/option_values.hpp), so that
// `numberlink.solve(puzzle, labels="binary", dfs_nodes=0)` is read and checked by the readers and
// option rows (frontend/option_table.hpp) the command line and the server use. A keyword is a
// row's name with '_' for '-'; only rows marked for Python are keywords.
#pragma once

#include <map>
#include <span>
#include <string>

#include <pybind11/pybind11.h>

#include "frontend/option_table.hpp"
#include "frontend/option_values.hpp"
#include "frontend/usage_error.hpp"

namespace nl::python {

class KeywordValues : public frontend::OptionValues {
   public:
    // TypeError, as Python words it, for a keyword that is not one of `rows` for Python.
    KeywordValues(const pybind11::kwargs& keywords, std::span<const frontend::OptionRow> rows, const char* function);

    bool given(const char* name) const override;
    bool defaulted(const char*) const override { return false; }
    bool flag(const char* name) const override;
    std::string text(const char* name) const override;
    double number(const char* name) const override;
    long long integer(const char* name, long long least, long long most) const override;
    std::uint64_t unsigned_integer(const char* name) const override;

   private:
    const pybind11::object* value(const char* name) const;  // null when not given or None
    std::map<std::string, pybind11::object> values_;       // by option name ("dfs-nodes")
};

// A reader's message with "--NAME" written as the keyword NAME.
std::string keyword_message(const std::string& message);

// Runs `read` and turns the readers' UsageError into ValueError, with the options named as
// keywords ("--dfs-nodes must be at least 0" as "dfs_nodes must be at least 0").
template <class Read>
auto reading_keywords(Read read) {
    try {
        return read();
    } catch (const frontend::UsageError& e) {
        throw pybind11::value_error(keyword_message(e.what()));
    }
}

// The keywords of `rows` for Python, one per line with its default and help, for docstrings.
std::string keyword_help(std::span<const frontend::OptionRow> rows);

}  // namespace nl::python
