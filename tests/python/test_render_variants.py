"""Pictures of variant boards from Python: a solution (a Solution, a SolveResult, or a dict of
[x, y] cells as the JSON holds them) crosses bridges on the right lane (the vertical path is
drawn over the horizontal one), hexagons are drawn as hexagons."""
import xml.etree.ElementTree as ET

import numberlink
from numberlink import Status
from conftest import PUZZLES

SVG = "{http://www.w3.org/2000/svg}"


def solved(relative):
    puzzle = numberlink.read(str(PUZZLES / "variants" / relative))[0]
    result = numberlink.solve(puzzle)
    assert result.status is Status.SOLVED and result.solution.check()
    return puzzle, result


def test_bridge_solution_from_python_is_drawn_with_its_crossings():
    puzzle, result = solved("picture_bridges.txt")
    svg = numberlink.render_svg(puzzle, result)
    as_lists = {label: [list(cell) for cell in cells] for label, cells in result.solution.paths.items()}
    assert numberlink.render_svg(puzzle, result.solution) == numberlink.render_svg(puzzle, as_lists) == svg
    picture = ET.fromstring(svg)
    crossings = [g for g in picture.iter(SVG + "g") if g.get("class") == "crossing"]
    assert len(crossings) == 3  # every bridge of this board is crossed both ways
    assert len([g for g in picture.iter(SVG + "g") if g.get("class") == "bridge"]) == 3


def test_hex_board_from_python_is_hexagons():
    puzzle, result = solved("picture_hex.txt")
    picture = ET.fromstring(numberlink.render_svg(puzzle, result.solution))
    cells = [c for c in picture.iter(SVG + "polygon") if c.get("class") == "cell"]
    assert len(cells) == 7 * 6 - 3  # three cells lie outside the board
    assert all(len(c.get("points").split()) == 6 for c in cells)
