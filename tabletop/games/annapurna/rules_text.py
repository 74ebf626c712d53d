"""The in-app rules page for Annapurna, in our own words, with the choices we made."""

from __future__ import annotations

from typing import Final

__all__ = ["RULES"]

RULES: Final = """\
# The idea
Annapurna is a climb for two to four friends who win or lose together. Each climber has a mountainside of their own: fifteen face-down cards in rows of five, four, three, two and one, the single card on top being the peak. Cards carry yin or yang symbols, or an effect. Yin cancels yang: a mountainside is balanced when the symbols of its face-up cards add up to zero. Climb to your peak, and make sure that when the last climber arrives every mountainside is balanced.

# The cards
Each climber has a suit of eighteen cards in their own colour (blue, red, amber, green); every suit holds the same cards, so nobody's mountain is easier than a friend's.
Twelve cards carry symbols: yin 1, 2, 3, 3, 4 and 4, and yang 1, 2, 3, 3, 4 and 4. A whole suit is therefore balanced; big cards outnumber small ones, so a 4 turned up takes work to cancel.
Six effect cards carry no symbols:
Chocolate Bar: take another turn once this one ends.
Altitude Sickness: shenpa. Your next turn is skipped (you still sweep).
Spyglass: look at one face-down card on any mountainside.
Rockslide: swap two face-down cards of your own mountainside, without looking at them.
Fixed Rope: shenpa. On your next turn you may explore any face-down card in the row you stand in or the row above, however far. The rope is there for that turn's action only: whether you explore with it or trade, hide, plant a flag or pass instead, its work is then done, and the card can be swept (or offered for a Helping Hand) with that turn's sweep.
Yeti: one face-down card beside or above you turns face up at random (never your peak: that you reach yourself). Its symbols count; if it is an effect card, the effect is lost.
Every card also shows its own mandala. Look closely: no two are the same.

# Setting out
Each climber shuffles their suit, lays fifteen cards face down as their mountainside and keeps the other three as their backpack. The first climber starts and turns go round the table.

# Moving on a mountainside
From where you stand you may step sideways in your row, or up onto either of the two cards resting on yours. Never down. You may walk across face-up cards and emptied places, sideways or up, to reach a face-down card.

# Hike to Base Camp
Your first turn turns up any card of your bottom row, follows its effect and puts you on it.

# A climbing turn
1. Take one action:
Explore: turn up a face-down card you can reach, follow its effect and stand on it.
Trade: put a card from your backpack face down in place of a face-down card of your own mountainside. The card you take out goes to your cache.
Hide: the same on a friend's mountainside; the card you take out goes to your cache.
If none of these is possible you pass.
2. Sweep: the largest group of your face-up cards whose symbols add up to zero goes to your cache (an effect card counts as zero once its effect is done). If several groups are equally large, the one lowest on the mountain goes. You may sweep the card you stand on; the emptied place can still be walked across.
Helping Hand: instead of sweeping you may leave that balanced group where it is. Before the next climber's turn, each friend in turn order may take one of its cards into their backpack, until one does. Taking a card changes your balance, so offer it when the card helps both of you.

# Peaking
At the end of the turn in which you explored your peak, your cache joins your backpack and you take the next peak token. From then on you protect: each turn you Trade or Hide (a card you take out now goes straight into your backpack), then Bury instead of Sweep: the balanced group turns face down where it lies. You can still leave it for a Helping Hand.

# The end of the ascent
The ascent ends when the last climber has peaked. The season is long but not endless: if the team has taken forty turns each and is not yet done, the ascent is lost.

# Levels
Easy Trail: you win if every mountainside is balanced when the ascent ends.
Leave No Trace Behind: also, every climber must be balanced at the moment they peak; one who is not ends the ascent at once, lost.
Still Too Easy: as Leave No Trace Behind, but the wind is too loud to talk. Each backpack and cache is private to its climber, and only you know what you traded, hid or saw through the Spyglass. At a shared screen the curtain comes down between climbers.
On the two easier levels the climbers talk freely: everyone sees every backpack and knows every card traded, hidden or spied.

# Prayer flags
On the Easy Trail every climber carries two prayer flags: a single and a double. Instead of an action (Explore, Trade or Hide), you may plant one of them on a face-up card of your mountainside with exactly as many symbols as the flag has pennants: the single flag on a yin or yang 1, the double on a 2. The card turns face down for good: it no longer counts, nobody may explore, trade or hide it, and climbers walk across it as across an emptied place. Each flag is planted once. Flags mend a climber out of balance, on the way up or after the peak.
Leave No Trace Behind and Still Too Easy leave no trace: no flags are planted there.
The box also holds triple flags; we leave them out, because with them the Easy Trail was hardly a challenge.

# Summit points
Each climber scores three summit points for being balanced at their peak and at the end, two for balanced at the end only, one for reaching the peak at all: a way to compare climbs at the same level.

# Our choices
The rulebook leaves the cards to us, and the flags unexplained. The eighteen cards, their effects, the prayer flags and the summit points above are our own design, tuned by letting teams of computer climbers make thousands of ascents: with big cards outnumbering small ones, our best computer teams win about two ascents in three on the Easy Trail and one in two on Leave No Trace Behind, while a team that sees every card wins nearly always.
"""
