// Numbers as people read them in messages: digits grouped by threes ("1,002,004").
#pragma once

#include <string>

namespace nl {

inline std::string grouped_digits(long long n) {
    const std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out = n < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace nl
