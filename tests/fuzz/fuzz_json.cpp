// libFuzzer target "json" (scripts/fuzz json SECONDS); what it does is in fuzz_entries.hpp.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    nl::fuzz::run_target("json", data, size);
    return 0;
}
