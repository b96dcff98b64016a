// The manual page (roff) and the bash completion script, generated from the same options
// tables that print each subcommand's --help, so that neither can drift from the program:
// `numberlink --man` and `numberlink --bash-completion` (the build writes both and
// `cmake --install` installs them).
#pragma once

#include <ostream>

namespace nl::app {

// The top-level help (main.cpp's), shared with the manual's synopsis.
void print_help(std::ostream& out);

void print_man_page(std::ostream& out);
void print_bash_completion(std::ostream& out);

}  // namespace nl::app
