"""Anomia's lexicon: the categories, their accepted answers, and a forgiving judge.

The categories and answers live in ``content/lexicon.txt``::

    @deck 1
    == Fruit
    level: easy
    apple
    kiwi | kiwifruit

An answer line names one thing; names after ``|`` are other names for the same thing.
``@deck N`` starts a deck; within a deck the n-th category gets symbol ``n % 8``.

The judge forgives what a hurried typist gets wrong without taking one answer for
another: case, accents, punctuation, a leading article, plurals, words run together or
split, and small typos scaled to the length of what was typed.  A typo is forgiven
only when the typed word is not itself a real word or an answer to another category,
and when it is close to exactly one answer (``pear`` never passes for ``peach``).
"""

from __future__ import annotations

import gzip
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import islice, product
from typing import Final

from rapidfuzz import process
from rapidfuzz.distance import OSA

__all__ = [
    "Category", "Lexicon", "LexiconError", "Verdict", "default_lexicon", "forms", "key_of",
    "parse_lexicon", "typo_allowance",
]

LEVELS: Final = ("easy", "medium", "hard")
ARTICLES: Final = frozenset({"the", "a", "an"})
#: Plurals that do not end in s, both ways round.
IRREGULAR: Final[Mapping[str, str]] = {
    "mice": "mouse", "geese": "goose", "teeth": "tooth", "feet": "foot", "men": "man",
    "women": "woman", "children": "child", "people": "person", "oxen": "ox", "cacti": "cactus",
    "fungi": "fungus", "dice": "die", "lice": "louse", "octopi": "octopus", "fish": "fish",
    "sheep": "sheep", "deer": "deer", "moose": "moose",
}


class LexiconError(ValueError):
    """A lexicon file that does not follow the format (with the line at fault)."""


@dataclass(frozen=True, slots=True)
class Category:
    """One category card's text and every answer it accepts."""

    name: str
    level: str
    #: Each answer: its usual name first, then its other names.
    answers: tuple[tuple[str, ...], ...]
    deck: int = 0

    @property
    def broad(self) -> bool:
        return len(self.answers) >= 60


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's word on one typed answer."""

    accepted: bool
    #: The answer it was taken for (its usual name), if accepted.
    answer: str | None
    #: Why it was refused, in a player's words ("" when accepted).
    reason: str = ""
    #: Whether the text is unknown to the lexicon altogether (a vote may accept it).
    unknown: bool = False
    #: Accepted only by forgiving a typo.
    corrected: bool = False


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.casefold().replace("&", " and ").replace("ß", "ss")
    text = re.sub(r"['’`´]", "", text)
    return re.sub(r"[^a-z0-9]+", " ", text)


def words_of(text: str) -> list[str]:
    """The words of ``text``, folded, without a leading article."""
    words = _fold(text).split()
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return words


def key_of(text: str) -> str:
    """The plain key of a text: folded words run together ("The Polar-Bear" → polarbear)."""
    return "".join(words_of(text))


def _variants(word: str) -> set[str]:
    out = {word}
    if word in IRREGULAR:
        out.add(IRREGULAR[word])
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        out.add(word[:-1])
        if word.endswith("es"):
            out.add(word[:-2])
        if word.endswith("ies"):
            out.add(word[:-3] + "y")
        if word.endswith("ves"):
            out.update((word[:-3] + "f", word[:-3] + "fe"))
    return out


def forms(text: str) -> set[str]:
    """Every key ``text`` may stand for: its plain key and its words made singular."""
    words = words_of(text)
    if not words:
        return set()
    options = [sorted(_variants(w)) for w in words[:6]] + [[w] for w in words[6:]]
    return {"".join(combo) for combo in islice(product(*options), 64)}


def typo_allowance(key: str) -> int:
    """How many slips (a letter dropped, doubled, wrong or two swapped) are forgiven."""
    length = len(key)
    if length <= 4:
        return 0
    if length <= 7:
        return 1
    if length <= 12:
        return 2
    return 3


def parse_lexicon(text: str, source: str = "lexicon", empty_ok: bool = False
                  ) -> list[Category]:
    """Categories from the lexicon format; :class:`LexiconError` names the bad line.
    ``empty_ok`` allows a category without answers (a player's own, judged aloud)."""
    categories: list[Category] = []
    name: str | None = None
    level = "medium"
    answers: list[tuple[str, ...]] = []
    deck = 0
    where = 0

    def close() -> None:
        if name is None:
            return
        if not answers and not empty_ok:
            raise LexiconError(f"{source}, line {where}: {name!r} has no answers")
        categories.append(Category(name, level, tuple(answers), deck))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@deck"):
            close()
            name, answers = None, []
            try:
                deck = int(line.removeprefix("@deck").strip())
            except ValueError:
                raise LexiconError(f"{source}, line {number}: '@deck' needs a number") from None
        elif line.startswith("=="):
            close()
            name, level, answers, where = line.removeprefix("==").strip(), "medium", [], number
            if not name:
                raise LexiconError(f"{source}, line {number}: a category needs a name")
        elif name is None:
            raise LexiconError(f"{source}, line {number}: an answer before any '== category'")
        elif line.startswith("level:"):
            level = line.removeprefix("level:").strip()
            if level not in LEVELS:
                raise LexiconError(f"{source}, line {number}: level is one of {', '.join(LEVELS)}")
        else:
            names = tuple(part.strip() for part in line.split("|") if part.strip())
            if not names or not any(key_of(n) for n in names):
                raise LexiconError(f"{source}, line {number}: an answer needs letters or digits")
            answers.append(names)
    close()
    return categories


@dataclass(slots=True)
class _Index:
    """One category's answers, looked up by form and by plain key."""

    by_form: dict[str, set[int]] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)
    owners: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def add(self, names: Sequence[str]) -> None:
        entry = len(self.names)
        self.names.append(names[0])
        for name in names:
            for form in forms(name):
                self.by_form.setdefault(form, set()).add(entry)
            key = key_of(name)
            if key:
                self.keys.append(key)
                self.owners.append(entry)


class Lexicon:
    """Judges answers for every category it knows (and for answers added later)."""

    def __init__(self, categories: Iterable[Category], words: frozenset[str] = frozenset()
                 ) -> None:
        self.categories: dict[str, Category] = {}
        self._index: dict[str, _Index] = {}
        self._everywhere: dict[str, frozenset[str]] = {}  # form → the categories it answers
        self.words = words
        for category in categories:
            self.add_category(category)

    def __contains__(self, name: object) -> bool:
        return name in self.categories

    def __iter__(self) -> Iterator[Category]:
        return iter(self.categories.values())

    def __len__(self) -> int:
        return len(self.categories)

    def add_category(self, category: Category) -> None:
        if category.name in self.categories:
            raise LexiconError(f"the category {category.name!r} is listed twice")
        self.categories[category.name] = category
        index = self._index[category.name] = _Index()
        for names in category.answers:
            self._remember(category.name, index, names)

    def extended(self, categories: Iterable[Category]) -> Lexicon:
        """A lexicon with ``categories`` added; this one is left as it is (and the
        two share what they have in common, so this is quick)."""
        twin = Lexicon.__new__(Lexicon)
        twin.categories = dict(self.categories)
        twin._index = dict(self._index)
        twin._everywhere = dict(self._everywhere)
        twin.words = self.words
        for category in categories:
            twin.add_category(category)
        return twin

    def add_answers(self, category: str, answers: Iterable[Sequence[str]]) -> None:
        """Accept ``answers`` for ``category`` from now on (answers the players voted in);
        a lexicon this one was ``extended`` from is left as it was."""
        index = self._index[category]
        self._index[category] = index = _Index({f: set(e) for f, e in index.by_form.items()},
                                               index.keys[:], index.owners[:], index.names[:])
        for names in answers:
            self._remember(category, index, names)

    def _remember(self, category: str, index: _Index, names: Sequence[str]) -> None:
        index.add(names)
        for name in names:
            for form in forms(name):  # a new set each time: ``extended`` twins share them
                self._everywhere[form] = self._everywhere.get(form, frozenset()) | {category}

    def answers(self, category: str) -> tuple[tuple[str, ...], ...]:
        return self.categories[category].answers

    def judge(self, category: str, text: str) -> Verdict:
        """Whether ``text`` names something in ``category``."""
        verdict = self._judge(category, text)
        if verdict.accepted or not re.search(r"\s(and|&)\s", text):
            return verdict
        parts = [p for p in re.split(r"\s(?:and|&)\s", text) if p.strip()]
        if len(parts) < 2:
            return verdict
        each = [self._judge(category, part) for part in parts]
        if all(v.accepted for v in each):  # "Hansel and Gretel": two right answers
            return Verdict(True, " and ".join(v.answer or "" for v in each),
                           corrected=any(v.corrected for v in each))
        return verdict

    def _judge(self, category: str, text: str) -> Verdict:
        index = self._index[category]
        typed = forms(text)
        if not typed:
            return Verdict(False, None, "Type an answer first.")
        hits = {entry for form in typed for entry in index.by_form.get(form, ())}
        if hits:
            return Verdict(True, index.names[min(hits)])
        elsewhere = sorted({c for form in typed for c in self._everywhere.get(form, ())})
        shown = text.strip()
        if elsewhere:
            return Verdict(False, None, f"“{shown}” does not fit {category}.")
        words = words_of(text)
        bare = _without(words, _category_words(category))
        if bare and bare != words:  # "Amazon River" for River, "apple trees" for Tree
            hits = {entry for form in forms(" ".join(bare)) for entry in index.by_form.get(form, ())}
            if hits:
                return Verdict(True, index.names[min(hits)])
            words = bare
        refused = Verdict(False, None, f"“{shown}” is not in our list for {category}.",
                          unknown=True)
        if len(words) == 1 and words[0] in self.words and words[0] not in ARTICLES:
            return refused  # a real word is meant as typed, not a slip of another
        key = "".join(words)
        allowance = typo_allowance(key)
        if allowance == 0:
            return refused
        found = process.extract(key, index.keys, scorer=OSA.distance, score_cutoff=allowance,
                                limit=None)
        if not found:
            return refused
        best = min(distance for _, distance, _ in found)
        entries = {index.owners[i] for _, distance, i in found if distance == best}
        if len(entries) != 1:
            return refused  # close to two answers: cannot tell which was meant
        return Verdict(True, index.names[entries.pop()], corrected=True)


#: Words of a category's name that say nothing about its answers.
_PLAIN = frozenset({"or", "of", "and", "in", "on", "at", "a", "an", "the", "to", "with", "that",
                    "thing", "something", "type", "kind", "famous", "way", "item", "piece",
                    "part", "name", "word"})


@cache
def _category_words(category: str) -> frozenset[str]:
    """The telling words of a category's name, in every form ("River" → river, rivers)."""
    found: set[str] = set()
    for word in words_of(category):
        if word not in _PLAIN and len(word) >= 3:
            found |= _variants(word) | {word + "s", word + "es"}
    return frozenset(found)


def _without(words: list[str], drop: frozenset[str]) -> list[str]:
    """``words`` without the category's own words (also glued on: "heartshape")."""
    kept = []
    for word in words:
        if word in drop:
            continue
        for part in drop:
            if len(word) > len(part) + 2 and word.endswith(part):
                word = word[: -len(part)]
                break
            if len(word) > len(part) + 2 and word.startswith(part):
                word = word[len(part):]
                break
        kept.append(word)
    return kept if kept else words


@cache
def dictionary_words() -> frozenset[str]:
    """Common English words (SCOWL), to tell a real word from a typo."""
    data = resources.files("tabletop.games.anomia").joinpath("content/words.txt.gz")
    return frozenset(gzip.decompress(data.read_bytes()).decode("utf-8").split())


@cache
def builtin_categories() -> tuple[Category, ...]:
    data = resources.files("tabletop.games.anomia").joinpath("content/lexicon.txt")
    return tuple(parse_lexicon(data.read_text(encoding="utf-8"), "lexicon.txt"))


@cache
def _builtin() -> Lexicon:
    return Lexicon(builtin_categories(), dictionary_words())


def default_lexicon(extra: Iterable[Category] = ()) -> Lexicon:
    """Our own categories (and ``extra`` ones), judged with the common-words guard.
    Built once per process; each call gives a lexicon of its own."""
    return _builtin().extended(extra)


def learned_text(text: str, category: str, answer: str) -> str:
    """``text`` (a file of answers players voted in, in the lexicon format) with
    ``answer`` added under ``category``, unless it is there already; categories and
    answers stay in the order they were learned."""
    learned: dict[str, list[tuple[str, ...]]] = {}
    for found in parse_lexicon(text, "learned answers", empty_ok=True):
        learned.setdefault(found.name, []).extend(found.answers)
    answers = learned.setdefault(category, [])
    # Written as one answer line: no alternatives bar, nothing the format reads as a heading.
    line = " ".join(answer.replace("|", " ").split()).lstrip("#=@")
    if line.lower().startswith("level:"):
        line = line[6:].strip()
    if key_of(line) and not any(forms(line) & forms(n) for names in answers for n in names):
        answers.append((line,))
    lines = [LEARNED_HEADER]
    for name, listed in learned.items():
        lines += ["", f"== {name}", *(" | ".join(names) for names in listed)]
    return "\n".join(lines) + "\n"


LEARNED_HEADER: Final = ("# Answers your table voted in. Each counts from the next game on; "
                         "delete a line to forget it.")
