// Reporting a puzzle that cannot be read; see batch_input.hpp.
#include "app/batch_input.hpp"

#include <iostream>

#include "core/json.hpp"

namespace nl::app {

void print_input_error(std::ostream& out, const std::string& name, const InputError& error, Format format,
                       bool quiet) {
    std::cerr << error.what() << '\n';
    if (format == Format::Json) {
        nlohmann::ordered_json record;
        record["name"] = name;
        record["status"] = "error";
        record["error"] = error.message;
        record["file"] = error.file;
        record["line"] = error.line;
        out << json_line(record) << '\n';
    } else if (quiet) {
        out << name << " error 0.000 0 0 -\n";
    }
}

std::string batch_size_text(const PuzzleStream& stream) {
    const std::string n = std::to_string(stream.known());
    return stream.all_files_opened() ? n : "at least " + n;
}

}  // namespace nl::app
