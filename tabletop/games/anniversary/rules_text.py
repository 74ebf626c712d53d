"""The in-app rules page for Anniversary, in our own words."""

from __future__ import annotations

from typing import Final

__all__ = ["RULES"]

RULES: Final = """\
# The idea
Anniversary is a cooperative card game for two partners who may not talk about their cards. A storybook of twelve chapters tells your story together; win a chapter to open the next. You win it together, or not at all.

# The cards
Twenty-six cards: Teal butterflies, Pink lollipops, Red strawberries and Purple skulls, each ranked 1 to 6, and two position cards, the Top card and the Bottom card. Each chapter, eight cards go face down to one side and each partner gets nine. Whoever holds the Top card is the top for this chapter, the other is the bottom. (If the Top card ends up among the eight, the cards are dealt again.)

# Sweet Gestures
Gestures are drawn until their candies add up to the chapter's sweetness exactly; a set that could never be performed together is swapped out card by card. The top takes one, then the bottom, and so on. If only one gesture was drawn, the top may pass it to the bottom.
Each gesture is a promise: "I will foot the first Date", "I will foot no Purple cards", "I will foot the Date where the Red 1 is played"… It belongs to the partner who took it: only what they foot counts for it.

# Dates
A Date is a four-card trick: the leader plays, then the partner, the leader again, then the partner. Follow the colour led while you can. A position card may only be played when you cannot follow; a position card led makes "position" the suit to follow.
The Top card beats everything, the Bottom card beats every colour, otherwise the highest card of the colour led wins. Its player foots the bill: they take the four cards and lead the next Date. The top leads the first Date.
Before Dates 2 to 5 each partner draws one card from the eight set aside, the coming Date's leader first. A chapter has six Dates, so each partner keeps one card at the end. Only the most recent Date can be looked at again.

# Winning and losing
A gesture is performed as soon as it can no longer fail, and lost as soon as no way of playing the cards still out could fulfil it. The chapter is won the moment every gesture is performed, and lost the moment one is lost, or when the last Date ends with one unperformed. Both are judged from what the two of you can both see, never from a hand only one of you knows: the Dates played so far, who holds the Top card, and the cards shown with Healthy Communication. A shown card stays in its owner's hand until they play it, and only the partner who plays a card can foot a Date with it. So the moment the top shows the Teal 6, a gesture of the bottom's to foot a Date with the Teal 6 is lost; and a gesture to foot a Date with a 6 is lost once every 6 still out has been shown by the other partner. When the pile set aside is used up (after the draw before Date 5), whatever a partner is seen to lack they lack for good: a colour they could not follow, or the cards their gem rules out (a gem in the middle says no other card of that colour is theirs). The gestures are judged whenever a card is shown and whenever a Date ends. The judging starts as soon as the last gesture is taken, so if the bottom takes a gesture that only the Top card can perform, the chapter is lost before the first Date. After a loss you may try the same gestures again or draw new ones.

# Healthy Communication
Before any Date (never during one) a partner may use a Healthy Communication card: show one colour card from your hand with a gem on it. At the top: it is your highest card of that colour. In the middle: your only one. At the bottom: your lowest. The gem may only go where it tells the truth, and position cards cannot be shown. The card stays face up until it is played.
Cards used in a chapter you win are spent; used in a chapter you lose, they come back.

# The bounty
A chapter may also draw a bounty gesture that belongs to nobody. Whoever performs it first earns as many Healthy Communication cards as it has candies (both of you, if you manage it at the same moment). If it can no longer be performed it is simply discarded.

# At the table
Click a gesture on offer, or drag it to your side, to take it. Before a Date, drop a card on the gem spot to share it and pick where the gem goes (only true places are offered), or press Ready. During a Date, drag a card onto the Date or click it; cards you may not play are dimmed, and an illegal drop glides back with the reason. The cards under each gesture are the ones that count toward it so far; the most recent Date is shown beside the Date in play.
Keyboard: Left and Right choose among what you can use now, Enter takes, shares or plays, 1 to 3 place the gem (the number is on each), R is Ready, P passes a single gesture, Esc takes a card back from the gem spot or else pauses.

# Special rules
Some chapters change a rule: only five Dates, the bottom leads the first Date, no Healthy Communication, or a bounty worth double. The first chapter is a gentle start: the first player always holds the Top card and is offered “The Last Word”, so the chapter rests on one choice of theirs, when to play the Top card. A bounty never asks for the same thing as a chapter's gestures. The storybook shows the special rules before you start.
"""
