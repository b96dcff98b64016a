// Heat map pictures; see heatmap.hpp.
#include "render/heatmap.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace nl::render {

std::string viridis_colour(double t) {
    // Nine evenly spaced samples of matplotlib's Viridis map.
    static const int stops[9][3] = {{68, 1, 84},    {71, 44, 122},  {59, 81, 139},  {44, 113, 142}, {33, 144, 141},
                                    {39, 173, 129}, {92, 200, 99},  {170, 220, 50}, {253, 231, 37}};
    t = std::clamp(t, 0.0, 1.0) * 8;
    const int i = std::min(7, static_cast<int>(t));
    const double f = t - i;
    char text[8];
    int rgb[3];
    for (int k = 0; k < 3; ++k) rgb[k] = static_cast<int>(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f + 0.5);
    std::snprintf(text, sizeof text, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
    return text;
}

namespace {

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else out += c;
    }
    return out;
}

}  // namespace

std::string svg_heatmap(int width, int height, const std::vector<std::uint64_t>& values, const std::string& caption,
                        int cell_size) {
    if (width < 1 || height < 1 || values.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height))
        throw std::invalid_argument("heat map: values do not match the board");
    const double s = cell_size, margin = s / 2, top = margin + 0.75 * s;
    const std::uint64_t most = *std::max_element(values.begin(), values.end());
    std::ostringstream out;
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width * s + 2 * margin << "\" height=\""
        << height * s + top + margin << "\" viewBox=\"0 0 " << width * s + 2 * margin << ' ' << height * s + top + margin
        << "\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    // A sans-serif character is about 0.55 em wide: shrink the caption to the board's width.
    const double caption_font =
        std::min(0.4 * s, (width * s + margin) / (0.55 * static_cast<double>(std::max<std::size_t>(caption.size(), 1))));
    out << "<text class=\"caption\" x=\"" << margin << "\" y=\"" << margin + 0.5 * s << "\" font-family=\"sans-serif\" font-size=\""
        << caption_font << "\">" << escape(caption) << "</text>\n";
    // The longest number decides the font size, so every value fits its cell.
    const int digits = static_cast<int>(std::to_string(most).size());
    // (a digit is about 0.6 em wide; leave 15 % of the cell free)
    const double font = std::min(0.35 * s, 0.85 * s / (0.6 * std::max(digits, 1)));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::uint64_t v = values[static_cast<std::size_t>(y * width + x)];
            const double t = most ? static_cast<double>(v) / static_cast<double>(most) : 0.0;
            out << "<rect class=\"cell\" data-x=\"" << x << "\" data-y=\"" << y << "\" data-value=\"" << v << "\" x=\""
                << margin + x * s << "\" y=\"" << top + y * s << "\" width=\"" << s << "\" height=\"" << s
                << "\" fill=\"" << viridis_colour(t) << "\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n";
            if (font >= 6)
                out << "<text class=\"value\" x=\"" << margin + (x + 0.5) * s << "\" y=\"" << top + (y + 0.5) * s
                    << "\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"sans-serif\" font-size=\""
                    << font << "\" fill=\"" << (t > 0.6 ? "#000000" : "#ffffff") << "\">" << v << "</text>\n";
        }
    out << "</svg>\n";
    return out.str();
}

}  // namespace nl::render
