// sat_api() for programs linked with libnumberlink.a: both solvers are linked in, so the tables
// are taken directly (the command line has its own definition, app/sat_loader.cpp, which loads
// each table from its module; sat_api.hpp says why).
#include "solver/sat/sat_api.hpp"

namespace nl {

const NlSatApi& sat_api(SatBackend backend) {
    return backend == SatBackend::CaDiCaL ? *numberlink_cadical_api_v2() : *numberlink_cms_api_v2();
}

}  // namespace nl
