// Option values by name, wherever they come from: the command line's parsed arguments (app/) or
// the fields of a request's JSON body (server/). The readers of frontend/*_options.hpp take their
// values through this interface, so that a command line and a request are checked by the same
// code and refused with the same messages. Names are the long option names ("timeout",
// "route-seed"); a reader applies an option's default itself when no value is given (the
// command line's table may give one, which the reader then sees as given).
#pragma once

#include <cstdint>
#include <limits>
#include <string>

namespace nl::frontend {

class OptionValues {
   public:
    virtual ~OptionValues() = default;

    // Whether option `name` has a value (given, or the command line table's default).
    virtual bool given(const char* name) const = 0;
    // Whether that value is only the command line table's default (never for a request).
    virtual bool defaulted(const char* name) const = 0;
    // Whether switch `name` (an option without a value: --unique) is on.
    virtual bool flag(const char* name) const = 0;

    // The given value as text, a number, or a whole number within [least, most]. Called only
    // when given(name). A value of the wrong kind or out of range throws UsageError with the
    // command line's message ("the argument ('abc') for option '--timeout' is invalid").
    virtual std::string text(const char* name) const = 0;
    virtual double number(const char* name) const = 0;
    virtual long long integer(const char* name, long long least, long long most) const = 0;
    virtual std::uint64_t unsigned_integer(const char* name) const = 0;

    // The whole number of C++ type T (int, long): the range of the command line's typed option.
    template <typename T>
    T whole(const char* name) const {
        return static_cast<T>(integer(name, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
    }
};

// The message of a value that is not of the option's kind, as the command line words it.
std::string invalid_value_message(const std::string& name, const std::string& value);

}  // namespace nl::frontend
