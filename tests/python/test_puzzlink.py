"""puzz.link URLs from Python: Puzzle.from_url, Puzzle.to_url and read(url). The URLs are made
here by a small encoder written from pzprjs's "number16" rules as docs/formats.md states them,
independent of the C++ reader; the node tests (tests/browser/puzzlink.test.mjs) hold the format
to pzprjs itself."""
import random

import pytest

import numberlink
from numberlink import Puzzle


def number16(grid):
    """pzprjs's number16 body of a grid of ints (0 empty), row-major: a number in one hex digit,
    '-' and two, '+' and three; 'g'..'z' for runs of 1..20 empty cells."""
    body, run = [], 0
    for value in (v for row in grid for v in row):
        if value == 0:
            run += 1
            if run == 20:
                body.append("z")
                run = 0
            continue
        if run:
            body.append(chr(ord("f") + run))
            run = 0
        body.append(f"{value:x}" if value < 16 else f"-{value:02x}" if value < 256 else f"+{value:03x}")
    if run:
        body.append(chr(ord("f") + run))
    return "".join(body)


def random_grid(rng):
    width, height = rng.randint(2, 30), rng.randint(2, 30)
    labels = rng.randint(1, min(40, width * height // 2))
    cells = rng.sample(range(width * height), 2 * labels)
    grid = [[0] * width for _ in range(height)]
    for k, cell in enumerate(cells):
        grid[cell // width][cell % width] = k // 2 + 1
    return grid


def test_urls_made_by_the_rules_read_as_their_grids():
    rng = random.Random(5)
    for _ in range(300):
        grid = random_grid(rng)
        url = f"https://puzz.link/p?numlin/{len(grid[0])}/{len(grid)}/{number16(grid)}"
        puzzle = Puzzle.from_url(url)
        assert puzzle == Puzzle(grid, rules="nikoli"), url
        assert puzzle.rules == "nikoli"  # pzprjs's own rules: cells may stay empty


def test_every_url_form_reads_the_same_puzzle():
    grid = [[1, 0, 0, 0, 2], [0] * 5, [0, 3, 0, 0, 0], [0, 0, 4, 0, 0], [4, 0, 3, 1, 2]]
    expected = Puzzle(grid, rules="nikoli")
    body = "numlin/5/5/1i2l3k4h4g312"
    for url in [f"https://puzz.link/p?{body}", f"http://pzv.jp/p.html?{body}", f"p?{body}", body]:
        assert Puzzle.from_url(url) == expected, url
        if url.startswith("http"):  # a URL in place of a file, as the command line takes it
            assert numberlink.read(url) == [expected], url
    assert Puzzle.from_url(f"https://puzz.link/p?{body}", rules="flow").rules == "flow"


def test_to_url_reads_back_as_the_same_puzzle():
    for puzzle in numberlink.generate(9, 7, count=30, seed=3, fill_all=True, rules="nikoli"):
        assert Puzzle.from_url(puzzle.to_url()) == puzzle
    # Letters are numbered in label order (docs/formats.md).
    five = Puzzle(["R...G", ".....", ".Y...", "..B..", "B.YRG"])
    assert five.to_url() == "https://puzz.link/p?numlin/5/5/1i2l3k4h4g312"


def test_what_a_url_cannot_say_is_refused_with_the_place():
    with pytest.raises(numberlink.InputError, match="character 4: cell \\[0, 1\\] holds a '\\?' clue"):
        Puzzle.from_url("https://puzz.link/p?numlin/3/2/1g1.g.")
    with pytest.raises(numberlink.InputError, match="cannot"):
        Puzzle(["A#A"]).to_url()  # a blocked cell
    with pytest.raises(TypeError, match="from_url\\(\\): url must be str, not bytes"):
        Puzzle.from_url(b"numlin/2/1/11")
