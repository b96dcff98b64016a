// Picture files (SVG, PNG), shared by `render`, `solve --output svg|png` and `unique --render`.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "app/cli.hpp"

namespace nl::app {

enum class PictureFormat { Svg, Png };

// "svg" or "png" (any case); nullopt otherwise.
std::optional<PictureFormat> picture_format_from_name(std::string_view name);
// From a file name's extension (.svg, .png, any case); nullopt otherwise.
std::optional<PictureFormat> picture_format_of_path(const std::string& path);
const char* picture_extension(PictureFormat format);  // ".svg" or ".png"

// A file's bytes: the SVG itself, or the PNG drawn from it (through the PNG module,
// png_loader.hpp: throws ModuleMissing when it is not installed).
std::string picture_bytes(PictureFormat format, const std::string& svg);

// The file of picture `number` of a series: "out.svg" -> "out-3.svg" (the number goes before
// the extension, or at the end of a name without one).
std::string numbered_path(const std::string& path, int number);

// Writes a picture through Output: a temporary file and a rename, never a partial file.
void write_picture_file(const std::string& path, const std::string& bytes);

// A directory of pictures, one per puzzle, named after the puzzle: puzzle "dir/five.txt:3"
// becomes DIR/five-3.svg (then five-3-2.svg, ... when two input files share a name).
// The directory is created when missing. For PNG, the PNG module is loaded first
// (ModuleMissing), so that a batch stops before it starts.
class PictureDirectory {
   public:
    PictureDirectory(const std::string& dir, PictureFormat format);
    // Writes the picture of puzzle `puzzle_name` and returns the file's path.
    std::string write(const std::string& puzzle_name, const std::string& svg);

   private:
    std::filesystem::path dir_;
    PictureFormat format_;
    std::set<std::string> used_;
};

}  // namespace nl::app
