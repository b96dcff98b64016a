// Finding and loading the program's modules: numberlink-png.so (PNG pictures), numberlink-http.so
// (`serve`) and numberlink-sat.so (CryptoMiniSat). Each keeps shared libraries out of the
// start of every command that does not use them (docs/startup.md).
//
// A module is looked for relative to the program's own file (/proc/self/exe, symbolic links
// resolved), not through the dynamic loader's search path: the program and its modules come
// from the same build, and a module found elsewhere could be another version. In order: beside
// the program (the build tree), then ../lib/numberlink/ from there (an installed tree:
// bin/numberlink and lib/numberlink/*.so).
#pragma once

#include <stdexcept>
#include <string>

namespace nl::frontend {

// A module is not installed, cannot be loaded, or lacks the entry point of this version. The
// message names the paths tried or the loader's reason; run_guarded turns it into exit code
// 70 (an incomplete installation, not bad input).
struct ModuleMissing : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// When the module's symbols are bound. Now: every one at load time, so that a missing symbol is
// reported there, with a message, instead of ending the process halfway through the work.
// Lazy: each at its first call; for the SAT module, whose libraries (CryptoMiniSat and the
// shared libstdc++, thousands of symbols of which a solve calls a few hundred) come from the
// same Debian packages it was built against: binding them all cost 1.1 M instructions more
// per process (5.3 M against 4.2 M for `solve --engine sat` of a 5x5).
enum class Binding { Now, Lazy };

// A module's entry point, or why there is none.
struct Module {
    void* entry = nullptr;
    std::string error;  // when entry is null: the paths tried, or the loader's reason
};

// Loads module `name` and looks up its entry point `symbol`; `kind` names it in messages ("PNG"
// in "is not a numberlink PNG module of this version"). The first candidate file that exists
// decides: a broken module is reported, not skipped for another one. The handle is never
// closed: the module stays loaded until the process ends, as a linked library would. Callers
// keep the result, failure included (in a function-local static: one thread-safe load per
// process), and throw ModuleMissing with it when they need the module.
Module load_module(const std::string& name, const std::string& symbol, const std::string& kind,
                   Binding binding = Binding::Now);

}  // namespace nl::frontend
