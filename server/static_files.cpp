// Looking up the embedded page files; see static_files.hpp.
#include "server/static_files.hpp"

namespace nl::server {

const EmbeddedFile* find_web_file(std::string_view path) {
    if (path == "/") path = "/index.html";
    for (const EmbeddedFile* f = kWebFiles; f->path; ++f)
        if (path == f->path) return f;
    return nullptr;
}

}  // namespace nl::server
