// Shared command-line machinery; see cli.hpp.
#include "app/cli.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/interrupt.hpp"
#include "frontend/png_loader.hpp"
#include "core/errors.hpp"

namespace nl::app {

namespace {

struct OptionSpec {
    const char* name;   // Boost spelling: "long,s"
    const char* value;  // value name for help, nullptr for a switch
    const char* help;
};

// Built from the one list of format names (core/formats.hpp), so the help cannot drift from it.
const std::string kInputFormatHelp = "input format: " + help_list(kReadFormatNames) + " (default: detect)";

// The one table of common options. Subcommands pick rows by their long name.
const OptionSpec kCommonOptions[] = {
    {"rules", "PRESET", "rules: flow|nikoli|adc|strict (default: the input format's own)"},
    {"format", "FORMAT", kInputFormatHelp.c_str()},
    {"output", "FORMAT", "output format (see the subcommand's help)"},
    {"color", "WHEN", "colour in grid output: auto|always|never (auto: only on a terminal)"},
    {"progress", "WHEN", "progress line on stderr: auto|always|never (auto: only when stderr is a terminal)"},
    {"max-memory", "MB", "memory the process may use: a puzzle that needs more ends with status limit (encode: "
                         "is refused); default 3/4 of the machine's or container's memory, 0: no cap"},
    {"output-file,o", "FILE", "write output to FILE (atomically) instead of standard output"},
    {"quiet,q", nullptr, "print only the summary"},
    {"help,h", nullptr, "show this help"},
};

std::string long_name(const char* spelling) {
    std::string s = spelling;
    return s.substr(0, s.find(','));
}

}  // namespace

std::string help_list(std::string_view names) {
    std::string out;
    for (const char c : names) out += c == '|' ? std::string(", ") : std::string(1, c);
    return out;
}

void add_common_options(po::options_description& desc, const std::vector<std::string>& names) {
    for (const std::string& want : names) {
        bool found = false;
        for (const OptionSpec& o : kCommonOptions) {
            if (long_name(o.name) != want) continue;
            found = true;
            if (o.value)
                desc.add_options()(o.name, po::value<std::string>()->value_name(o.value), o.help);
            else
                desc.add_options()(o.name, o.help);
        }
        if (!found) throw std::logic_error("no common option " + want);
    }
}

std::optional<Parsed> parse_command(const std::vector<std::string>& args, const std::string& usage,
                                    const std::string& about, po::options_description& desc,
                                    int min_files, int max_files) {
    po::options_description hidden;
    hidden.add_options()("files", po::value<std::vector<std::string>>(), "input files");
    po::options_description all;
    all.add(desc).add(hidden);
    po::positional_options_description positional;
    positional.add("files", -1);
    Parsed parsed;
    try {
        po::store(po::command_line_parser(args).options(all).positional(positional).run(), parsed.vm);
        po::notify(parsed.vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    if (parsed.vm.count("help")) {
        std::cout << "usage: " << usage << "\n\n" << about << "\n\n" << desc << '\n';
        return std::nullopt;
    }
    if (parsed.vm.count("files")) parsed.files = parsed.vm["files"].as<std::vector<std::string>>();
    const int n = static_cast<int>(parsed.files.size());
    if (n < min_files) throw UsageError("missing FILE argument (usage: " + usage + ")");
    if (n > max_files) throw UsageError("too many arguments (usage: " + usage + ")");
    return parsed;
}

bool CommandLineValues::given(const char* name) const { return vm_.count(name) > 0; }

bool CommandLineValues::defaulted(const char* name) const { return vm_.count(name) && vm_[name].defaulted(); }

bool CommandLineValues::flag(const char* name) const { return vm_.count(name) > 0; }

std::string CommandLineValues::text(const char* name) const { return vm_[name].as<std::string>(); }

double CommandLineValues::number(const char* name) const { return vm_[name].as<double>(); }

// Boost has checked the value against the option's type, the range `integer` is given for.
long long CommandLineValues::integer(const char* name, long long, long long) const {
    const boost::any& value = vm_[name].value();
    if (const int* v = boost::any_cast<int>(&value)) return *v;
    return boost::any_cast<long>(value);
}

std::uint64_t CommandLineValues::unsigned_integer(const char* name) const { return vm_[name].as<std::uint64_t>(); }

std::optional<Format> read_format_option(const po::variables_map& vm, const char* name) {
    return read_format(CommandLineValues(vm), name);
}

std::optional<Rules> read_rules_option(const po::variables_map& vm) { return read_rules(CommandLineValues(vm)); }

Format read_output_option(const po::variables_map& vm, Format fallback) {
    if (!vm.count("output")) return fallback;
    const auto& value = vm["output"].as<std::string>();
    auto format = format_from_name(value);
    if (!format)
        throw UsageError("unknown output format '" + value + "' (" + std::string(kWriteFormatNames) + ")");
    return *format;
}

namespace {

// auto|always|never options (--color, --progress): the decision for `auto` is `when_auto`, made
// only for a real terminal (TERM=dumb counts as none).
bool read_when_option(const po::variables_map& vm, const char* name, bool when_auto) {
    const std::string mode = vm.count(name) ? vm[name].as<std::string>() : "auto";
    if (mode == "always") return true;
    if (mode == "never") return false;
    if (mode != "auto") {
        std::string message = "--";
        message += name;
        message += " takes auto, always or never, not '" + mode + "'";
        throw UsageError(message);
    }
    const char* term = std::getenv("TERM");
    return when_auto && !(term && std::string(term) == "dumb");
}

}  // namespace

bool read_color_option(const po::variables_map& vm, bool to_terminal) {
    return read_when_option(vm, "color", to_terminal && !std::getenv("NO_COLOR"));
}

std::size_t read_max_memory_option(const po::variables_map& vm) { return read_max_memory(CommandLineValues(vm)); }

bool read_progress_option(const po::variables_map& vm, long total) {
    return read_when_option(vm, "progress", total > 1 && isatty(STDERR_FILENO));
}

const PuzzleEntry& pick_puzzle(const std::vector<PuzzleEntry>& entries, const std::string& file,
                               const po::variables_map& vm) {
    const int count = static_cast<int>(entries.size());
    if (!vm.count("index")) {
        if (count > 1)
            throw UsageError(file + " holds " + std::to_string(count) + " puzzles: pick one with --index N (1.." +
                             std::to_string(count) + ")");
        return entries.at(0);
    }
    const int index = vm["index"].as<int>();
    if (index < 1 || index > count)
        throw UsageError("--index " + std::to_string(index) + ": " + file + " holds " + std::to_string(count) +
                         (count == 1 ? " puzzle" : " puzzles"));
    return entries[index - 1];
}

namespace {

// The message and exit code of the exception being handled (call inside a catch block).
int report_current_exception() {
    try {
        throw;
    } catch (const UsageError& e) {
        std::cerr << "numberlink: " << e.what() << "\n(try --help)\n";
        return kExitBadInput;
    } catch (const InputError& e) {
        std::cerr << e.what() << '\n';
        return kExitBadInput;
    } catch (const ModelError& e) {
        std::cerr << "numberlink: " << e.what() << '\n';
        return kExitBadInput;
    } catch (const InternalError& e) {
        std::cerr << "numberlink: internal error: " << e.what() << '\n';
        return kExitInternal;
    } catch (const ModuleMissing& e) {
        std::cerr << "numberlink: " << e.what() << '\n';
        return kExitInternal;
    } catch (const std::bad_alloc&) {
        std::cerr << "numberlink: out of memory\n";
        return kExitInternal;
    } catch (const std::exception& e) {
        std::cerr << "numberlink: internal error: " << e.what() << '\n';
        return kExitInternal;
    }
}

}  // namespace

int run_guarded(const std::function<int()>& body) {
    try {
        return body();
    } catch (const std::exception& e) {
        // After Ctrl-C or SIGTERM, an error it caused (a write to a FIFO cut short, "Interrupted
        // system call") is the interruption, not bad input: exit 130 as every interrupted command.
        // An internal error stays one.
        if (seconds_since_signal() < 0 || dynamic_cast<const InternalError*>(&e)) return report_current_exception();
        std::cerr << "numberlink: interrupted: " << e.what() << '\n';
        return kExitInterrupted;
    }
}

void write_separator(std::ostream& out, Format format, bool first) {
    if (!first && format != Format::Json && format != Format::Levelpack) out << '\n';
}

}  // namespace nl::app
