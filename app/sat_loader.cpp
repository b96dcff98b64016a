// sat_api() for the command line: each solver's table from its module (numberlink-sat.so,
// numberlink-cadical.so), loaded the first time a session on that solver starts
// (solver/sat/sat_api.hpp says why). Defining sat_api() here keeps solver/sat/sat_linked.o, and
// with it the solvers and the shared libstdc++, out of the program.
#include <string>

#include "frontend/module_loader.hpp"
#include "solver/sat/sat_api.hpp"

namespace nl {

namespace {

const NlSatApi& table_of(const frontend::Module& module, SatBackend backend) {
    if (module.entry) return *reinterpret_cast<NlSatApiEntry>(module.entry)();
    std::string what = "SAT solving";
    if (backend != SatBackend::CryptoMiniSat) what += std::string(" with ") + backend_title(backend);
    throw frontend::ModuleMissing(what + " is not available: " + module.error);
}

}  // namespace

const NlSatApi& sat_api(SatBackend backend) {
    if (backend == SatBackend::CaDiCaL) {
        static const frontend::Module cadical = frontend::load_module(
            kCadicalModule.file, kCadicalModule.symbol, "CaDiCaL", frontend::Binding::Lazy);
        return table_of(cadical, backend);
    }
    static const frontend::Module cms =
        frontend::load_module(kCmsModule.file, kCmsModule.symbol, "SAT", frontend::Binding::Lazy);
    return table_of(cms, backend);
}

}  // namespace nl
