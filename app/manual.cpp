// numberlink --man, numberlink --bash-completion: see manual.hpp.
#include "app/manual.hpp"

#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/commands.hpp"

namespace nl::app {

namespace {

// A subcommand's whole help, as `numberlink SUBCOMMAND --help-all` prints it: each command
// builds its options table and prints it in its own run function, so the text is captured there.
std::string help_of(const Command& c) {
    std::ostringstream text;
    std::streambuf* const saved = std::cout.rdbuf(text.rdbuf());
    try {
        c.run(Args{"--help-all"});
    } catch (...) {
        std::cout.rdbuf(saved);
        throw;
    }
    std::cout.rdbuf(saved);
    return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// roff: a backslash is an escape, and a line starting with '.' or '\'' is a request.
std::string roff(const std::string& line) {
    std::string out;
    if (!line.empty() && (line[0] == '.' || line[0] == '\'')) out += "\\&";
    for (char ch : line) {
        if (ch == '\\')
            out += "\\e";
        else if (ch == '-')
            out += "\\-";  // a real minus sign: options stay searchable and copyable
        else
            out += ch;
    }
    return out;
}

// The option names on the lines of an options table: "  --max N   ..." and
// "  -j [ --jobs ] N   ..." give --max, -j and --jobs.
std::vector<std::string> options_in(const std::string& help) {
    std::vector<std::string> names;
    for (const std::string& line : lines_of(help)) {
        if (line.rfind("  -", 0) != 0) continue;
        std::istringstream words(line);
        for (std::string w; words >> w;) {
            if (w == "[" || w == "]") continue;
            if (w.size() < 2 || w[0] != '-') break;  // the option's argument or its description
            names.push_back(w);
        }
    }
    return names;
}

}  // namespace

void print_help(std::ostream& out) {
    out << "numberlink " NUMBERLINK_VERSION
           " - exact Numberlink / Flow Free toolkit\n\n"
           "usage: numberlink SUBCOMMAND [options] FILE...\n\nsubcommands:\n";
    for (const auto& c : kCommands)
        out << "  " << c.name << std::string(10 - std::string(c.name).size(), ' ') << c.summary << '\n';
    out << "\n'numberlink SUBCOMMAND --help' shows its everyday options and examples,\n"
           "--help-all every option; 'numberlink --man' prints the manual page (roff),\n"
           "'numberlink --bash-completion' a bash completion script.\n"
           "exit codes: 0 success, 1 a negative answer, 2 bad input or usage, 70 internal\n"
           "error, 130 interrupted\n\n"
           "A puzzle is a text file, a row per line: a letter for each end of a path, '.'\n"
           "for an empty cell, '#' for a blocked one. For example:\n"
           "  printf 'R...G\\n.....\\n.Y...\\n..B..\\nB.YRG\\n' > mine.txt\n"
           "  numberlink solve mine.txt\n";
}

void print_man_page(std::ostream& out) {
    out << ".TH NUMBERLINK 1 \"\" \"numberlink " NUMBERLINK_VERSION "\" \"User Commands\"\n"
        << ".SH NAME\nnumberlink \\- exact Numberlink / Flow Free toolkit\n"
        << ".SH SYNOPSIS\n.B numberlink\n.I SUBCOMMAND\n[options]\n.IR FILE ...\n"
        << ".SH DESCRIPTION\n"
        << "numberlink solves Numberlink and Flow Free puzzles exactly: every answer passes an "
           "independent checker, every negative verdict comes from an exact method. A FILE may "
           "hold many puzzles; \\- is standard input.\n"
        << ".SH SUBCOMMANDS\n";
    for (const auto& c : kCommands) {
        out << ".SS " << c.name << "\n" << roff(c.summary) << ".\n.PP\n.nf\n";
        for (const std::string& line : lines_of(help_of(c))) out << roff(line) << '\n';
        out << ".fi\n";
    }
    out << ".SH EXIT STATUS\n"
        << ".TP\n0\nsuccess\n.TP\n1\na negative answer (unsolvable, invalid, a limit reached)\n"
        << ".TP\n2\nbad input or usage\n.TP\n70\ninternal error\n.TP\n130\ninterrupted\n"
        << ".SH SEE ALSO\nThe README and docs/ of the numberlink sources.\n";
}

void print_bash_completion(std::ostream& out) {
    out << "# bash completion for numberlink " NUMBERLINK_VERSION " (numberlink --bash-completion)\n"
        << "_numberlink() {\n"
        << "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
        << "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
        << "        COMPREPLY=($(compgen -W '";
    for (const auto& c : kCommands) out << c.name << ' ';
    out << "--help --version' -- \"$cur\"))\n"
        << "        return\n"
        << "    fi\n"
        << "    case $prev in\n"
        << "        --rules) COMPREPLY=($(compgen -W 'flow nikoli adc strict' -- \"$cur\")); return ;;\n"
        << "        --color) COMPREPLY=($(compgen -W 'auto always never' -- \"$cur\")); return ;;\n"
        << "    esac\n"
        << "    local options\n"
        << "    case ${COMP_WORDS[1]} in\n";
    for (const auto& c : kCommands) {
        std::set<std::string> seen;
        out << "        " << c.name << ") options='";
        for (const std::string& name : options_in(help_of(c)))
            if (seen.insert(name).second) out << name << ' ';
        out << "' ;;\n";
    }
    out << "        *) options='' ;;\n"
        << "    esac\n"
        << "    if [[ $cur == -* ]]; then\n"
        << "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
        << "    else\n"
        << "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        << "    fi\n"
        << "}\n"
        << "complete -o filenames -F _numberlink numberlink\n";
}

}  // namespace nl::app
