// numberlink's public C++ API: the CNF encoding (encode_exact, write_dimacs with its variable map
// in comments) and the decoder from a SAT model back to paths (decode.hpp).
#pragma once

#include "decoder/decode.hpp"
#include "decoder/model_reader.hpp"
#include "encoder/dimacs.hpp"
