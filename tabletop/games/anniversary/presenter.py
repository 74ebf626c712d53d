"""What the shell says about a chapter of Anniversary (no pygame, no rules logic)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from tabletop.play.presenter import Presenter, Tone
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.gestures import Status

if TYPE_CHECKING:  # the rules load only when a game is made (a quick start)
    from tabletop.engine.protocol import GameState
    from tabletop.games.anniversary.rules import AnniversaryState

__all__ = ["AnniversaryPresenter"]


def lost(love: AnniversaryState, names: Sequence[str]) -> str:
    """When a lost chapter was lost: after a Date, before any, or by a card shown."""
    done = len(love.history)
    if love.shared and love.shared[-1][3] == done + 1 and not love.plays:
        seat, card = love.shared[-1][:2]
        who = "you" if names[seat] == "You" else names[seat]
        return f"the chapter is lost before Date {done + 1}, when {who} showed the {card}."
    return f"the chapter is lost after Date {done}." if done else \
        "the chapter is lost before the first Date."


class AnniversaryPresenter(Presenter):
    coach = "tabletop.games.anniversary.coach"
    round_name = "Date"

    def progress_line(self, state: GameState) -> str:
        """Where the chapter stands, for the Continue button."""
        from tabletop.games.anniversary.observation import Phase  # loaded with the state

        love = cast("AnniversaryState", state)
        chapter = love.game.chapter
        where = ("sharing out the gestures" if love.phase is Phase.DRAFT
                 else f"Date {max(1, love.date)} of {love.total_dates}")
        return f"chapter {chapter.number}, {chapter.title} · {where}"

    def results_lines(self, state: GameState, names: Sequence[str]) -> list[tuple[str, Tone]]:
        """What the results screen says: (line, tone) with tone "good", "bad" or ""."""
        love = cast("AnniversaryState", state)
        chapter = love.game.chapter
        lines = [(f"Chapter {chapter.number}, {chapter.title}: "
                  + ("every Sweet Gesture performed." if love.result else lost(love, names)),
                  "good" if love.result else "bad")]
        marks = {Status.DONE: ("performed", "good"), Status.FAILED: ("lost", "bad"),
                 Status.PENDING: ("not finished", "")}
        for gid, owner, mark in zip(love.gestures, love.owners, love.settled):
            g = GESTURE_BY_ID[gid]
            word, tone = marks[mark]
            lines.append((f"{names[owner]}: “{g.title}” ({g.text}) {word}.", tone))
        if love.bounty is not None:
            g = GESTURE_BY_ID[love.bounty]
            word = {Status.DONE: "earned", Status.FAILED: "out of reach",
                    Status.PENDING: "not earned"}[love.bounty_status]
            lines.append((f"Bounty “{g.title}”: {word}.",
                          "good" if love.bounty_status is Status.DONE else ""))
        hc = love.hc_after()
        lines.append((f"Healthy Communication now: {names[0]} {hc[0]}, {names[1]} {hc[1]}.", ""))
        return lines
