// Typed errors thrown by the library. Only app/ turns them into messages and exit codes:
// InputError and ModelError mean bad input (exit 2), InternalError a bug caught by a check
// (exit 70).
#pragma once

#include <stdexcept>
#include <string>

namespace nl {

// A problem with the puzzle itself, independent of where it was read from.
struct ModelError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Bad input at a known place. what() is "file:line: message" (line omitted when 0).
struct InputError : std::runtime_error {
    InputError(std::string file, int line, const std::string& message)
        : std::runtime_error(compose(file, line, message)),
          file(std::move(file)), line(line), message(message) {}
    std::string file;
    int line;
    std::string message;

   private:
    static std::string compose(const std::string& file, int line, const std::string& message) {
        return line > 0 ? file + ":" + std::to_string(line) + ": " + message
                        : file + ": " + message;
    }
};

struct InternalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace nl
