// libFuzzer target "ascii" (scripts/fuzz ascii SECONDS); what it does is in fuzz_entries.hpp.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    nl::fuzz::run_target("ascii", data, size);
    return 0;
}
