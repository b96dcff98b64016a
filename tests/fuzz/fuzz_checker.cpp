// libFuzzer target "checker" (scripts/fuzz checker SECONDS); what it does is in fuzz_entries.hpp.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    nl::fuzz::run_target("checker", data, size);
    return 0;
}
