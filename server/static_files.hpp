// The page's files (web/), built into the binary by cmake/embed_web.cmake, served by path.
#pragma once

#include <cstddef>
#include <string_view>

namespace nl::server {

struct EmbeddedFile {
    const char* path;          // "/index.html": the file's path under web/, with a leading slash
    const char* content_type;  // from the extension
    const unsigned char* data;
    std::size_t size;
};

// Every file, then one with a null path (generated source).
extern const EmbeddedFile kWebFiles[];

// The file at a request's path ("/" is "/index.html"); nullptr when there is none.
const EmbeddedFile* find_web_file(std::string_view path);

}  // namespace nl::server
