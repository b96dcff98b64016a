// Reporting a puzzle that cannot be read; see batch_input.hpp.
#include "app/batch_input.hpp"

#include <iostream>

#include "app/cli.hpp"
#include "app/interrupt.hpp"
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

int finish_batch(Output& out, int code, std::size_t answered, std::size_t bad) {
    if (answered == 0 && bad > 0 && !interrupt_flag()) {
        out.discard();
        return kExitBadInput;
    }
    return out.finish(code, answered + bad);
}

std::string batch_size_text(const PuzzleStream& stream) {
    const long total = stream.count_all();
    return total >= 0 ? std::to_string(total) : "at least " + std::to_string(stream.known());
}

}  // namespace nl::app
