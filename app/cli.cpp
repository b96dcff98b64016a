// Shared command-line machinery; see cli.hpp.
#include "app/cli.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/interrupt.hpp"
#include "frontend/did_you_mean.hpp"
#include "frontend/png_loader.hpp"
#include "core/errors.hpp"

namespace nl::app {

void add_table_options(po::options_description& desc, std::span<const frontend::OptionRow> rows) {
    using frontend::OptionKind;
    for (const frontend::OptionRow& row : rows) {
        const std::string spelling = row.short_name ? row.name + "," + row.short_name : row.name;
        const bool fallback = !row.fallback.empty();
        const char* help = row.help.c_str();
        switch (row.kind) {
            case OptionKind::Switch:
                desc.add_options()(spelling.c_str(), help);
                break;
            case OptionKind::Text:
            case OptionKind::Choice: {
                auto* value = po::value<std::string>()->value_name(row.value_name);
                desc.add_options()(spelling.c_str(), fallback ? value->default_value(row.fallback) : value, help);
                break;
            }
            case OptionKind::Number: {
                auto* value = po::value<double>()->value_name(row.value_name);
                desc.add_options()(spelling.c_str(), fallback ? value->default_value(std::stod(row.fallback)) : value,
                                   help);
                break;
            }
            case OptionKind::Whole: {
                auto* value = po::value<long long>()->value_name(row.value_name);
                desc.add_options()(spelling.c_str(), fallback ? value->default_value(std::stoll(row.fallback)) : value,
                                   help);
                break;
            }
            case OptionKind::Unsigned: {
                auto* value = po::value<std::uint64_t>()->value_name(row.value_name);
                desc.add_options()(spelling.c_str(),
                                   fallback ? value->default_value(std::stoull(row.fallback)) : value, help);
                break;
            }
        }
    }
}

void add_common_options(po::options_description& desc, const std::vector<std::string>& names) {
    std::vector<frontend::OptionRow> rows;
    for (const std::string& name : names) rows.push_back(frontend::common_option(name));
    add_table_options(desc, rows);
}

std::optional<Parsed> parse_command(const std::vector<std::string>& args, const CommandHelp& help,
                                    po::options_description& desc, int min_files, int max_files) {
    desc.add_options()("help-all", "every option, and the details");
    const std::string& usage = help.usage;
    po::options_description hidden;
    hidden.add_options()("files", po::value<std::vector<std::string>>(), "input files");
    po::options_description all;
    all.add(desc).add(hidden);
    po::positional_options_description positional;
    positional.add("files", -1);
    Parsed parsed;
    try {
        // No abbreviations: "--output json" would otherwise be taken as "--output-file json" by
        // the subcommands without --output, and write a file named json. A start of a name
        // gets "did you mean" instead.
        const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
        po::store(po::command_line_parser(args).options(all).positional(positional).style(style).run(), parsed.vm);
        po::notify(parsed.vm);
    } catch (const po::unknown_option& e) {
        std::vector<std::string> names;
        for (const auto& option : desc.options()) names.push_back("--" + option->long_name());
        throw UsageError(e.what() + frontend::did_you_mean(e.get_option_name(), names));
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    if (parsed.vm.count("help") || parsed.vm.count("help-all")) {
        print_command_help(std::cout, help, desc, parsed.vm.count("help-all") > 0);
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
    if (const long long* v = boost::any_cast<long long>(&value)) return *v;
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

bool read_progress_option(const po::variables_map& vm) {
    return read_when_option(vm, "progress", isatty(STDERR_FILENO));
}

double progress_delay(const po::variables_map& vm, long total) {
    constexpr double kSinglePuzzleDelay = 1.0;
    const bool forced = vm.count("progress") && vm["progress"].as<std::string>() == "always";
    return total == 1 && !forced ? kSinglePuzzleDelay : 0;
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
    // One line a puzzle (puzzlink URLs) or self-delimiting records need no blank line between.
    if (!first && format != Format::Json && format != Format::Levelpack && format != Format::Puzzlink) out << '\n';
}

}  // namespace nl::app
