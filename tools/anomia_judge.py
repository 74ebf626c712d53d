"""Measure Anomia's judge on a sample of answers as people type them.

A sample is a tab-separated file with a header ``category, answer, valid, kind``: one
row per answer a person gave (so common answers appear often), ``valid`` yes or no as
a fair table would rule, ``kind`` tags such as ``misspelling``, ``plural``,
``qualifier``.  The figures:

- **accepted**: the share of valid answers the judge accepts on their own card;
- **wrongly accepted (own card)**: the share of invalid answers it accepts;
- **wrongly accepted (unrelated cards)**: every valid answer judged against every
  card of another domain (``--domains``: ``category, domain``; ``broad`` cards and the
  pairs in ``--related`` share answers and are left out), the share accepted.

    python tools/anomia_judge.py SAMPLE.tsv --domains DOMAINS.tsv [--related PAIRS.tsv]
        [--misses 40] [--json]
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.games.anomia.lexicon import default_lexicon  # noqa: E402


def read_tsv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def measure(sample: list[dict[str, str]], domains: dict[str, str],
            related: set[frozenset[str]], misses: int = 0) -> dict[str, object]:
    lexicon = default_lexicon()
    unknown = sorted({row["category"] for row in sample} - set(lexicon.categories))
    if unknown:
        raise SystemExit(f"the sample names categories the game does not have: {unknown}")
    valid = Counter()
    accepted = Counter()
    wrong_own = [0, 0]
    refused: Counter[tuple[str, str, str]] = Counter()
    taken: Counter[tuple[str, str, str]] = Counter()
    verdicts: dict[tuple[str, str], bool] = {}

    def judge(category: str, answer: str) -> bool:
        key = (category, answer)
        if key not in verdicts:
            verdicts[key] = lexicon.judge(category, answer).accepted
        return verdicts[key]

    for row in sample:
        category, answer, kinds = row["category"], row["answer"], row["kind"].split(",")
        ok = judge(category, answer)
        if row["valid"] == "yes":
            for kind in ["all", *kinds]:
                valid[kind] += 1
                accepted[kind] += ok
            if not ok:
                refused[(category, answer, row["kind"])] += 1
        else:
            wrong_own[0] += 1
            wrong_own[1] += ok
    cross = [0, 0, 0]
    others: dict[str, list[str]] = defaultdict(list)
    cards = list(lexicon.categories)
    for home in {row["category"] for row in sample}:
        for card in cards:
            if (card != home and domains.get(card, "broad") != "broad"
                    and domains.get(home, "broad") != "broad"
                    and domains.get(card) != domains.get(home)
                    and frozenset((card, home)) not in related):
                others[home].append(card)
    typed = Counter((row["category"], row["answer"]) for row in sample if row["valid"] == "yes")
    for (home, answer), count in typed.items():
        for card in others[home]:
            cross[0] += count
            verdict = lexicon.judge(card, answer)
            if verdict.accepted:
                cross[1] += count
                if verdict.corrected or verdict.qualified:
                    cross[2] += count
                    taken[(answer, home, card)] += count
    result: dict[str, object] = {
        "answers": len(sample),
        "valid": valid["all"],
        "accepted_valid": round(100 * accepted["all"] / max(1, valid["all"]), 2),
        "by_kind": {k: round(100 * accepted[k] / valid[k], 1) for k in sorted(valid)},
        "wrongly_accepted_own_card": round(100 * wrong_own[1] / max(1, wrong_own[0]), 2),
        "cross_judgements": cross[0],
        # Every acceptance on an unrelated card, homonyms listed there included ("snake"
        # for River), and those the judge read into the answer (a slip, a qualifier).
        "accepted_unrelated": round(100 * cross[1] / max(1, cross[0]), 3),
        "wrongly_accepted_unrelated": round(100 * cross[2] / max(1, cross[0]), 3),
    }
    if misses:
        result["refused"] = [f"{c}: {a!r} [{k}] x{n}" for (c, a, k), n in refused.most_common(misses)]
        result["taken_elsewhere"] = [f"{a!r} ({h}) taken for {c} as "
                                     f"{lexicon.judge(c, a).answer!r} x{n}"
                                     for (a, h, c), n in taken.most_common(misses)]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sample", type=Path)
    parser.add_argument("--domains", type=Path, required=True)
    parser.add_argument("--related", type=Path)
    parser.add_argument("--misses", type=int, default=0, help="list this many refusals")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    domains = {row["category"]: row["domain"] for row in read_tsv(args.domains)}
    related = ({frozenset((r["category_a"], r["category_b"])) for r in read_tsv(args.related)}
               if args.related else set())
    result = measure(read_tsv(args.sample), domains, related, args.misses)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for key, value in result.items():
            if isinstance(value, list):
                print(f"{key}:")
                for line in value:
                    print("   ", line)
            else:
                print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
