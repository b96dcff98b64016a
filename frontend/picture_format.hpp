// Picture formats (SVG, PNG) by name, and a picture's bytes in either: shared by the commands
// that draw (render, solve --output svg|png, unique --render, jump) and /api/render. A PNG is
// drawn through the PNG module (png_loader.hpp), loaded the first time one is wanted.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace nl::frontend {

enum class PictureFormat { Svg, Png };

// "svg" or "png" (any case); nullopt otherwise.
std::optional<PictureFormat> picture_format_from_name(std::string_view name);
// From a file name's extension (.svg, .png, any case); nullopt otherwise.
std::optional<PictureFormat> picture_format_of_path(const std::string& path);
const char* picture_extension(PictureFormat format);  // ".svg" or ".png"

// A file's bytes: the SVG itself, or the PNG drawn from it (through the PNG module,
// png_loader.hpp: throws ModuleMissing when it is not installed).
std::string picture_bytes(PictureFormat format, const std::string& svg);

}  // namespace nl::frontend
