// Picture files (SVG, PNG), shared by `render`, `solve --output svg|png` and `unique --render`;
// the formats and the bytes of a picture are the front end's (frontend/picture_format.hpp).
#pragma once

#include <filesystem>
#include <set>
#include <string>

#include "app/cli.hpp"
#include "frontend/picture_format.hpp"

namespace nl::app {

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
