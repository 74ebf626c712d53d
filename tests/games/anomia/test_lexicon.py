"""The forgiving judge: what it forgives, what it never confuses, and how it does on an
independently written sample of what people type (``answer_sample.txt``: 40
categories, 15 plausible right answers with typos and variants and 6 wrong ones each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.games.anomia.lexicon import (
    Category, Lexicon, LexiconError, default_lexicon, forms, key_of, learned_text, parse_lexicon,
    typo_allowance,
)

SAMPLE = Path(__file__).with_name("answer_sample.txt")


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


def read_sample() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    right, wrong, category = [], [], ""
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("== "):
            category = line[3:]
        elif line.startswith("+ "):
            right.append((category, line[2:]))
        elif line.startswith("- "):
            wrong.append((category, line[2:]))
    return right, wrong


def test_the_sample_of_plausible_answers_is_accepted(lexicon):
    right, _ = read_sample()
    assert len({c for c, _ in right}) == 40 and len(right) == 600
    missed = [(c, t) for c, t in right if not lexicon.judge(c, t).accepted]
    assert 1 - len(missed) / len(right) >= 0.95, missed


def test_wrong_answers_are_refused(lexicon):
    _, wrong = read_sample()
    passed = [(c, t) for c, t in wrong if lexicon.judge(c, t).accepted]
    assert not passed


def test_answers_to_other_categories_are_refused(lexicon):
    right, _ = read_sample()
    categories = sorted({c for c, _ in right})
    tried = accepted = 0
    for category in categories:
        own = {f for names in lexicon.answers(category) for n in names for f in forms(n)}
        for other in categories:
            if other == category:
                continue
            for names in lexicon.answers(other)[:25]:
                if forms(names[0]) & own:
                    continue  # right for both ("orange": a fruit and a colour)
                tried += 1
                accepted += lexicon.judge(category, names[0]).accepted
    assert tried > 30_000
    assert accepted / tried <= 0.01


@pytest.mark.parametrize(("category", "typed", "meant"), [
    ("Fruit", "BANANA", "banana"),
    ("Fruit", "  the Banana ", "banana"),
    ("Dessert", "creme brulee", None),
    ("Fruit", "cherries", "cherry"),
    ("Fruit", "Strawberrys", "strawberry"),
    ("Animal", "polarbear", None),
    ("Animal", "Polar Bears", None),
    ("Fruit", "water melon", "watermelon"),
    ("Fruit", "pineaple", "pineapple"),
    ("Animal", "girafe", "giraffe"),
    ("River", "Amazon River", None),
    ("Fairy tale character", "Hansel and Gretel", None),
    ("Animal", "koala bear", "bear"),          # a qualifier in front: the head word decides
    ("Tool", "needle nose pliers", None),
    ("Fruit", "Granny Smith apples", "apple"),
    ("Animal", "dear", "deer"),                # a real word, but it sounds the same
    ("Mammal", "racoon", "raccoon"),
    ("Fruit", "aple", "apple"),                # four letters, near one answer only
    ("Vegetable", "ocra", "okra"),
    ("Animal", "elefant", "elephant"),         # spelled as it sounds
    ("Job", "fotographer", "photographer"),
    ("Animal", "muskrat", None),               # a mammal is an animal
    ("Soup", "tomato", None),                  # the card's word left out
    ("Job", "docter", "doctor"),               # as near docker, but it sounds like doctor
    ("Colour", "kakhi", "khaki"),              # a silent h
    ("Dessert", "icecreme", "ice cream"),      # words run together, and slipped
    ("Vegetable", "red pepper", "pepper"),     # a spice too, but that card is related
    ("Fictional detective", "Sherlock Homes", "Sherlock Holmes"),  # a real word slipped
    ("Mountain or mountain range", "Mt. Fuji", "Mount Fuji"),     # a short form in full
    ("Mountain or mountain range", "Mt Saint Helens", "Mount St Helens"),
])
def test_forgiven(lexicon, category, typed, meant):
    verdict = lexicon.judge(category, typed)
    assert verdict.accepted, verdict.reason
    if meant is not None:
        assert key_of(verdict.answer) == key_of(meant)


@pytest.mark.parametrize(("category", "typed"), [
    ("Fruit", "pea"),        # a different answer (a vegetable), not a slip of "pear"
    ("Fruit", "carrot"),
    ("Colour", "mango"),
    ("Fruit", "pean"),       # as near pear as pecan, and sounds like neither: not guessed
    ("Animal", "house"),     # a real word, not a slip of "horse"
    ("Fruit", ""),
    ("Animal", "black beans"),                 # a word changed inside: not black bear
    ("Hot drink", "green pea"),                # a short word never turns into another
    ("Cake", "birthday card"),
    ("Dessert", "brown rice"),                 # two words never run into one unlike it
    ("Tree", "dog food"),
    ("Animal", "cantalope"),                   # a slip keeps the first letter
    ("Animal", "hot dog"),                     # named as another card's answer as a whole
    ("River", "navel orange"),                 # qualifiers make kinds of things, not names
    ("Car maker", "lotu"),                     # "lotus" is never folded into "lotu"
    ("Mammal", "Mickey Mouse"),                # a name listed elsewhere: not its head word
    ("Animal", "teddy bear"),                  # a thing of an unrelated card (Toy)
    ("Animal", "Micky Mouse"),                 # nor when that name is slipped
    ("Card game", "Golden Gate Bridge"),
    ("Emotion or feeling", "Engish"),          # nearer English than anguish
])
def test_never_taken_for_another_answer(lexicon, category, typed):
    assert not lexicon.judge(category, typed).accepted


def test_typos_forgiven_grow_with_the_length_of_the_word():
    assert [typo_allowance("x" * n) for n in (3, 4, 5, 7, 8, 12, 13)] == [0, 1, 1, 1, 2, 2, 3]


def test_plurals_are_folded_without_making_junk_forms():
    lexicon = Lexicon([Category("Test", "easy", (("lotus",), ("apples",), ("berry",),
                                                 ("knife",)))],
                      frozenset({"apple", "lotus", "berry", "knife"}))
    for typed in ("lotus", "lotuses", "apple", "apples", "berries", "knives"):
        assert lexicon.judge("Test", typed).accepted, typed
    assert not lexicon.judge("Test", "lotu").accepted


def test_a_typo_close_to_two_answers_is_not_guessed():
    lexicon = Lexicon([Category("Test", "easy", (("bardel",), ("bardek",)))])
    assert not lexicon.judge("Test", "bardex").accepted
    assert lexicon.judge("Test", "bardell").accepted


def test_reasons_tell_a_different_answer_from_an_unknown_one(lexicon):
    other = lexicon.judge("Colour", "mango")
    assert other.reason.startswith("“mango” does not fit Colour")
    assert other.unknown  # listed under another card: never a final refusal
    unknown = lexicon.judge("Fruit", "Zorblax")
    assert unknown.unknown and "not in our list for Fruit" in unknown.reason


def test_an_answer_voted_in_is_accepted_from_then_on_and_only_there():
    base = Lexicon([Category("Test", "easy", (("alpha",),))])
    lexicon = base.extended([])
    assert not lexicon.judge("Test", "omega").accepted
    lexicon.add_answers("Test", [("omega",), ("beta", "b")])
    assert lexicon.judge("Test", "Omegas").accepted and lexicon.judge("Test", "b").accepted
    assert not base.judge("Test", "omega").accepted  # the lexicon it came from is unchanged


def test_learned_answers_are_written_once_each_under_their_category():
    text = learned_text("", "Animal", "  okapi  ")
    text = learned_text(text, "Fruit", "jabuticaba")
    text = learned_text(text, "Animal", "Okapis")  # the same answer: not written twice
    text = learned_text(text, "Animal", "## quoll | eh")  # nothing the format reads otherwise
    found = {c.name: c.answers for c in parse_lexicon(text, empty_ok=True)}
    assert found == {"Animal": (("okapi",), ("quoll eh",)), "Fruit": (("jabuticaba",),)}
    assert text.startswith("# ")


def test_a_malformed_file_names_the_line():
    with pytest.raises(LexiconError, match="line 1: an answer before any"):
        parse_lexicon("apple\n")
    with pytest.raises(LexiconError, match="line 3: level is one of"):
        parse_lexicon("== Fruit\napple\nlevel: tricky\n")
    with pytest.raises(LexiconError, match="'Fruit' has no answers"):
        parse_lexicon("== Fruit\n== Veg\ncarrot\n")
    assert parse_lexicon("== Mine\n", empty_ok=True)[0].answers == ()
