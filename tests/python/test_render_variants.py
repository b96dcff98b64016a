"""Pictures of variant boards from Python: a solution given as [x, y] cells crosses bridges on the
right lane (the vertical path is drawn over the horizontal one), hexagons are drawn as hexagons."""
import xml.etree.ElementTree as ET

import numberlink
from conftest import PUZZLES

SVG = "{http://www.w3.org/2000/svg}"


def test_bridge_solution_from_python_is_drawn_with_its_crossings():
    puzzle = numberlink.read(str(PUZZLES / "variants" / "picture_bridges.txt"))[0]
    picture = ET.fromstring(numberlink.render_svg(puzzle, numberlink.solve(puzzle)))
    crossings = [g for g in picture.iter(SVG + "g") if g.get("class") == "crossing"]
    assert len(crossings) == 3  # every bridge of this board is crossed both ways
    assert len([g for g in picture.iter(SVG + "g") if g.get("class") == "bridge"]) == 3


def test_hex_board_from_python_is_hexagons():
    puzzle = numberlink.read(str(PUZZLES / "variants" / "picture_hex.txt"))[0]
    picture = ET.fromstring(numberlink.render_svg(puzzle, numberlink.solve(puzzle)))
    cells = [c for c in picture.iter(SVG + "polygon") if c.get("class") == "cell"]
    assert len(cells) == 7 * 6 - 3  # three cells lie outside the board
    assert all(len(c.get("points").split()) == 6 for c in cells)
