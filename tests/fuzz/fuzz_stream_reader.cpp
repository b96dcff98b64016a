// libFuzzer target "stream_reader" (scripts/fuzz stream_reader SECONDS); what it does is in
// fuzz_entries.hpp.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    nl::fuzz::run_target("stream_reader", data, size);
    return 0;
}
