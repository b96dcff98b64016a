// Subcommand help texts; see help_text.hpp.
#include "app/help_text.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace nl::app {

namespace po = boost::program_options;

namespace {

// Where a continued line starts: after the last run of two or more spaces that begins within
// the first 40 columns (the start of a table's last column), else after the leading spaces.
std::size_t continuation_indent(const std::string& line) {
    std::size_t indent = line.find_first_not_of(' ');
    if (indent == std::string::npos) return 0;
    for (std::size_t i = indent; i + 1 < line.size() && i < 40; ++i)
        if (line[i] == ' ' && line[i + 1] == ' ') {
            std::size_t j = line.find_first_not_of(' ', i);
            if (j == std::string::npos) break;
            indent = j;
            i = j;
        }
    return indent < kHelpWidth / 2 ? indent : 4;
}

void wrap_line(const std::string& line, std::string& out) {
    if (line.size() <= kHelpWidth) {
        out += line + "\n";
        return;
    }
    const std::string pad(continuation_indent(line), ' ');
    std::string rest = line;
    while (rest.size() > kHelpWidth) {
        std::size_t cut = rest.rfind(' ', kHelpWidth);
        if (cut == std::string::npos || cut <= pad.size()) cut = rest.find(' ', kHelpWidth);
        if (cut == std::string::npos) break;  // one word longer than the line: left whole
        out += rest.substr(0, cut) + "\n";
        const std::size_t next = rest.find_first_not_of(' ', cut);
        rest = next == std::string::npos ? "" : pad + rest.substr(next);
    }
    if (!rest.empty()) out += rest + "\n";
}

// The options of `desc` named in `names`, in that order.
po::options_description everyday_options(const po::options_description& desc, const std::vector<std::string>& names) {
    po::options_description shown("options", kHelpWidth);
    for (const std::string& name : names) {
        const po::option_description* option = desc.find_nothrow(name, false);
        if (!option) throw std::logic_error("help names an option the command does not have: --" + name);
        for (const auto& candidate : desc.options())
            if (candidate.get() == option) shown.add(candidate);
    }
    return shown;
}

}  // namespace

std::string wrap_help(const std::string& text) {
    std::string out, sentence;
    auto flush = [&] {
        if (!sentence.empty()) wrap_line(sentence, out);
        sentence.clear();
    };
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == ' ') {
            flush();
            if (line.empty())
                out += "\n";
            else
                wrap_line(line, out);
            continue;
        }
        sentence += (sentence.empty() ? "" : " ") + line;
        if (line.back() == '.' || line.back() == ':') flush();
    }
    flush();
    if (!out.empty()) out.pop_back();  // the caller ends the text
    return out;
}

void print_command_help(std::ostream& out, const CommandHelp& help, const po::options_description& desc, bool all) {
    out << wrap_help("usage: " + help.usage) << "\n\n";
    if (all) {
        out << wrap_help(help.details.empty() ? help.about : help.details) << "\n\n" << desc;
    } else {
        out << wrap_help(help.about) << "\n\n";
        std::vector<std::string> names = help.everyday;
        if (desc.find_nothrow("help-all", false) && std::find(names.begin(), names.end(), "help-all") == names.end())
            names.push_back("help-all");
        out << everyday_options(desc, names);
        const std::size_t more = desc.options().size() - names.size();
        if (more > 0)
            out << "(" << more << " more option" << (more == 1 ? "" : "s") << " under --help-all)\n";
    }
    if (!help.examples.empty()) {
        out << "\nexamples:\n";
        for (const std::string& example : help.examples) out << wrap_help("  " + example) << '\n';
    }
}

}  // namespace nl::app
