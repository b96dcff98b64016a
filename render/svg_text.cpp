// SVG text helpers; see svg_text.hpp.
#include "render/svg_text.hpp"

#include <cstdio>

namespace nl::render {

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

std::string at(double x, double y) {
    std::string s = num(x);
    s += ' ';
    s += num(y);
    return s;
}

std::vector<std::string_view> path_pieces(std::string_view d) {
    std::vector<std::string_view> pieces;
    while (d.size() > kMaxPathData) {
        std::size_t cut = d.rfind('M', kMaxPathData);  // the last subpath that starts in time
        if (cut == 0 || cut == std::string_view::npos) cut = d.find('M', 1);  // a subpath too long
        if (cut == std::string_view::npos) break;
        pieces.push_back(d.substr(0, cut));
        d.remove_prefix(cut);
    }
    if (!d.empty()) pieces.push_back(d);
    return pieces;
}

std::string xml_text(std::string_view in) {
    static constexpr std::string_view kReplacement = "\xef\xbf\xbd";
    std::string out;
    for (std::size_t i = 0; i < in.size();) {
        const unsigned char c = in[i];
        if (c < 0x80) {
            switch (c) {
                case '&': out += "&amp;"; break;
                case '<': out += "&lt;"; break;
                case '>': out += "&gt;"; break;
                case '"': out += "&quot;"; break;
                case '\'': out += "&apos;"; break;
                default:
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') out += kReplacement;
                    else out += static_cast<char>(c);
            }
            ++i;
            continue;
        }
        const std::size_t len = c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        bool ok = len > 0 && i + len <= in.size();
        for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(in[i + k]) & 0xc0) == 0x80;
        if (ok && len >= 3) {  // overlong forms, surrogates, code points past U+10FFFF, U+FFFE/F
            const unsigned char d = in[i + 1];
            ok = !(c == 0xe0 && d < 0xa0) && !(c == 0xed && d >= 0xa0) && !(c == 0xf0 && d < 0x90) &&
                 !(c == 0xf4 && d >= 0x90) &&
                 !(c == 0xef && d == 0xbf && static_cast<unsigned char>(in[i + 2]) >= 0xbe);
        }
        if (ok) {
            out.append(in.substr(i, len));
            i += len;
        } else {
            out += kReplacement;
            ++i;
        }
    }
    return out;
}

}  // namespace nl::render
