// sat_api() for programs linked with libnumberlink.a: CryptoMiniSat is linked in, so the
// table is taken directly (the command line has its own definition, app/sat_loader.cpp, which
// loads the table from a module; sat_api.hpp says why).
#include "solver/sat/sat_api.hpp"

namespace nl {

const NlSatApi& sat_api() { return *numberlink_sat_api_v1(); }

}  // namespace nl
