// SVG -> PNG through librsvg and cairo; see png.hpp.
#include "render/png.hpp"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/errors.hpp"

namespace nl::render {

namespace {

struct HandleFree {
    void operator()(RsvgHandle* h) const { g_object_unref(h); }
};
struct ObjectFree {
    void operator()(void* object) const { g_object_unref(object); }
};
struct SurfaceFree {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextFree {
    void operator()(cairo_t* c) const { cairo_destroy(c); }
};

[[noreturn]] void fail(const std::string& what, GError* error) {
    std::string message = "PNG: " + what;
    if (error) {
        message += ": ";
        message += error->message;
        g_error_free(error);
    }
    throw InternalError(message);
}

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string png_from_svg(const std::string& svg) {
    check_png_drawable(svg);
    GError* error = nullptr;
    // Unlimited: without it libxml2 stops reading a document at about 10 MB (a board of millions
    // of cells takes 50 MB) with "Premature end of data". The limits guard against hostile
    // files; this SVG is always ours. librsvg's limit of elements holds either way
    // (check_png_drawable).
    std::unique_ptr<GInputStream, ObjectFree> stream(
        g_memory_input_stream_new_from_data(svg.data(), static_cast<gssize>(svg.size()), nullptr));
    std::unique_ptr<RsvgHandle, HandleFree> handle(
        rsvg_handle_new_from_stream_sync(stream.get(), nullptr, RSVG_HANDLE_FLAG_UNLIMITED, nullptr, &error));
    if (!handle) fail("librsvg cannot read the SVG", error);
    double width = 0, height = 0;
    if (!rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &width, &height) || width <= 0 || height <= 0)
        fail("the SVG has no size in pixels", nullptr);
    const double scale = png_scale(width, height);
    const int w = std::max(1, static_cast<int>(std::ceil(width * scale - 1e-9)));
    const int h = std::max(1, static_cast<int>(std::ceil(height * scale - 1e-9)));
    std::unique_ptr<cairo_surface_t, SurfaceFree> surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h));
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        fail(std::string("cannot allocate the image: ") + cairo_status_to_string(cairo_surface_status(surface.get())),
             nullptr);
    std::unique_ptr<cairo_t, ContextFree> cr(cairo_create(surface.get()));
    const RsvgRectangle viewport{0, 0, width * scale, height * scale};
    if (!rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &error)) fail("librsvg cannot draw the SVG", error);
    cairo_surface_flush(surface.get());
    std::string png;
    const cairo_status_t status = cairo_surface_write_to_png_stream(surface.get(), append_bytes, &png);
    if (status != CAIRO_STATUS_SUCCESS) fail(std::string("cannot encode: ") + cairo_status_to_string(status), nullptr);
    return png;
}

}  // namespace nl::render
