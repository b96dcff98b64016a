// Documented input limits (README, "Limits"). They keep a malformed or hostile file from making
// us allocate terabytes: anything above them is rejected with a clear error.
#pragma once

#include <cstdint>

namespace nl::limits {

constexpr int kMaxSide = 1000000;           // width or height of a board (long boards: 10 x 100,000)
constexpr int kMaxLayers = 64;              // layers of a 3-D board
constexpr std::int64_t kMaxCells = 4000000; // width * height * layers
// Labels: two endpoint cells each, so at most half the board's cells (2,000,000 in all).
constexpr std::int64_t kMaxLabels = kMaxCells / 2;
constexpr std::int64_t kMaxFileBytes = 64ll * 1024 * 1024;  // one input file

}  // namespace nl::limits
