// Test-only: reading pictures back without the code under test. An SVG is parsed with libxml2
// (a real XML parser) and its elements found by XPath; path data and polygon points are read
// into coordinates; a PNG is decoded by cairo. Used by tests/test_render_variants.cpp (the older
// tests/test_render.cpp keeps its own copies of the first and last of these).
#pragma once

#include <cairo.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace nl::testing_pictures {

// A parsed SVG document; `ok` is false when the text is not well-formed XML.
class Svg {
   public:
    explicit Svg(const std::string& text)
        : doc_(xmlReadMemory(text.data(), static_cast<int>(text.size()), "picture.svg", nullptr, XML_PARSE_NONET),
               xmlFreeDoc) {}
    bool ok() const { return doc_ != nullptr && root() != nullptr; }
    xmlNodePtr root() const { return xmlDocGetRootElement(doc_.get()); }

    // Elements named `name` (any namespace; "*" for any name) with class `cls` ("" for any), in
    // document order, which is drawing order.
    std::vector<xmlNodePtr> elements(const std::string& name, const std::string& cls = "") const {
        std::string xpath = name == "*" ? "//*" : "//*[local-name()='" + name + "']";
        if (!cls.empty()) xpath += "[@class='" + cls + "']";
        std::unique_ptr<xmlXPathContext, decltype(&xmlXPathFreeContext)> ctx(xmlXPathNewContext(doc_.get()),
                                                                               xmlXPathFreeContext);
        std::unique_ptr<xmlXPathObject, decltype(&xmlXPathFreeObject)> found(
            xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(xpath.c_str()), ctx.get()), xmlXPathFreeObject);
        std::vector<xmlNodePtr> out;
        if (found && found->nodesetval)
            for (int i = 0; i < found->nodesetval->nodeNr; ++i) out.push_back(found->nodesetval->nodeTab[i]);
        return out;
    }
    std::size_t count(const std::string& name, const std::string& cls = "") const { return elements(name, cls).size(); }

    // Position of `node` in document order (among all elements).
    std::size_t order(xmlNodePtr node) const {
        const auto all = elements("*");
        for (std::size_t i = 0; i < all.size(); ++i)
            if (all[i] == node) return i;
        return all.size();
    }

    static std::string attribute(xmlNodePtr node, const char* name) {
        xmlChar* v = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
        std::string s = v ? reinterpret_cast<const char*>(v) : "";
        xmlFree(v);
        return s;
    }
    static double number(xmlNodePtr node, const char* name) { return std::atof(attribute(node, name).c_str()); }
    static std::string text(xmlNodePtr node) {
        xmlChar* v = xmlNodeGetContent(node);
        std::string s = v ? reinterpret_cast<const char*>(v) : "";
        xmlFree(v);
        return s;
    }
    // The text of every <text> element of class `cls`.
    std::vector<std::string> texts(const std::string& cls) const {
        std::vector<std::string> out;
        for (xmlNodePtr n : elements("text", cls)) out.push_back(text(n));
        return out;
    }
    // Child elements of `node` (in order).
    static std::vector<xmlNodePtr> children(xmlNodePtr node) {
        std::vector<xmlNodePtr> out;
        for (xmlNodePtr c = node->children; c; c = c->next)
            if (c->type == XML_ELEMENT_NODE) out.push_back(c);
        return out;
    }

   private:
    std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)> doc_;
};

struct Point {
    double x = 0, y = 0;
};
inline double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

// The points of a polygon's `points` attribute ("x,y x,y ...").
inline std::vector<Point> polygon_points(const std::string& text) {
    std::vector<Point> out;
    const char* s = text.c_str();
    char* end = nullptr;
    while (*s) {
        const double x = std::strtod(s, &end);
        if (end == s || *end != ',') break;
        const double y = std::strtod(end + 1, &end);
        out.push_back({x, y});
        s = end;
        while (*s == ' ') ++s;
    }
    return out;
}

inline Point centroid(const std::vector<Point>& points) {
    Point c;
    for (const Point& p : points) c = {c.x + p.x / points.size(), c.y + p.y / points.size()};
    return c;
}

// Path data as subpaths of absolute points: the commands our pictures use (M L H V Z absolute,
// h v relative). A closing Z adds nothing: the subpath's first point closes it.
inline std::vector<std::vector<Point>> path_points(const std::string& d) {
    std::vector<std::vector<Point>> out;
    Point at;
    const char* s = d.c_str();
    char* end = nullptr;
    auto number = [&] {
        while (*s == ' ' || *s == ',') ++s;
        const double v = std::strtod(s, &end);
        s = end;
        return v;
    };
    while (*s) {
        const char command = *s++;
        switch (command) {
            case 'M': at.x = number(); at.y = number(); out.push_back({at}); break;
            case 'L': at.x = number(); at.y = number(); out.back().push_back(at); break;
            case 'H': at.x = number(); out.back().push_back(at); break;
            case 'V': at.y = number(); out.back().push_back(at); break;
            case 'h': at.x += number(); out.back().push_back(at); break;
            case 'v': at.y += number(); out.back().push_back(at); break;
            case 'Z': case 'z': break;
            case ' ': break;
            default: return {};  // a command we do not use: the caller's expectation fails
        }
    }
    return out;
}

struct Rgb {
    int r = -1, g = -1, b = -1;
    bool operator==(const Rgb&) const = default;
};
inline std::ostream& operator<<(std::ostream& out, const Rgb& c) {
    return out << "rgb(" << c.r << ", " << c.g << ", " << c.b << ")";
}
inline Rgb rgb(std::uint32_t hex) { return {int(hex >> 16), int((hex >> 8) & 255), int(hex & 255)}; }

// A decoded PNG (by cairo: no decoder of ours).
class Png {
   public:
    explicit Png(cairo_surface_t* surface) : surface_(surface, cairo_surface_destroy) {}
    static Png from_file(const std::string& path) { return Png(cairo_image_surface_create_from_png(path.c_str())); }
    static Png from_bytes(const std::string& bytes) {
        struct Reader {
            const std::string* data;
            std::size_t at = 0;
        } reader{&bytes};
        auto read = [](void* closure, unsigned char* out, unsigned int length) {
            auto* r = static_cast<Reader*>(closure);
            if (r->at + length > r->data->size()) return CAIRO_STATUS_READ_ERROR;
            std::copy_n(r->data->data() + r->at, length, out);
            r->at += length;
            return CAIRO_STATUS_SUCCESS;
        };
        return Png(cairo_image_surface_create_from_png_stream(read, &reader));
    }
    bool ok() const { return cairo_surface_status(surface_.get()) == CAIRO_STATUS_SUCCESS; }
    int width() const { return cairo_image_surface_get_width(surface_.get()); }
    int height() const { return cairo_image_surface_get_height(surface_.get()); }
    // The colour at pixel (x, y); opaque pixels only (alpha 255), so premultiplication does not matter.
    Rgb at(double x, double y) const {
        cairo_surface_flush(surface_.get());
        const unsigned char* data = cairo_image_surface_get_data(surface_.get());
        const int stride = cairo_image_surface_get_stride(surface_.get());
        std::uint32_t p;
        std::copy_n(data + int(y) * stride + int(x) * 4, 4, reinterpret_cast<unsigned char*>(&p));
        if ((p >> 24) != 255) return {};
        return rgb(p & 0xffffff);
    }

   private:
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface_;
};

}  // namespace nl::testing_pictures
