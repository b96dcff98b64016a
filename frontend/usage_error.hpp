// A value the options do not take, or a combination they refuse. The message names the option
// as the command line spells it ("--timeout takes ..."): the command line prints it with
// "(try --help)" and exits 2, the server answers it as a 400.
#pragma once

#include <stdexcept>

namespace nl::frontend {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace nl::frontend
