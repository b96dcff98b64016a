// sat_api() for the command line: the CryptoMiniSat table from the module numberlink-sat.so,
// loaded the first time a SAT session starts (solver/sat/sat_api.hpp says why). Defining sat_api()
// here keeps solver/sat_linked.o, and with it CryptoMiniSat and the shared libstdc++, out of
// the program.
#include "frontend/module_loader.hpp"
#include "solver/sat/sat_api.hpp"

namespace nl {

const NlSatApi& sat_api() {
    static const frontend::Module module = frontend::load_module(kSatModuleName, kSatApiSymbol, "SAT", frontend::Binding::Lazy);
    if (!module.entry) throw frontend::ModuleMissing("SAT solving is not available: " + module.error);
    return *reinterpret_cast<NlSatApiEntry>(module.entry)();
}

}  // namespace nl
