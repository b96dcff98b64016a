// libFuzzer target "stream" (scripts/fuzz stream SECONDS); what it does is in fuzz_entries.hpp.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    nl::fuzz::run_target("stream", data, size);
    return 0;
}
