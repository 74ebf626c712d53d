#!/usr/bin/env python3
"""Grow Anomia's category answer lists from WordNet 3.0 (a dev tool, stdlib only).

Reads Princeton WordNet's noun database as Debian's ``wordnet-base`` installs it
(``/usr/share/wordnet``: data.noun, index.noun, and index.sense or cntlist(.rev) for
sense tag counts) and the SCOWL word lists of ``wamerican`` / ``wamerican-large`` /
``wamerican-huge`` (``/usr/share/dict``), and writes the answers WordNet knows that
the game's lexicon.txt does not accept yet, in the lexicon format::

    apt-get install -y wordnet-base wamerican wamerican-large wamerican-huge
    python3 tools/wordnet_lexicon.py   (writes tabletop/games/anomia/content/lexicon_wordnet.txt)

``wordnet_mapping.tsv`` (beside this script) says which WordNet sub-trees serve which
category and what to leave out; its header explains the rules.  One synset (one
thing and its other names) becomes one answer line when:

1. it lies under one of the category's roots (its hyponym closure, instances too for
   ``iroot``), not under a ``skip`` node, and in a lexicographer file (noun.animal,
   noun.food...) that the roots use; the roots themselves are not added;
2. it has a name that is *common enough* (the thresholds in ``Rules``, see NOTES.md):
   tagged at least ``tags`` times in the SemCor corpus (WordNet's sense tag counts),
   or one word in SCOWL's everyday list (size 50), or one word in a list of size
   <= ``single`` naming a kind with no sub-kinds (kinkajou, not "prosimian"), or at
   most ``words`` words whose modifiers are in a list of size <= ``multi`` and whose
   last word either names an ancestor ("mute swan" is under swan) or is itself a rare
   word that names nothing else in the category ("slow loris"; not "blade apple");
3. the judge does not accept it already (compared as lexicon.py compares: case,
   accents, punctuation, plurals and the category's own words folded away); if it
   accepts one of its names, only WordNet's headword may still be added (tangelo,
   whose synset also holds the listed "ugli fruit").

Each name is cleaned on the way: Latin taxon names ("Potos flavus") go, as do names
whose commoner sense is something unrelated (the sawhorse's other name "horse"),
one-word names used mostly as verbs or adjectives ("sour"), another synset's
headword, and the category's ``ban`` list.  Hand-written ``add`` lines (everyday food
WordNet misses or files elsewhere) are added as written unless already accepted.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORDNET = Path("/usr/share/wordnet")
DICTS = Path("/usr/share/dict")
#: SCOWL size of each Debian list: 50 is everyday English, 70 a big desk
#: dictionary, 80 adds rarer words that spell checkers still know.
SCOWL = {50: "american-english", 70: "american-english-large", 80: "american-english-huge"}
LEXFILES = {3: "Tops", 4: "act", 5: "animal", 6: "artifact", 7: "attribute", 8: "body",
            9: "cognition", 10: "communication", 11: "event", 12: "feeling", 13: "food",
            14: "group", 15: "location", 16: "motive", 17: "object", 18: "person",
            19: "phenomenon", 20: "plant", 21: "possession", 22: "process", 23: "quantity",
            24: "relation", 25: "shape", 26: "state", 27: "substance", 28: "time"}
LATIN_ENDINGS = ("idae", "inae", "aceae", "iformes", "ales")
#: SCOWL size of everyday words: a one-word name this common is always kept.
COMMON = 50
#: A one-word name never tagged in its noun sense but tagged this often as a verb,
#: adjective or adverb is mostly something else ("sour", "cling") and is left out.
OTHER_POS = 3
#: WordNet 3.0's licence (as in data.noun and Debian's wordnet-base copyright file); it
#: must travel with every copy of anything made from WordNet.
LICENCE = """\
This software and database is being provided to you, the LICENSEE, by
Princeton University under the following license.  By obtaining, using
and/or copying this software and database, you agree that you have
read, understood, and will comply with these terms and conditions.:

Permission to use, copy, modify and distribute this software and
database and its documentation for any purpose and without fee or
royalty is hereby granted, provided that you agree to comply with
the following copyright notice and statements, including the disclaimer,
and that the same appear on ALL copies of the software, database and
documentation, including modifications that you make for internal
use or for distribution.

WordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved.

THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON
UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR
IMPLIED.  BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON
UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANT-
ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE
OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT
INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR
OTHER RIGHTS.

The name of Princeton University or Princeton may not be used in
advertising or publicity pertaining to distribution of the software
and/or database.  Title to copyright in this software, database and
any associated documentation shall at all times remain with
Princeton University and LICENSEE agrees to preserve same.
"""
REFERENCE_HEADER = """\
# The reference a lone player's contest is judged by (Anomia): every name WordNet 3.0
# (Princeton University) files under each category, however rare, written by
# tools/wordnet_lexicon.py beside lexicon_wordnet.txt.  Not answers the bots give.
# WordNet 3.0 Copyright 2006 by Princeton University; its licence is in
# lexicon_wordnet.txt and in WORDS-LICENSE.txt.

"""
HEADER = """\
# Answers WordNet adds to Anomia's categories: only those lexicon.txt does not accept yet.
# Generated from WordNet 3.0 (Princeton University) by tools/wordnet_lexicon.py with the
# category map tools/wordnet_mapping.tsv; regenerate with
#   python3 tools/wordnet_lexicon.py --lexicon tabletop/games/anomia/content/lexicon.txt \\
#       (the output path is the default)
# (needs Debian's wordnet-base, wamerican, wamerican-large and wamerican-huge).
# Same format as lexicon.txt: "== Name", one answer per line, other names after " | ".
#
# WordNet 3.0 licence:
""" + "".join(f"#   {line}".rstrip() + "\n" for line in LICENCE.splitlines())


@dataclass(slots=True)
class Synset:
    offset: str
    lexfile: int
    lemmas: list[tuple[str, int]]  # (lemma as written, lex_id)
    hyponyms: list[str] = field(default_factory=list)
    instances: list[str] = field(default_factory=list)


class WordNet:
    """The noun half of a WordNet database, read straight from its text files."""

    def __init__(self, root: Path) -> None:
        self.synsets: dict[str, Synset] = {}
        with open(root / "data.noun", encoding="utf-8", errors="replace") as data:
            for line in data:
                if line.startswith("  "):
                    continue  # the licence at the top of the file
                fields = line.split(" | ", 1)[0].split()
                count = int(fields[3], 16)
                lemmas = [(fields[4 + 2 * i], int(fields[5 + 2 * i], 16)) for i in range(count)]
                synset = Synset(fields[0], int(fields[1]), lemmas)
                at = 4 + 2 * count
                for i in range(int(fields[at])):
                    symbol, target, pos = fields[at + 1 + 4 * i: at + 4 + 4 * i]
                    if pos == "n" and symbol == "~":
                        synset.hyponyms.append(target)
                    elif pos == "n" and symbol == "~i":
                        synset.instances.append(target)
                self.synsets[synset.offset] = synset
        #: lemma (lower case) → its noun synsets, commonest sense first.
        self.senses: dict[str, list[str]] = {}
        with open(root / "index.noun", encoding="utf-8", errors="replace") as index:
            for line in index:
                if not line.startswith("  "):
                    fields = line.split()
                    self.senses[fields[0]] = fields[-int(fields[2]):]
        self.tags = self._tag_counts(root)
        #: lemma → SemCor tags of its verb, adjective and adverb senses together.
        self.other_pos: dict[str, int] = defaultdict(int)
        for key, count in self.tags.items():
            lemma, _, rest = key.partition("%")
            if not rest.startswith("1"):
                self.other_pos[lemma] += count

    @staticmethod
    def _tag_counts(root: Path) -> dict[str, int]:
        """Sense key → how often SemCor tagged it (index.sense, else cntlist(.rev))."""
        counts: dict[str, int] = {}
        # file name → (column of the sense key, column of the count)
        for name, (key, count) in {"index.sense": (0, 3), "cntlist.rev": (0, 2),
                                   "cntlist": (1, 0)}.items():
            if (root / name).exists():
                for line in open(root / name, encoding="utf-8"):
                    fields = line.split()
                    counts[fields[key]] = int(fields[count])
                break
        return counts

    def tag_count(self, lemma: str, lex_id: int, synset: Synset) -> int:
        key = f"{lemma.lower()}%1:{synset.lexfile:02d}:{lex_id:02d}::"
        return self.tags.get(key, 0)

    def closure(self, root: str, instances: bool, skip: set[str]) -> set[str]:
        """``root`` and everything under it (instances too if asked), not below ``skip``."""
        seen: set[str] = set()
        stack = [root]
        while stack:
            offset = stack.pop()
            if offset in seen or offset in skip:
                continue
            seen.add(offset)
            synset = self.synsets[offset]
            stack += synset.hyponyms + (synset.instances if instances else [])
        return seen


# --- the game's comparison of answers (a copy of lexicon.py's key_of/forms) -------------
IRREGULAR = {"mice": "mouse", "geese": "goose", "teeth": "tooth", "feet": "foot",
             "men": "man", "women": "woman", "children": "child", "people": "person",
             "oxen": "ox", "cacti": "cactus", "fungi": "fungus", "dice": "die", "lice": "louse",
             "octopi": "octopus"}


def words_of(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"['’`´]", "", text.replace("&", " and ").replace("ß", "ss"))
    words = re.sub(r"[^a-z0-9]+", " ", text).split()
    while len(words) > 1 and words[0] in ("the", "a", "an"):
        words = words[1:]
    return words


PLAIN = {"or", "of", "and", "in", "on", "at", "a", "an", "the", "to", "with", "that", "thing",
         "something", "type", "kind", "famous", "way", "item", "piece", "part", "name", "word"}


def forms(text: str) -> set[str]:
    """The keys the game's judge files ``text`` under (each word also made singular)."""
    keys = {""}
    for word in words_of(text):
        options = {word, IRREGULAR.get(word, word)}
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            options |= {word[:-1], word[:-2] if word.endswith("es") else word[:-1]}
            if word.endswith("ies"):
                options.add(word[:-3] + "y")
            if word.endswith("ves"):
                options |= {word[:-3] + "f", word[:-3] + "fe"}
        keys = {k + o for k in keys for o in options}
    return keys - {""}


def read_lexicon(path: Path) -> dict[str, list[tuple[str, ...]]]:
    """Category name → its answer lines, in file order (the format of lexicon.txt)."""
    categories: dict[str, list[tuple[str, ...]]] = {}
    current: list[tuple[str, ...]] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", "@deck", "level:", "drop:", "takes:")):
            continue
        if line.startswith("=="):
            current = categories.setdefault(line[2:].strip(), [])
        elif current is not None:
            current.append(tuple(p.strip() for p in line.split("|") if p.strip()))
    return categories


# --- the category map ------------------------------------------------------------------
@dataclass(slots=True)
class Rules:
    """What one category takes from WordNet (defaults are the thresholds in NOTES.md)."""

    roots: list[tuple[str, bool]] = field(default_factory=list)  # (offset, with instances)
    only: set[str] = field(default_factory=set)      # single synsets, no hyponyms
    skip: set[str] = field(default_factory=set)      # sub-trees not to enter
    drop: set[str] = field(default_factory=set)      # synsets not to add (hyponyms still are)
    adds: list[tuple[str, ...]] = field(default_factory=list)
    bans: set[str] = field(default_factory=set)      # answer keys never to add
    includes: list[str] = field(default_factory=list)  # categories whose additions count too
    #: The telling words of the category's name: the judge reads "cheddar cheese" for
    #: Cheese as "cheddar", so a name that is an old answer plus these is not new.
    own_words: set[str] = field(default_factory=set)
    lexfiles: set[int] = field(default_factory=set)  # lexicographer files of the roots
    #: Lexicographer files whose senses of a name are the same thing in another guise
    #: (a tangelo tree for the fruit, lamb the meat for the animal), not another thing.
    twins: set[int] = field(default_factory=set)
    tags: int = 1      # SemCor tag count that alone makes a name common enough
    single: int = 50   # largest SCOWL size of a one-word name of a kind with no sub-kinds
    multi: int = 50    # largest SCOWL size of each modifier ("slow" in "slow loris")
    words: int = 2     # most words in a longer name
    capitals: int = 1  # capitalised names: 0 none, 1 "Siamese cat" style, 2 all
    leaves: int = 0    # 1: only synsets without hyponyms (languages, not language families)
    suffixes: tuple[str, ...] = ()  # banned name endings ("ban *unit": "area unit")


def read_mapping(path: Path, wordnet: WordNet) -> dict[str, Rules]:
    mapping: dict[str, Rules] = defaultdict(Rules)
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        category, op, *rest = raw.split("\t")
        rules = mapping[category]
        if op in ("root", "iroot", "only", "skip", "drop"):
            offset, lemma = rest[0], rest[1]
            synset = wordnet.synsets.get(offset)
            if synset is None or lemma not in (w for w, _ in synset.lemmas):
                sys.exit(f"{path.name}:{number}: {offset} is not the synset of {lemma!r}")
            if op in ("root", "iroot"):
                rules.roots.append((offset, op == "iroot"))
                rules.lexfiles.add(synset.lexfile)
            else:
                getattr(rules, op).add(offset)
                if op == "only":
                    rules.lexfiles.add(synset.lexfile)
        elif op == "add":
            rules.adds.append(tuple(p.strip() for p in rest[0].split("|") if p.strip()))
        elif op == "include":
            rules.includes.append(rest[0])
        elif op == "ban":
            for word in (w.strip() for w in rest[0].split("|")):
                if word.startswith("*"):
                    rules.suffixes += (" " + word[1:].strip(),)
                else:
                    rules.bans |= forms(word)
        elif op == "set":
            for setting in rest[0].split():
                name, value = setting.split("=")
                if name in ("lexfiles", "twins"):
                    numbers = {v: k for k, v in LEXFILES.items()}
                    getattr(rules, name).update(numbers[v] for v in value.split(","))
                else:
                    setattr(rules, name, int(value))
        else:
            sys.exit(f"{path.name}:{number}: unknown rule {op!r}")
    living = {5, 13, 20}  # noun.animal, noun.food, noun.plant
    for category, rules in mapping.items():
        rules.own_words = {w for word in words_of(category) if word not in PLAIN
                           and len(word) >= 3 for w in (word, word + "s", word + "es")}
        if not rules.twins and rules.lexfiles <= living:
            rules.twins = living - rules.lexfiles
    return mapping


# --- choosing entries ------------------------------------------------------------------
class Chooser:
    """Decides, for one category at a time, which synsets and names become answers."""

    def __init__(self, wordnet: WordNet, dicts: Path) -> None:
        self.wn = wordnet
        self.level: dict[str, int] = {}
        for size in sorted(SCOWL, reverse=True):  # the smallest list a word is in wins
            for word in (dicts / SCOWL[size]).read_text(encoding="utf-8").split():
                self.level[word] = size
        #: Genus names ("genus_Potos" → potos): a name starting with one is Latin.
        self.genera = {w[6:].lower() for s in wordnet.synsets.values() for w, _ in s.lemmas
                       if w.startswith("genus_")}
        #: The reference for contests: every name, however rare (see ``--reference``).
        self.everything = False

    def scowl(self, word: str) -> int:
        """SCOWL size of a word ("aye-aye": of its rarest part; 99 when in no list)."""
        sizes = []
        for part in filter(None, word.split("-")):
            found = self.level.get(part, 99)
            if part[:1].isupper():  # "Siamese" or a capitalised plain word
                found = min(found, self.level.get(part.lower(), 99))
            sizes.append(found)
        return max(sizes, default=99)

    def latin(self, lemma: str) -> bool:
        """A taxon's Latin name: "Potos_flavus", "Lycaon_pictus", "Lorisidae"."""
        parts = lemma.split("_")
        if lemma.lower().endswith(LATIN_ENDINGS):
            return True
        return (len(parts) > 1 and parts[0][:1].isupper()
                and (parts[0].lower() in self.genera or self.scowl(parts[1]) > 80))

    def common(self, lemma: str, lex_id: int, synset: Synset, rules: Rules,
               heads: set[str], known: set[str]) -> bool:
        """Whether one name is common enough by the thresholds of ``rules``.
        ``heads`` are the words of the names of the synset's ancestors in the category,
        ``known`` the one-word names of everything in the category."""
        if self.everything or (rules.tags and self.wn.tag_count(lemma, lex_id, synset)
                               >= rules.tags):
            return True
        parts = lemma.split("_")
        if len(parts) == 1:
            size = self.scowl(lemma)
            return size <= COMMON or (size <= rules.single and not synset.hyponyms)
        *modifiers, head = parts
        if len(parts) > rules.words or any(self.scowl(m) > rules.multi for m in modifiers):
            return False
        if head.lower() in heads:
            return True  # "mute swan" is a swan: the name says what it is
        # "slow loris": a rare head word names this thing itself; "blade apple" (not an
        # apple) or "sweet cup" (a fruit) would mislead, so those are left out.
        return COMMON < self.scowl(head) <= rules.single and head.lower() not in known

    def usable(self, lemma: str, synset: Synset, rules: Rules, inside: set[str]) -> bool:
        """Whether a name may stand for this synset in this category at all."""
        capital = lemma[:1].isupper()
        if (self.latin(lemma) or (capital and rules.capitals == 0)
                or (capital and rules.capitals == 1 and not self._proper_adjective(lemma))
                or forms(lemma.replace("_", " ")) & rules.bans
                or (rules.suffixes and lemma.replace("_", " ").endswith(rules.suffixes))):
            return False
        mine = self.wn.tag_count(lemma, dict(synset.lemmas)[lemma], synset)
        if lemma.isalpha() and lemma.islower() and not mine \
                and self.wn.other_pos.get(lemma, 0) >= OTHER_POS:
            return False  # "sour", "cling": mostly an adjective or a verb
        before = True  # WordNet lists the senses of a name commonest first
        for offset in self.wn.senses.get(lemma.lower(), []):
            if offset == synset.offset:
                before = False
                continue
            other = self.wn.synsets[offset]
            if offset in inside or other.lexfile in rules.twins:
                continue
            theirs = max((self.wn.tag_count(w, i, other) for w, i in other.lemmas
                          if w.lower() == lemma.lower()), default=0)
            if theirs > mine or (before and theirs == mine):
                return False  # a commoner sense is something unrelated (sawhorse's "horse")
        return True

    @staticmethod
    def known_as(name: str, rules: Rules) -> set[str]:
        """The judge's keys for ``name``, also without the category's own words."""
        words = words_of(name)
        bare = [w for w in words if w not in rules.own_words]
        return forms(name) | (forms(" ".join(bare)) if bare and bare != words else set())

    def _proper_adjective(self, lemma: str) -> bool:
        """"German shepherd", "Siamese cat": a capitalised word before a plain noun."""
        parts = lemma.split("_")
        return len(parts) > 1 and parts[-1].islower() and self.scowl(parts[0]) <= 70

    def choose(self, rules: Rules, existing: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
        inside: set[str] = set(rules.only)
        for offset, instances in rules.roots:
            inside |= self.wn.closure(offset, instances, rules.skip)
        parents: dict[str, set[str]] = defaultdict(set)
        for offset in inside:
            synset = self.wn.synsets[offset]
            for child in synset.hyponyms + synset.instances:
                parents[child].add(offset)
        known = {w.lower() for o in inside for w, _ in self.wn.synsets[o].lemmas if "_" not in w}
        known |= {n.lower() for names in existing for n in names if " " not in n}

        def heads(offset: str) -> set[str]:
            words, stack, seen = set(), list(parents[offset]), set()
            while stack:
                up = stack.pop()
                if up in seen or up not in inside:
                    continue
                seen.add(up)
                words |= {w.lower() for lemma, _ in self.wn.synsets[up].lemmas
                          for w in re.split(r"[_\-]", lemma)}
                stack += parents[up]
            return words

        #: Headword → the synsets it heads: WordNet's "potto, kinkajou" (a lemur) must
        #: not take the name of the kinkajou, which has a synset of its own.
        headed: dict[str, set[str]] = defaultdict(set)
        for offset in inside:
            headed[self.wn.synsets[offset].lemmas[0][0].lower()].add(offset)
        taken = {f for names in existing for name in names for f in forms(name)}
        chosen: list[tuple[str, ...]] = []
        roots = {offset for offset, _ in rules.roots}
        for offset in sorted(inside - rules.drop - roots):
            synset = self.wn.synsets[offset]
            if synset.lexfile not in rules.lexfiles or (rules.leaves and synset.hyponyms):
                continue
            lemmas = synset.lemmas
            if any(self.known_as(w.replace("_", " "), rules) & taken for w, _ in lemmas):
                # The game accepts this thing under one of its names already; only
                # WordNet's headword may still be new (tangelo, where "ugli fruit" is known).
                lemmas = lemmas[:1]
                if self.known_as(lemmas[0][0].replace("_", " "), rules) & taken:
                    continue
            above = heads(offset)
            kept = [((-self.wn.tag_count(w, i, synset), position), w.replace("_", " "))
                    for position, (w, i) in enumerate(lemmas)
                    if not (position and headed[w.lower()] - {offset})
                    and self.usable(w, synset, rules, inside)
                    and self.common(w, i, synset, rules, above, known)]
            names = tuple(dict.fromkeys(name for _, name in sorted(kept)))
            if names:
                taken |= {f for name in names for f in forms(name)}
                chosen.append(names)
        for names in rules.adds:
            new = {f for name in names for f in self.known_as(name, rules)}
            if not new & taken:
                taken |= new
                chosen.append(names)
        return sorted(chosen, key=lambda names: names[0].casefold())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lexicon", type=Path, default=HERE.parent / "tabletop" / "games"
                        / "anomia" / "content" / "lexicon.txt", help="the game's lexicon.txt")
    parser.add_argument("--mapping", type=Path, default=HERE / "wordnet_mapping.tsv")
    parser.add_argument("--out", type=Path, default=HERE.parent / "tabletop" / "games" / "anomia" / "content" / "lexicon_wordnet.txt")
    parser.add_argument("--review", type=Path, help="also write a review page (counts, "
                        "10 random additions per category, the WordNet licence) here")
    parser.add_argument("--reference", type=Path, default=HERE.parent / "tabletop" / "games"
                        / "anomia" / "content" / "reference_wordnet.txt",
                        help="where to write the reference a lone player's contest is judged "
                             "by: every name WordNet files under each category, however rare")
    parser.add_argument("--wordnet", type=Path, default=WORDNET)
    parser.add_argument("--dicts", type=Path, default=DICTS)
    args = parser.parse_args()
    started = time.monotonic()
    wordnet = WordNet(args.wordnet)
    chooser = Chooser(wordnet, args.dicts)
    existing = read_lexicon(args.lexicon)
    mapping = read_mapping(args.mapping, wordnet)
    unknown = sorted(set(mapping) - set(existing))
    if unknown:
        sys.exit(f"wordnet_mapping.tsv names categories lexicon.txt lacks: {', '.join(unknown)}")
    added = {name: chooser.choose(mapping[name], existing[name])
             for name in existing if name in mapping}
    for name, answers in added.items():  # "Animal" takes what "Mammal", "Bird"... add
        taken = {f for names in existing[name] + answers for n in names for f in forms(n)}
        for other in mapping[name].includes:
            for names in added[other]:
                if not {f for n in names for f in forms(n)} & taken:
                    taken |= {f for n in names for f in forms(n)}
                    answers.append(names)
        answers.sort(key=lambda names: names[0].casefold())
    lines = [HEADER]  # ends in a newline: a blank line before the first category
    for name, answers in added.items():
        if answers:
            lines += [f"== {name}", *(" | ".join(names) for names in answers), ""]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    total = sum(map(len, added.values()))
    print(f"{total} answers added to {sum(1 for a in added.values() if a)} categories "
          f"-> {args.out} ({time.monotonic() - started:.1f} s)")
    if args.review:
        write_review(args.review, added)
    chooser.everything = True
    reference = {name: chooser.choose(mapping[name], []) for name in existing if name in mapping}
    for name, answers in reference.items():
        for other in mapping[name].includes:
            answers += reference[other]
    lines = [REFERENCE_HEADER]
    for name, answers in reference.items():
        if answers:
            names = sorted({" | ".join(n) for n in answers}, key=str.casefold)
            lines += [f"== {name}", *names, ""]
    args.reference.write_text("\n".join(lines), encoding="utf-8")
    print(f"reference: {sum(map(len, reference.values()))} names -> {args.reference}")


def write_review(path: Path, added: dict[str, list[tuple[str, ...]]]) -> None:
    """Counts per category, 10 random additions each (fixed seed), and the licence."""
    pick = random.Random(3)
    total = sum(map(len, added.values()))
    out = ["# WordNet additions: review", "",
           f"{total} new answers in {len(added)} categories (generated by "
           "`wordnet_lexicon.py --review`; the reviewer's notes are in NOTES.md).", "",
           "| category | added | 10 random additions |", "| --- | ---: | --- |"]
    for name, answers in added.items():
        sample = pick.sample(answers, min(10, len(answers)))
        out.append(f"| {name} | {len(answers)} | {'; '.join(' / '.join(a) for a in sample)} |")
    out += ["", "## WordNet 3.0 licence", "", "```", LICENCE.rstrip("\n"), "```", ""]
    path.write_text("\n".join(out), encoding="utf-8")


if __name__ == "__main__":
    main()
