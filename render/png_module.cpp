// The PNG module's one exported entry point (see png_module.hpp): png_from_svg behind a C
// function. Built only into numberlink-png.so, with every other symbol hidden.
#include "render/png_module.hpp"

#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <type_traits>

#include "render/png.hpp"

namespace {

void copy_message(const char* text, char* message, std::size_t message_size) {
    if (message_size == 0) return;
    std::strncpy(message, text, message_size - 1);
    message[message_size - 1] = '\0';
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int numberlink_png_from_svg_v1(
    const char* svg, std::size_t svg_size, nl::render::PngSink sink, void* closure, char* message,
    std::size_t message_size) {
    try {
        const std::string png = nl::render::png_from_svg(std::string(svg, svg_size));
        sink(closure, png.data(), png.size());
        return 0;
    } catch (const std::bad_alloc&) {
        copy_message("PNG: out of memory", message, message_size);
    } catch (const std::exception& e) {
        copy_message(e.what(), message, message_size);
    } catch (...) {
        copy_message("PNG: unknown error in the PNG module", message, message_size);
    }
    return 1;
}

// The definition has the type the program casts the looked-up symbol to.
static_assert(std::is_same_v<decltype(&numberlink_png_from_svg_v1), nl::render::PngFromSvgFunction>);
