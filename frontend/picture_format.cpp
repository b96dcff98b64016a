// Picture formats; see picture_format.hpp.
#include "frontend/picture_format.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "frontend/png_loader.hpp"

namespace nl::frontend {

std::optional<PictureFormat> picture_format_from_name(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "svg") return PictureFormat::Svg;
    if (lower == "png") return PictureFormat::Png;
    return std::nullopt;
}

std::optional<PictureFormat> picture_format_of_path(const std::string& path) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext.empty()) return std::nullopt;
    return picture_format_from_name(std::string_view(ext).substr(1));
}

const char* picture_extension(PictureFormat format) { return format == PictureFormat::Png ? ".png" : ".svg"; }

std::string picture_bytes(PictureFormat format, const std::string& svg) {
    return format == PictureFormat::Png ? png_from_svg(svg) : svg;
}

}  // namespace nl::frontend
