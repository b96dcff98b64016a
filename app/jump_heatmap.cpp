// The heat map of jump tours; see jump_heatmap.hpp.
#include "app/jump_heatmap.hpp"

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "render/heatmap.hpp"

namespace nl::app {

std::string jump_heatmap_svg(int width, int height, const std::string& moves, std::uint64_t total,
                             const std::vector<std::uint64_t>& per_start) {
    // Built with += (not "x" + ...): GCC 12 warns falsely on operator+ here (bug 105329).
    std::string caption = std::to_string(width);
    caption += 'x';
    caption += std::to_string(height);
    caption += " jump tours (";
    caption += moves;
    caption += "): ";
    caption += std::to_string(total);
    caption += ", by start cell";
    return render::svg_heatmap(width, height, per_start, caption);
}

std::optional<std::string> jump_heatmap_from_json(const TextFile& file) {
    int line = 0;
    std::string_view text;
    for (std::size_t i = 0; i < file.lines.size() && text.empty(); ++i)
        if (file.lines[i].find_first_not_of(" \t") != std::string_view::npos) {
            text = file.lines[i];
            line = static_cast<int>(i + 1);
        }
    if (text.empty() || text[text.find_first_not_of(" \t")] != '{' || text.find("\"per_start\"") == std::string_view::npos)
        return std::nullopt;
    const auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("per_start")) return std::nullopt;
    auto fail = [&](const std::string& what) -> std::string {
        throw InputError(file.name, line, "jump counts: " + what);
    };
    auto integer = [&](const char* key, std::int64_t lo, std::int64_t hi) -> std::int64_t {
        if (!j.contains(key) || !j[key].is_number_integer()) fail(std::string("\"") + key + "\" must be an integer");
        const auto v = j[key].get<std::int64_t>();
        if (v < lo || v > hi) fail(std::string("\"") + key + "\" is out of range");
        return v;
    };
    const int width = static_cast<int>(integer("width", 1, 64)), height = static_cast<int>(integer("height", 1, 64));
    if (!j.contains("total") || !j["total"].is_number_unsigned()) fail("\"total\" must be a count");
    const std::string moves = j.contains("moves") && j["moves"].is_string() ? j["moves"].get<std::string>() : "?";
    const auto& rows = j["per_start"];
    if (!rows.is_array() || static_cast<int>(rows.size()) != height)
        fail("\"per_start\" must hold " + std::to_string(height) + " rows");
    std::vector<std::uint64_t> counts;
    for (const auto& row : rows) {
        if (!row.is_array() || static_cast<int>(row.size()) != width)
            fail("each row of \"per_start\" must hold " + std::to_string(width) + " counts");
        for (const auto& v : row) {
            if (!v.is_number_unsigned()) fail("\"per_start\" holds counts (integers >= 0)");
            counts.push_back(v.get<std::uint64_t>());
        }
    }
    return jump_heatmap_svg(width, height, moves, j["total"].get<std::uint64_t>(), counts);
}

}  // namespace nl::app
