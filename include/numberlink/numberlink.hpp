// numberlink's public C++ API, every part: #include <numberlink/numberlink.hpp> and link
// numberlink::numberlink (find_package(numberlink CONFIG)). Everything is in namespace nl.
// CryptoMiniSat and Boost stay out of these headers: the library links CryptoMiniSat privately.
#pragma once

#include "numberlink/check.hpp"
#include "numberlink/count.hpp"
#include "numberlink/encode.hpp"
#include "numberlink/formats.hpp"
#include "numberlink/generate.hpp"
#include "numberlink/puzzle.hpp"
#include "numberlink/solve.hpp"
