"""Every one-layer puzzle of the reference corpus that a puzz.link URL can hold goes to a URL and
back as the same puzzle (its labels numbered 1, 2, ... in label order when they are not numbers,
as docs/formats.md says); every other one is refused with a message naming the puzzle. The
command line writes the URLs (`convert --to puzzlink`), Python reads them back."""
import pathlib

import numberlink
from numberlink import Puzzle
from conftest import CORPUS, cli, corpus


def corpus_files():
    corpus("README.md")  # skips when the corpus is absent
    return sorted(p for p in pathlib.Path(CORPUS).rglob("*") if p.is_file() and p.suffix in (".txt", ".in", "")
                  and "solution" not in str(p) and "answer" not in p.name.lower() and p.name != "README.md")


def expressible(puzzle):
    record = puzzle.to_dict()
    names = [label["name"] for label in record["labels"]]
    numbers = all(name.isdigit() for name in names)
    return (puzzle.layers == 1 and not record.get("blocked") and set(record) <= KNOWN_FIELDS
            and (numbers or not any(name.isdigit() for name in names)))


# The fields of a plain one-layer board's JSON object (variants add others, docs/json.md).
KNOWN_FIELDS = {"name", "width", "height", "layers", "rules", "labels", "blocked", "paths", "grid"}


def numbered(puzzle):
    """The puzzle as its URL says it: labels that are not numbers become 1, 2, ... in label order."""
    record = puzzle.to_dict()
    if not all(label["name"].isdigit() for label in record["labels"]):
        for k, label in enumerate(record["labels"], start=1):
            label["name"] = str(k)
    record.pop("paths", None)
    record.pop("grid", None)
    return Puzzle.from_dict(record)


def test_the_corpus_round_trips_through_urls():
    tried = refused = 0
    for path in corpus_files():
        try:
            puzzles = numberlink.read(str(path))
        except numberlink.InputError:
            continue  # the corpus's deliberately malformed files
        converted = cli("convert", "--to", "puzzlink", str(path), check=False)
        if all(expressible(p) for p in puzzles):
            assert converted.returncode == 0, (path, converted.stderr)
            urls = converted.stdout.split()
            assert len(urls) == len(puzzles), path
            for puzzle, url in zip(puzzles, urls):
                assert url.startswith("https://puzz.link/p?numlin/"), url
                assert Puzzle.from_url(url, rules=puzzle.rules) == numbered(puzzle), (puzzle.name, url)
                assert puzzle.to_url() == url
                tried += 1
        else:
            assert converted.returncode == 2, path
            assert converted.stderr.startswith("numberlink: " + str(path)), converted.stderr
            refused += 1
    print(f"{tried} puzzles round-tripped, {refused} files refused")
    assert tried >= 500, tried  # the level packs, Arukone sets, mzucker, intgrid boards
    assert refused >= 1, refused  # the ADC boards of several layers at least
