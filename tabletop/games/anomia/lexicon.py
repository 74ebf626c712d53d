"""Anomia's lexicon: the categories, their accepted answers, and a forgiving judge.

The categories and answers live in ``content/lexicon.txt``::

    @deck 1
    == Fruit
    level: easy
    apple
    kiwi | kiwifruit

An answer line names one thing; names after ``|`` are other names for the same thing.
``@deck N`` starts a deck; within a deck the n-th category gets symbol ``n % 8``.

The judge reads an answer the way a person at the table would.  It forgives case,
accents, punctuation, a leading article, plurals, words run together or split, words
in front of a listed answer ("Granny Smith apple": the head word decides) and slips of
the keyboard, judged word by word: a slip is forgiven when the word keeps its first
letter and is near exactly one answer; a short word, or one that is itself a real word,
only when it also sounds the same ("dear" for deer, "aple" for apple).  It never takes
one answer for another: an answer listed elsewhere is not read as a slip, and no word
of a multi-word answer changes into a different short word ("green pea" is not green
tea).  A refusal is never final: the table may vote an answer in.
"""

from __future__ import annotations

import gzip
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
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
#: Answers that say there is none: never upheld, however real their words.
GIVING_UP: Final = frozenset({"noidea", "idk", "dunno", "pass", "skip", "nothing", "none",
                              "idontknow", "dontknow", "noclue", "notsure", "noanswer",
                              "nothingcomestomind", "blank", "unknown"})
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
    #: Words an answer may go without ("drop: soup": "tomato" names tomato soup).
    drop: tuple[str, ...] = ()
    #: Cards whose answers count for this one too (a mammal is an animal).
    takes: tuple[str, ...] = ()

    @property
    def broad(self) -> bool:
        """Whether the category has so many answers that bots find one at once."""
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
    #: Accepted for its head word: the words in front were read as a qualifier.
    qualified: bool = False


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.casefold().replace("&", " and ").replace("ß", "ss")
    text = re.sub(r"['’`´]", "", text)
    return re.sub(r"[^a-z0-9]+", " ", text)


#: Short forms written before a name, read in full ("Mt Fuji" is Mount Fuji).
SHORT_FORMS: Final[Mapping[str, str]] = {"mt": "mount", "st": "saint", "ft": "fort"}


def words_of(text: str) -> list[str]:
    """The words of ``text``, folded, without a leading article, short forms before a
    name in full."""
    words = _fold(text).split()
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return [SHORT_FORMS.get(w, w) for w in words[:-1]] + words[-1:]


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
    """Every key a typed ``text`` may stand for: its plain key and its words made
    singular (some of these are not words: they only ever meet :func:`entry_forms`)."""
    return {"".join(combo) for combo in word_forms(words_of(text))}


def word_forms(words: Sequence[str]) -> list[tuple[str, ...]]:
    """``words``, and with each word made singular in every way it might be."""
    if not words:
        return []
    options = [sorted(_variants(w)) for w in words[:6]] + [[w] for w in words[6:]]
    return list(islice(product(*options), 64))


#: Singulars that take a plural other than by adding "s" or "es".
_PLURAL: Final[Mapping[str, str]] = {v: k for k, v in IRREGULAR.items() if k != v}


def _plurals(word: str) -> set[str]:
    out = {word + "s", word + "es"}
    if word in _PLURAL:
        out.add(_PLURAL[word])
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        out.add(word[:-1] + "ies")
    if word.endswith("fe"):
        out.add(word[:-2] + "ves")
    elif word.endswith("f"):
        out.add(word[:-1] + "ves")
    return out


def entry_forms(name: str, words: frozenset[str] = frozenset()) -> set[str]:
    """The keys a listed answer is known by: as listed, its last word made plural, and
    (when the list gives a plural that is a real word's) made singular: "apples" is
    known as apple too, "lotus" never as "lotu"."""
    parts = words_of(name)
    if not parts:
        return set()
    if not is_thing(name):  # a name: Wales is not the plural of a wale
        return {"".join(parts)}
    head, last = "".join(parts[:-1]), parts[-1]
    found = {head + last} | {head + plural for plural in _plurals(last)}
    found |= {head + single for single in _variants(last) - {last} if single in words}
    return found


def is_thing(name: str) -> bool:
    """Whether a listed answer names a kind of thing ("Victoria sponge", "apple") rather
    than one thing by its name ("The Smiths", "Orange" the river): its last word is
    written in lower case."""
    last = name.split()[-1] if name.split() else name
    return last == last.lower()


#: Cards sharing this many answers are about the same things.
RELATED_SHARE: Final = 5


def typo_allowance(word: str) -> int:
    """How many slips (a letter dropped, doubled, wrong or two swapped) are forgiven in a
    word: none in three letters, one up to seven, two up to twelve, then three."""
    length = len(word)
    if length <= 3:
        return 0
    if length <= 7:
        return 1
    if length <= 12:
        return 2
    return 3


_SOUNDS: Final = {**dict.fromkeys("bfpv", "1"), **dict.fromkeys("cgjkqsxz", "2"),
                  **dict.fromkeys("dt", "3"), "l": "4", **dict.fromkeys("mn", "5"), "r": "6"}


def sound_of(word: str) -> str:
    """The word's Soundex code: its first letter and how its next consonants sound
    (words that sound alike share it: dear and deer, racoon and raccoon)."""
    if not word:
        return ""
    code, last = [word[0]], _SOUNDS.get(word[0], "")
    for letter in word[1:]:
        digit = _SOUNDS.get(letter, "")
        if digit and digit != last:
            code.append(digit)
        if letter not in "hw":
            last = digit
    return ("".join(code) + "000")[:4]


def slips(typed: str, meant: str, words: frozenset[str] = frozenset()) -> int | None:
    """How many slips turn the word ``meant`` into ``typed``, if they are forgiven: the
    first letter kept, within :func:`typo_allowance` (one more for a word of five
    letters or more that sounds the same), and for a short word or a real word only
    if it sounds the same."""
    near = _near(typed, meant)
    if near is None:
        return None
    distance, alike = near
    if (len(typed) <= 4 or typed in words) and not alike:
        return None
    if typed in words and distance > 1:  # a real word is meant as typed: "wheat" is no "wet"
        return None
    return distance


def _near(typed: str, meant: str) -> tuple[int, bool] | None:
    """The slips between two words if ``typed`` could be a slip of ``meant`` at all,
    and whether the two sound alike."""
    if typed == meant:
        return 0, True
    heard, meant_heard = spoken(typed), spoken(meant)
    alike = heard == meant_heard or (typed[:1] == meant[:1] and sound_of(typed) == sound_of(meant))
    # Three letters: one slip only into a word that sounds the same ("duk" for duck).
    allowance = typo_allowance(typed) or (1 if len(typed) == 3 and alike else 0)
    if not allowance:
        return None
    distance = OSA.distance(typed, meant, score_cutoff=allowance)
    if distance <= allowance and typed[:1] == meant[:1]:
        return distance, alike
    # Spelled as it sounds: "elefant", "fotographer", "vinager", "rist" for wrist.
    if len(typed) >= 4 and heard == meant_heard and (len(meant) >= 5 or typed[0] == meant[0]):
        return OSA.distance(typed, meant), alike
    return None


#: Spellings that sound alike, folded to one ("ph" is heard as "f").
_SPOKEN: Final = tuple((re.compile(a), b) for a, b in (
    (r"^wr", "r"), (r"^kn", "n"), (r"^gn", "n"), (r"^ps", "s"), (r"^wh", "w"), (r"mb$", "m"),
    (r"ph", "f"), (r"gh", "g"), (r"ck", "k"), (r"ch", "k"), (r"sh", "s"), (r"th", "t"),
    (r"q", "k"), (r"x", "ks"), (r"z", "s"), (r"c(?=[eiy])", "s"), (r"c", "k"), (r"y", "i"),
    (r"(?<=[^aeiou])h", ""), (r"gue$", "g"), (r"(?<=..[^aeiou])e$", ""),
    (r"(.)\1+", r"\1"), (r"[aeiou]+", "a")))


@lru_cache(maxsize=65536)
def spoken(word: str) -> str:
    """A word as it is heard: letters that sound alike folded together, doubled letters
    single, every run of vowels one ("elephant" and "elefant" both become "alafant")."""
    for pattern, sound in _SPOKEN:
        word = pattern.sub(sound, word)
    return word


def parse_lexicon(text: str, source: str = "lexicon", empty_ok: bool = False
                  ) -> list[Category]:
    """Categories from the lexicon format; :class:`LexiconError` names the bad line.
    ``empty_ok`` allows a category without answers (a player's own, judged aloud)."""
    categories: list[Category] = []
    name: str | None = None
    level = "medium"
    answers: list[tuple[str, ...]] = []
    drop: tuple[str, ...] = ()
    takes: tuple[str, ...] = ()
    deck = 0
    where = 0

    def close() -> None:
        if name is None:
            return
        if not answers and not empty_ok:
            raise LexiconError(f"{source}, line {where}: {name!r} has no answers")
        categories.append(Category(name, level, tuple(answers), deck, drop, takes))

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
            drop, takes = (), ()
            if not name:
                raise LexiconError(f"{source}, line {number}: a category needs a name")
        elif name is None:
            raise LexiconError(f"{source}, line {number}: an answer before any '== category'")
        elif line.startswith("takes:"):
            takes = tuple(n.strip() for n in line.removeprefix("takes:").split(";") if n.strip())
        elif line.startswith("drop:"):
            drop = tuple(w for w in words_of(line.removeprefix("drop:")) if w)
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
    """One category's answers, looked up by form, and by plain key for slips."""

    by_form: dict[str, set[int]] = field(default_factory=dict)
    #: The forms of answers without the card's own words ("tomato" for tomato soup).
    by_short: dict[str, set[int]] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)
    #: Each key's words (a slip is judged word by word).
    spelled: list[tuple[str, ...]] = field(default_factory=list)
    owners: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    #: The first entry of each usual name (an answer listed twice is one answer).
    first: dict[str, int] = field(default_factory=dict)

    def add(self, names: Sequence[str], words: frozenset[str],
            plain: frozenset[str] = frozenset()) -> None:
        """Index an answer's names; ``plain``: the category's own words, which a name
        may go without ("tomato" for the Soup card's tomato soup)."""
        entry = len(self.names)
        self.names.append(names[0])
        self.first.setdefault(key_of(names[0]), entry)
        for name in names:
            for form in entry_forms(name, words):
                self.by_form.setdefault(form, set()).add(entry)
            short = [w for w in words_of(name) if w not in plain]
            if short and len(short) < len(words_of(name)):
                for form in entry_forms(" ".join(short), words):
                    self.by_short.setdefault(form, set()).add(entry)
            parts = tuple(words_of(name))
            if parts:
                self.keys.append("".join(parts))
                self.spelled.append(parts)
                self.owners.append(entry)

    def copy(self) -> _Index:
        return _Index({f: set(e) for f, e in self.by_form.items()},
                      {f: set(e) for f, e in self.by_short.items()}, self.keys[:],
                      self.spelled[:], self.owners[:], self.names[:], dict(self.first))


class Lexicon:
    """Judges answers for every category it knows (and for answers added later)."""

    #: A game's lexicon: the texts :func:`table_lexicon` made it from.
    recipe: tuple[str, str] | None = None

    def __init__(self, categories: Iterable[Category], words: frozenset[str] = frozenset()
                 ) -> None:
        self.categories: dict[str, Category] = {}
        self._index: dict[str, _Index] = {}
        self._everywhere: dict[str, frozenset[str]] = {}  # form → the categories it answers
        #: The same for the answers that are things rather than names (lower case).
        self._things: dict[str, frozenset[str]] = {}
        self.words = words
        self._keys: dict[str, tuple[list[str], list[str]]] | None = None
        self._pairs: dict[tuple[str, str], bool] = {}
        for category in categories:
            self.add_category(category)

    def __reduce_ex__(self, protocol: object) -> str | tuple[object, ...]:
        # A game's lexicon travels (to the bot worker, with a seat's observation) as the
        # texts it was made from: each process makes it once (megabytes otherwise).
        if self.recipe is not None:
            return table_lexicon, self.recipe
        return object.__reduce_ex__(self, protocol)  # type: ignore[arg-type]

    def __contains__(self, name: object) -> bool:
        return name in self.categories

    def __iter__(self) -> Iterator[Category]:
        return iter(self.categories.values())

    def __len__(self) -> int:
        return len(self.categories)

    def add_category(self, category: Category) -> None:
        """Add ``category`` (``LexiconError`` if one of that name is there)."""
        if category.name in self.categories:
            raise LexiconError(f"the category {category.name!r} is listed twice")
        self.categories[category.name] = category
        self._keys = None
        self._pairs = {}
        index = self._index[category.name] = _Index()
        for names in category.answers:
            self._remember(category.name, index, names, category.drop)

    def extended(self, categories: Iterable[Category]) -> Lexicon:
        """A lexicon with ``categories`` added; this one is left as it is (and the
        two share what they have in common, so this is quick)."""
        twin = Lexicon.__new__(Lexicon)
        twin.categories = dict(self.categories)
        twin._index = dict(self._index)
        twin._everywhere = dict(self._everywhere)
        twin._things = dict(self._things)
        twin.words = self.words
        twin._keys = None
        twin._pairs = {}
        for category in categories:
            twin.add_category(category)
        return twin

    def add_answers(self, category: str, answers: Iterable[Sequence[str]]) -> None:
        """Accept ``answers`` for ``category`` from now on (answers the players voted in);
        a lexicon this one was ``extended`` from is left as it was."""
        self._index[category] = index = self._index[category].copy()
        self._keys = None
        self._pairs = {}
        for names in answers:
            self._remember(category, index, names, self.categories[category].drop)

    def _remember(self, category: str, index: _Index, names: Sequence[str],
                  drop: Sequence[str] = ()) -> None:
        index.add(names, self.words, frozenset(drop))
        for name in names:
            for form in entry_forms(name, self.words):  # a new set each time: ``extended``
                # twins share them
                self._everywhere[form] = self._everywhere.get(form, frozenset()) | {category}
                if is_thing(name):
                    self._things[form] = self._things.get(form, frozenset()) | {category}

    def answers(self, category: str) -> tuple[tuple[str, ...], ...]:
        """The listed answers of ``category``, each with its other spellings."""
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
        words = words_of(text)
        if not words:
            return Verdict(False, None, "Type an answer first.")
        shown = text.strip()
        found = self._listed(index, words)
        if found is not None:
            return Verdict(True, found)
        elsewhere = self._elsewhere(words) - {category}
        readings = [words]
        bare = _without(words, _category_words(category))
        if bare != words:  # "Amazon River" for River, "apple trees" for Tree
            found = self._listed(index, bare)
            if found is not None:
                return Verdict(True, found)
            readings.append(bare)
        refused = Verdict(False, None, f"“{shown}” does not fit {category}: the table "
                          f"may vote on it.", unknown=True)
        things = self._elsewhere(words, things=True) - {category}
        unrelated = {card for card in elsewhere if not self._related(category, card)}
        if things & unrelated:
            return refused  # meant as that answer: not read as a slip, nor its head alone
        if not elsewhere:  # a name listed elsewhere ("Wales") is meant as written
            for reading in readings:
                found = self._slipped(index, reading)
                if found is not None:
                    return Verdict(True, found, corrected=True)
        # "Granny Smith apple", "red pepper" (a spice too): the head word decides; but
        # "Mickey Mouse", "Go Fish" (names listed elsewhere, or slipped) and "teddy bear"
        # (a thing of an unrelated card) name that, not a mouse, a fish or a bear.
        named = bool(elsewhere - things or unrelated) or self._meant_elsewhere(words, category)
        for start in range(1, 0 if named else len(words)):
            head = words[start:]
            if len(head) > 1 and self._elsewhere(head, things=True) - {category}:
                break  # "teddy bear" for Animal: what is named is the other answer
            found = self._listed(index, head, short=False)
            # A kind of a thing, not of a name: "navel orange" is no river.
            if found is not None and is_thing(found):
                return Verdict(True, found, qualified=True)
        if elsewhere:
            return refused
        return Verdict(False, None, f"“{shown}” is not in our list for {category}.",
                       unknown=True)

    def knows(self, category: str, text: str) -> str | None:
        """The answer ``text`` names in ``category`` as listed, slipped or qualified,
        wherever else it may be listed too (for the reference: see :meth:`contest`)."""
        index, words = self._index.get(category), words_of(text)
        if index is None or not words:
            return None
        bare = _without(words, _category_words(category))
        for reading in (words, bare):
            found = self._listed(index, reading) or self._slipped(index, reading)
            if found is not None:
                return found
        for start in range(1, len(words)):
            found = self._listed(index, words[start:], short=False)
            if found is not None and is_thing(found):
                return found
        return None

    def contest(self, category: str, text: str) -> tuple[bool, str]:
        """A lone player contests a refusal: the reference decides, in words for the
        log.  Where the reference (WordNet's every name under the card, however rare)
        covers the card, the answer stands if it is there; where it does not, the
        player's word counts if every word of it is a real word or name and the answer
        is not listed under another card."""
        if key_of(text) in GIVING_UP:
            return False, "that says there is no answer"
        reference = reference_lexicon()
        if category in reference.categories:
            found = reference.knows(category, text)
            if found is not None:
                return True, f"the reference lists {found} under {category}"
            return False, f"the reference does not list it under {category}"
        elsewhere = sorted(self._elsewhere(words_of(text)) - {category})
        if elsewhere:
            return False, f"it is listed under {elsewhere[0]}"
        unknown = [w for w in words_of(text) if w not in self.words and w not in known_words()]
        if unknown:
            return False, f"“{unknown[0]}” is not a word the reference knows"
        return True, "no reference covers this card, so your word counts"

    def _listed(self, index: _Index, words: Sequence[str], short: bool = True) -> str | None:
        """The answer ``words`` name as listed (``short``: also without the card's own
        words, which a head word alone never stands for: "tiger" is no tiger bread)."""
        keys = ["".join(combo) for combo in word_forms(words)]
        hits = {entry for key in keys for entry in index.by_form.get(key, ())}
        if not hits and short:
            hits = {entry for key in keys for entry in index.by_short.get(key, ())}
        return index.names[min(hits)] if hits else None

    def _elsewhere(self, words: Sequence[str], things: bool = False) -> set[str]:
        """The categories ``words`` are an answer of (only as a thing, not a name)."""
        found = self._things if things else self._everywhere
        return {c for combo in word_forms(words) for c in found.get("".join(combo), ())}

    def _slipped(self, index: _Index, words: Sequence[str]) -> str | None:
        """The one answer ``words`` are a slip of, word by word, if there is one."""
        budget = sum(typo_allowance(w) for w in words)
        if not budget:
            return None
        # Each answer the words come near, with the fewest slips and whether those are
        # forgiven; near two answers at once, the words are not guessed at.
        best: dict[int, tuple[int, bool, bool, str]] = {}
        for typed in word_forms(words)[:8]:
            key = "".join(typed)
            for _, _, i in process.extract(key, index.keys, scorer=OSA.distance,
                                           score_cutoff=budget + len(words), limit=None):
                meant = index.spelled[i]
                typed_as: Sequence[str]
                meant_as: Sequence[str]
                if len(typed) < len(meant):  # words run together: "icecreme", "bustop"
                    typed_as, meant_as = (key,), ("".join(meant),)
                elif len(typed) == len(meant):
                    typed_as, meant_as = typed, meant
                else:
                    continue
                each = [_near(t, m) for t, m in zip(typed_as, meant_as)]
                if any(near is None for near in each):
                    continue
                total = sum(near[0] for near in each if near is not None)
                # In a name of several words, the others right: a real word one slip
                # from its word ("Sherlock Homes", "Humpty Dumpy"), never a short one.
                named = len(typed_as) > 1 and sum(t == m for t, m in zip(typed_as, meant_as)) \
                    == len(typed_as) - 1
                forgiven = (all(slips(t, m, self.words) is not None
                                or (named and near is not None and near[0] == 1 and len(t) >= 4)
                                for t, m, near in zip(typed_as, meant_as, each))
                            and _sounds_plural(words if typed_as is typed else ("".join(words),),
                                               typed_as, meant_as))
                owner = index.owners[i]
                owner = index.first.get(key_of(index.names[owner]), owner)  # listed twice
                alike = all(spoken(t) == spoken(m) for t, m in zip(typed_as, meant_as))
                if owner not in best or (total, not forgiven, not alike) < best[owner][:3]:
                    best[owner] = (total, not forgiven, not alike, key)
        if not best:
            return None
        least = min(found[0] for found in best.values())
        closest = [(owner, found) for owner, found in best.items() if found[0] == least]
        if len(closest) > 1:  # "docter": the doctor it sounds like, not a docker
            closest = [(owner, found) for owner, found in closest if not found[2]]
        if len(closest) != 1 or closest[0][1][1]:
            return None
        owner, (_, _, _, key) = closest[0]
        if self._nearer_elsewhere(index, key, owner):
            return None  # "Engish" is a slip of English, not of anguish
        return index.names[owner]

    def _related(self, category: str, other: str) -> bool:
        """Whether two cards are about the same things: one takes the other's answers, or
        they share several (Vegetable and Herb or spice; not Animal and Toy)."""
        if other in self.categories[category].takes or category in self.categories[other].takes:
            return True
        pair = (category, other) if category < other else (other, category)
        related = self._pairs.get(pair)
        if related is None:
            shared = set(self._index[category].keys) & set(self._index[other].keys)
            related = self._pairs[pair] = len(shared) >= RELATED_SHARE
        return related

    def _all_keys(self, key: str) -> tuple[list[str], list[str]]:
        """Every answer's key that begins as ``key`` does (a slip keeps the first
        letter), and the card each is listed under."""
        if self._keys is None:
            self._keys = {}
            for name, other in self._index.items():
                for listed in other.keys:
                    keys, cards = self._keys.setdefault(listed[:1], ([], []))
                    keys.append(listed)
                    cards.append(name)
        return self._keys.get(key[:1], ([], []))

    def _meant_elsewhere(self, words: Sequence[str], category: str) -> bool:
        """Whether ``words`` (more than one) are a slip of a name on another card, or of
        an answer of an unrelated card."""
        budget = sum(typo_allowance(w) for w in words)
        if len(words) < 2 or not budget:
            return False
        keys, cards = self._all_keys(words[0])
        near = {cards[i] for _, _, i in process.extract("".join(words), keys, scorer=OSA.distance,
                                                        score_cutoff=budget, limit=None)}
        for card in near - {category}:
            found = self._slipped(self._index[card], words)
            # A name is meant as that one wherever it is listed; a kind of thing, where
            # its card is about other things ("red pepper" is a spice and a vegetable).
            if found is not None and (not is_thing(found) or not self._related(category, card)):
                return True
        return False

    def _nearer_elsewhere(self, index: _Index, key: str, entry: int) -> bool:
        """Whether ``key`` lies nearer another card's answer than the answer ``entry`` it
        was read as: then it was meant as that one, and is not guessed at here."""
        keys, cards = self._all_keys(key)
        mine = {k for k, owner in zip(index.keys, index.owners)
                if index.first.get(key_of(index.names[owner]), owner) == entry}
        least = min(OSA.distance(key, k) for k in mine)
        if least == 0:
            return False
        for _, _, i in process.extract(key, keys, scorer=OSA.distance,
                                       score_cutoff=least - 1, limit=None):
            if keys[i] not in mine and self._index[cards[i]] is not index:
                return True
        return False


def _sounds_plural(words: Sequence[str], typed: Sequence[str], meant: Sequence[str]) -> bool:
    """Where a word was read as a singular to judge its slips, the plural as typed
    sounds like the answer's plural ("monkies": monkeys, not monks)."""
    for word, single, answer in zip(words, typed, meant):
        if word != single and sound_of(word) not in {sound_of(answer)} | {
                sound_of(plural) for plural in _plurals(answer)}:
            return False
    return True


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


#: The answer lists: our own, then what WordNet adds to them (``tools/wordnet_lexicon.py``).
SOURCES: Final = ("lexicon.txt", "lexicon_wordnet.txt")


@cache
def builtin_categories() -> tuple[Category, ...]:
    """Our categories, each with the answers of every source."""
    content = resources.files("tabletop.games.anomia").joinpath("content")
    own, *more = (parse_lexicon(content.joinpath(name).read_text(encoding="utf-8"), name)
                  for name in SOURCES)
    added: dict[str, list[tuple[str, ...]]] = {}
    for extra, name in zip(more, SOURCES[1:]):
        for category in extra:
            added.setdefault(category.name, []).extend(category.answers)
    names = {category.name for category in own}
    unknown = (set(added) | {n for c in own for n in c.takes}) - names
    if unknown:
        raise LexiconError(f"no such category: {', '.join(sorted(unknown))}")
    answers = {c.name: c.answers + tuple(added.get(c.name, ())) for c in own}
    return tuple(Category(c.name, c.level, answers[c.name] + tuple(
        a for taken in c.takes for a in answers[taken]), c.deck, c.drop, c.takes) for c in own)


@cache
def known_words() -> frozenset[str]:
    """Every word of every answer we list or the reference knows (names included)."""
    return frozenset(w for lexicon in (_builtin(), reference_lexicon())
                     for c in lexicon for names in c.answers for n in names for w in words_of(n))


@cache
def reference_lexicon() -> Lexicon:
    """What a lone player's contest is judged by: every name WordNet files under the
    categories it covers (``content/reference_wordnet.txt``), however rare."""
    data = resources.files("tabletop.games.anomia").joinpath("content/reference_wordnet.txt")
    return Lexicon(parse_lexicon(data.read_text(encoding="utf-8"), "reference_wordnet.txt"),
                   dictionary_words())


@cache
def _builtin() -> Lexicon:
    return Lexicon(builtin_categories(), dictionary_words())


def default_lexicon(extra: Iterable[Category] = ()) -> Lexicon:
    """Our own categories (and ``extra`` ones), judged with the common-words guard.
    Built once per process; each call gives a lexicon of its own."""
    return _builtin().extended(extra)


@lru_cache(maxsize=4)
def table_lexicon(custom: str = "", learned: str = "") -> Lexicon:
    """A game's lexicon: ours, with the categories of ``custom`` that we do not have and
    the answers of ``learned`` (voted in at earlier games) for the categories it knows.
    Made once per process for the same texts, and never changed once made (answers
    voted in during a game live in its state).  Raises ``ValueError`` for a bad text."""
    try:
        customs = parse_lexicon(custom, "your categories", empty_ok=True) if custom.strip() else []
        learned_answers = parse_lexicon(learned, "learned answers", empty_ok=True)
    except LexiconError as problem:
        raise ValueError(str(problem)) from None
    known = {c.name for c in builtin_categories()}
    lexicon = default_lexicon([c for c in customs if c.name not in known])
    for found in learned_answers:
        if found.name in lexicon and found.answers:
            lexicon.add_answers(found.name, found.answers)
    lexicon.recipe = (custom, learned)
    return lexicon


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
