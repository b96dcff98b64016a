// numberlink: dispatch to a subcommand.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/manual.hpp"
#include "app/test_markers.hpp"
#include "frontend/did_you_mean.hpp"
#include "solver/base/background.hpp"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    const std::string first = argc > 1 ? argv[1] : "";
    if (first.empty() || first == "--help" || first == "--help-all" || first == "-h" || first == "help") {
        // Without arguments it is a usage error: help goes to stderr, stdout stays empty.
        nl::app::print_help(first.empty() ? std::cerr : std::cout);
        return first.empty() ? nl::app::kExitBadInput : nl::app::kExitOk;
    }
    if (first == "--man") {
        nl::app::print_man_page(std::cout);
        return nl::app::kExitOk;
    }
    if (first == "--bash-completion") {
        nl::app::print_bash_completion(std::cout);
        return nl::app::kExitOk;
    }
    if (first == "--version" || first == "-V") {
        std::cout << "numberlink " NUMBERLINK_VERSION "\n";
        return nl::app::kExitOk;
    }
    for (const auto& c : nl::app::kCommands)
        if (first == c.name) {
            const int code = c.run(nl::app::Args(argv + 2, argv + argc));
            if (code == nl::app::kExitInterrupted && nl::app::test_markers_enabled()) {
                char line[64];
                std::snprintf(line, sizeof line, "stopped %.3f s after the signal", nl::app::seconds_since_signal());
                nl::app::test_marker(line);
            }
            // A huge SAT solver still being freed, or finishing a call it was told to stop
            // (solver/base/background.hpp): the kernel frees its memory at once, so leave now.
            if (nl::background_busy()) {
                std::cout.flush();
                std::cerr.flush();
                std::fflush(nullptr);
                std::_Exit(code);
            }
            return code;
        }
    std::vector<std::string> names;
    for (const auto& c : nl::app::kCommands) names.push_back(c.name);
    std::cerr << "numberlink: unknown subcommand '" << first << "'" << nl::frontend::did_you_mean(first, names)
              << " (try --help)\n";
    return nl::app::kExitBadInput;
}
