// SVG pictures through the public API (include/numberlink/render.hpp): render/svg.hpp's
// svg_picture, on public types. Part of the render library, which the SVG code lives in.
#include "api/puzzle_impl.hpp"
#include "numberlink/render.hpp"
#include "render/svg.hpp"

namespace numberlink {

std::string svg(const Puzzle& puzzle, const Solution* solution, const SvgOptions& options) {
    if (options.cell_size < nl::render::kMinCellSize || options.cell_size > nl::render::kMaxCellSize)
        throw std::invalid_argument("the cell size must be from " + std::to_string(nl::render::kMinCellSize) +
                                    " to " + std::to_string(nl::render::kMaxCellSize) + " pixels");
    const nl::Puzzle& p = api::internal(puzzle);
    return api::translating_errors([&] {
        const std::optional<nl::Solution> paths = api::fitting_solution(p, solution);
        nl::render::SvgOptions o;
        o.cell_size = options.cell_size;
        o.labels = options.labels;
        o.coordinates = options.coordinates;
        return nl::render::svg_picture(p, paths ? &*paths : nullptr, o);
    });
}

}  // namespace numberlink
