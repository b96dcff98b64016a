// Option values from a map of texts, as the front end's readers take them from a command line or
// a request (frontend/option_values.hpp), and the message a reader refuses a value with.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <string>

#include "frontend/option_values.hpp"
#include "frontend/usage_error.hpp"

namespace testing_options {

// A switch is on when present.
class MapValues : public nl::frontend::OptionValues {
   public:
    MapValues(std::initializer_list<std::pair<const std::string, std::string>> values) : values_(values) {}
    bool given(const char* name) const override { return values_.count(name) > 0; }
    bool defaulted(const char*) const override { return false; }
    bool flag(const char* name) const override { return given(name); }
    std::string text(const char* name) const override { return values_.at(name); }
    double number(const char* name) const override { return std::stod(values_.at(name)); }
    long long integer(const char* name, long long, long long) const override { return std::stoll(values_.at(name)); }
    std::uint64_t unsigned_integer(const char* name) const override { return std::stoull(values_.at(name)); }

   private:
    std::map<std::string, std::string> values_;
};

// The UsageError's message of `read`, or "(accepted)".
inline std::string refusal(const std::function<void()>& read) {
    try {
        read();
    } catch (const nl::frontend::UsageError& e) {
        return e.what();
    }
    return "(accepted)";
}

}  // namespace testing_options
