// Picture files; see pictures.hpp.
#include "app/pictures.hpp"

#include "core/errors.hpp"
#include "frontend/png_loader.hpp"

namespace nl::app {

namespace fs = std::filesystem;

std::string numbered_path(const std::string& path, int number) {
    const fs::path p(path);
    std::string name = p.stem().string();
    name += '-';
    name += std::to_string(number);
    name += p.extension().string();
    return (p.parent_path() / name).string();
}

void write_picture_file(const std::string& path, const std::string& bytes) {
    Output out(path);
    out.stream() << bytes;
    out.commit();
}

PictureDirectory::PictureDirectory(const std::string& dir, PictureFormat format) : dir_(dir), format_(format) {
    if (format == PictureFormat::Png) require_png_module();  // before any solving, any directory
    std::error_code ec;
    if (fs::exists(dir_, ec) && !fs::is_directory(dir_, ec))
        throw InputError(dir, 0, "is not a directory (pictures go into a directory: -o DIR)");
    fs::create_directories(dir_, ec);
    if (ec) throw InputError(dir, 0, "cannot create the directory: " + ec.message());
}

std::string PictureDirectory::write(const std::string& puzzle_name, const std::string& svg) {
    // "path/five.txt:3" -> "five-3"; standard input ("-:3") -> "stdin-3".
    const auto colon = puzzle_name.rfind(':');
    const std::string file = puzzle_name.substr(0, colon);
    std::string stem = file == "-" ? "stdin" : fs::path(file).stem().string();
    if (stem.empty()) stem = "puzzle";
    if (colon != std::string::npos) {
        stem += '-';
        stem += puzzle_name.substr(colon + 1);
    }
    std::string name = stem;
    for (int k = 2; used_.count(name); ++k) name = stem + "-" + std::to_string(k);
    used_.insert(name);
    const std::string path = (dir_ / (name + picture_extension(format_))).string();
    write_picture_file(path, picture_bytes(format_, svg));
    return path;
}

}  // namespace nl::app
