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

int run_batch_inline(PuzzleStream& stream, Output& out, Format format,
                     const std::function<void(const PuzzleEntry&)>& each) {
    const std::atomic<bool>& stop = interrupt_flag();
    std::size_t answered = 0, bad = 0;
    while (!stop) {
        const auto item = stream.next();
        if (!item) break;
        if (!item->entry) {
            ++bad;
            print_input_error(out.stream(), item->name, *item->error, format, false);
            continue;
        }
        each(*item->entry);
        ++answered;
    }
    // Interrupted: -o holds the puzzles written so far, or no file when none was.
    return finish_batch(out, bad ? kExitBadInput : kExitOk, answered, bad);
}

std::function<std::optional<StreamedPuzzle>()> next_with_progress(PuzzleStream& stream, Progress& progress) {
    return [&stream, &progress] {
        auto item = stream.next();
        if (stream.all_files_opened()) progress.set_total(stream.known());
        return item;
    };
}

std::string batch_size_text(const PuzzleStream& stream) {
    const long total = stream.count_all();
    return total >= 0 ? std::to_string(total) : "at least " + std::to_string(stream.known());
}

}  // namespace nl::app
