// The back ends' names (sat_api.hpp), apart from the tables so that naming one pulls no solver
// into a program.
#include "solver/sat/sat_api.hpp"

namespace nl {

const char* backend_word(SatBackend backend) { return backend == SatBackend::CaDiCaL ? "cadical" : "cms"; }

const char* backend_title(SatBackend backend) {
    return backend == SatBackend::CaDiCaL ? "CaDiCaL" : "CryptoMiniSat";
}

}  // namespace nl
