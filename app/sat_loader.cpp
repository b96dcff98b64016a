// sat_api() for the command line: the CryptoMiniSat table from the module numberlink-sat.so,
// loaded the first time a SAT session starts (solver/sat_api.hpp says why). Defining sat_api()
// here keeps solver/sat_linked.o, and with it CryptoMiniSat and the shared libstdc++, out of
// the program.
#include "app/module_loader.hpp"
#include "solver/sat_api.hpp"

namespace nl {

const NlSatApi& sat_api() {
    struct Loaded {
        const NlSatApi* api = nullptr;
        std::string error;  // why loading failed, when api is null
    };
    static const Loaded loaded = [] {  // C++ guarantees one thread-safe initialisation
        try {
            void* entry = app::load_module(kSatModuleName, kSatApiSymbol, "SAT", app::Binding::Lazy);
            return Loaded{reinterpret_cast<NlSatApiEntry>(entry)(), ""};
        } catch (const app::ModuleMissing& e) {
            return Loaded{nullptr, e.what()};
        }
    }();
    if (!loaded.api) throw app::ModuleMissing("SAT solving is not available: " + loaded.error);
    return *loaded.api;
}

}  // namespace nl
