"""numberlink.solutions(): every solution exactly once, each checked, against the exhaustive
search of the command line (`count --engine search --all`, an engine that shares no code with
the SAT enumeration behind the iterator) on random small boards under every rules preset; a
limit, leaving the loop early, and a time limit."""
import itertools
import random

import pytest

import numberlink
from conftest import cli_json

BOARDS_PER_RULES = 400
SEEDS = {"flow": 11, "nikoli": 12, "adc": 13, "strict": 14}


def random_boards(seed, count):
    """Small boards (2x2 to 4x4) with one to three labels and sometimes a blocked cell, as ascii
    text: small enough for the exhaustive search, with from zero to dozens of solutions."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        width, height = rng.randint(2, 4), rng.randint(2, 4)
        cells = [(x, y) for y in range(height) for x in range(width)]
        labels = rng.randint(1, min(3, len(cells) // 2))
        blocked = 1 if rng.random() < 0.3 and len(cells) > 2 * labels else 0
        chosen = rng.sample(cells, 2 * labels + blocked)
        grid = [["."] * width for _ in range(height)]
        for k in range(labels):
            for x, y in chosen[2 * k:2 * k + 2]:
                grid[y][x] = "ABC"[k]
        for x, y in chosen[2 * labels:]:
            grid[y][x] = "#"
        boards.append("\n".join("".join(row) for row in grid))
    return boards


def canonical(paths):
    """A solution as a set, each path read from its smaller end (engines may walk either way)."""
    return frozenset((label, min(tuple(map(tuple, cells)), tuple(map(tuple, reversed(cells)))))
                     for label, cells in paths.items())


@pytest.mark.parametrize("rules", ["flow", "nikoli", "adc", "strict"])
def test_the_iterator_yields_what_the_exhaustive_search_finds(rules, tmp_path):
    boards = random_boards(SEEDS[rules], BOARDS_PER_RULES)
    path = tmp_path / "boards.txt"
    path.write_text("\n\n".join(boards) + "\n")
    expected = cli_json("count", "--engine", "search", "--all", "--rules", rules, str(path))
    puzzles = numberlink.read(str(path), rules=rules)
    assert len(expected) == len(puzzles) == len(boards)
    with_solutions = 0
    for puzzle, record in zip(puzzles, expected):
        assert not record.get("timed_out"), record
        found = list(numberlink.solutions(puzzle))
        keys = [canonical(s.paths) for s in found]
        assert len(set(keys)) == len(keys), puzzle  # no solution twice
        assert set(keys) == {canonical(s) for s in record.get("solutions", [])}, puzzle
        assert len(keys) == record["count"]
        assert all(s.check() and s.puzzle == puzzle for s in found)
        with_solutions += bool(found)
    # Not all unsolvable: random ends rarely allow a filled board, so fill rules get fewer.
    assert with_solutions >= 25, with_solutions


@pytest.mark.parametrize("rules", ["flow", "nikoli"])
def test_distinct_colourings_are_counted_as_the_search_counts_them(rules, tmp_path):
    boards = random_boards(97, 60)
    path = tmp_path / "boards.txt"
    path.write_text("\n\n".join(boards) + "\n")
    expected = cli_json("count", "--engine", "search", "--distinct", "colours", "--rules", rules, str(path))
    for puzzle, record in zip(numberlink.read(str(path), rules=rules), expected):
        found = list(numberlink.solutions(puzzle, distinct="colours"))
        grids = [tuple(map(tuple, s.grid())) for s in found]
        assert len(set(grids)) == len(grids) == record["count"], puzzle


# A board with millions of solutions (nikoli rules leave cells empty): the enumeration could run
# for hours, so these tests only finish if stopping works.
MANY = numberlink.Puzzle(["A......", *["......."] * 5, "......A"], rules="nikoli")


def test_a_limit_and_a_break_stop_the_enumeration():
    assert len(list(numberlink.solutions(MANY, limit=7))) == 7
    assert list(numberlink.solutions(MANY, limit=0)) == []
    firsts = []
    for solution in numberlink.solutions(MANY):
        firsts.append(solution)
        if len(firsts) == 3:
            break
    assert len({canonical(s.paths) for s in firsts}) == 3
    generator = numberlink.solutions(MANY)
    assert next(generator).check()
    generator.close()  # stops the search thread; a hang here fails the suite's time limit
    with pytest.raises(StopIteration):
        next(generator)


def test_the_first_solutions_are_the_same_as_count_keeps():
    first = [canonical(s.paths) for s in numberlink.solutions(MANY, limit=5)]
    assert len(set(first)) == 5
    counted = numberlink.count(MANY, max=5, solutions=True)
    assert counted.at_least and len(counted.solutions) == 5
    assert all(s.check() for s in counted.solutions)


def test_a_time_limit_raises_timeout_error_after_the_solutions_found():
    found = 0
    with pytest.raises(TimeoutError, match="time limit ran out after"):
        for _ in numberlink.solutions(MANY, timeout=0.2):
            found += 1
    assert found > 0


def test_an_unsolvable_board_yields_nothing_and_a_unique_one_its_solution():
    assert list(numberlink.solutions(numberlink.Puzzle(["AB", "BA"]))) == []
    five = numberlink.Puzzle(["R...G", ".....", ".Y...", "..B..", "B.YRG"])
    (only,) = numberlink.solutions(five)
    assert only == numberlink.unique(five).solution


def test_several_iterators_at_once_do_not_mix():
    small = numberlink.Puzzle(["A..", "...", "..A"], rules="nikoli")
    pairs = list(itertools.islice(zip(numberlink.solutions(small), numberlink.solutions(MANY)), 5))
    assert all(a.puzzle == small and b.puzzle == MANY for a, b in pairs)
    assert len({canonical(a.paths) for a, _ in pairs}) == len(pairs)
