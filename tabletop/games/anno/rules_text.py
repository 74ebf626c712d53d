"""The in-app rules page for Anno, in our own words."""

from __future__ import annotations

from typing import Final

__all__ = ["RULES"]

RULES: Final = """\
# The idea
Anno is a card game of the calendar for two to four players. Lay Month cards on your board and match them with the cards that describe them: their quarter of the year, their number of days, their season and their signs of the zodiac. Every card on your board is worth 5 points at the end of a round, every card still in your hand costs 5. A game has twelve rounds (you may choose one to twelve); the highest total wins, and a tie shares the win.

# The cards
73 cards. Twelve Months, January to December; each shows the first and last day of the year it covers (January 1–31 … December 335–365).
Primary cards, which are matched to Months: 12 Quarter cards (I, II, III and IV, three of each), 13 Days cards (seven 31s, four 30s, one 29 and one 28), 12 Season cards (Winter, Spring, Summer and Autumn, three of each) and 12 Zodiac cards, one per sign.
Secondary cards: 8 Weather cards (four kinds, two of each), 2 Cusps and 2 Blue Moons.

# Which cards fit which month
January: quarter I, 31 days, Winter, Capricorn or Aquarius.
February: quarter I, 28 or 29 days (it takes both), Winter, Aquarius or Pisces.
March: quarter I, 31 days, Spring, Pisces or Aries.
April: quarter II, 30 days, Spring, Aries or Taurus.
May: quarter II, 31 days, Spring, Taurus or Gemini.
June: quarter II, 30 days, Summer, Gemini or Cancer.
July: quarter III, 31 days, Summer, Cancer or Leo.
August: quarter III, 31 days, Summer, Leo or Virgo.
September: quarter III, 30 days, Autumn, Virgo or Libra.
October: quarter IV, 31 days, Autumn, Libra or Scorpio.
November: quarter IV, 30 days, Autumn, Scorpio or Sagittarius.
December: quarter IV, 31 days, Winter, Sagittarius or Capricorn.
The seasons are those of the northern half of the world.

# What a month can hold
One Quarter card, one Days card (February may have its 28 and its 29 together), one Season card and one Zodiac card. A Cusp lets a month hold both of its zodiacs; it needs one of them already on the month, or both in the same match, and it is never matched on its own.
A Weather card changes the season a month takes, and is matched together with the Season card it brings, in the same match; the pair takes the month's one Season place. So a month that already has its Season can take no Weather.

# The weather
Calidum Ante (warm winds) turns Spring into Summer and Winter into Autumn.
Gravis Tempestatis (heavy storms) turns Winter into Spring and Summer into Spring.
Impar Ventis (odd winds) turns Summer into Autumn and Autumn into Spring.
Nivis (snow) turns Spring into Winter and Autumn into Winter.
For example, November with Nivis and a Winter card is a legal match (with a third card, see below).

# Setting up
To find the first dealer, everyone gets one card face up, round after round, until a Month turns up; the latest month of the year deals. The dealer then shuffles all 73 cards, deals six to each player and lays eight face up in two rows of four: the Community Eight. The player after the dealer starts, and the deal passes on by one seat each round.

# Your turn
1. Blue Moon exchange (if you like, and only first): put a Blue Moon from your hand in the place of any Community Eight card and take that card, even a Month. The Blue Moon stays there, dead, for the rest of the round. Once a turn at most.
2. One match (if you like): choose one month — lay a new one from your hand on your board, or pick one already there — and match 1 card to it, or 3 or more, but never exactly 2. All the cards come from your hand, or all from the Community Eight, never from both. A month you lay down must get at least one card, so you can only choose a month that something can be matched to right now. Months in the Community Eight can only be taken with a Blue Moon. Choosing the month is final. Once you have chosen it you cannot switch to another month this turn, and the Blue Moon exchange is over too, because it only ever comes first. If you take your choice back, you give up matching for this turn: your cards go back where they were (a month you laid goes back to your hand) and all that is left is the burn.
3. The Community Eight is refilled from the deck, place by place, before your turn goes on.
4. Burn and turn: put one card from your hand face down on the burn pile, then draw one. You do this every turn, even with one card left.
If your match empties your hand, the round ends at once, before the burn.

# The end of a round
A round ends the moment a match empties a hand, or when the deck runs out: when someone must draw and the deck is empty (their burn has been made), or when the Community Eight cannot be refilled (the places that can be filled are, then the round ends).
Each player scores 5 points per card on their board, Months included, minus 5 per card in hand. For example, two months with six cards matched to them and three cards in hand score 40 − 15 = 25. The score sheet after each round and at the end shows both numbers, the round and the running total.

# Playing here
Drag a Month from your hand onto your board to lay it down, then drag cards onto it: they stay lit until you press Confirm (or Enter), and you can drag any of them back. To add to a month already on your board, drop a card straight on it.
A card can be added only if the cards on the month with it can still become a match, using cards left where it came from (your hand, or the Community Eight). So a Weather card can be added once the Season card it brings is on the month or can still be added; a Cusp once the zodiacs it needs are there or can still be added; and a second card only if a third can still join them. Whatever lies on the month can always be completed and confirmed.
Take back puts everything back where it was and ends your chance to match this turn (you cannot choose another month instead); to change one card, drag just that card back. Drag a Blue Moon onto a Community Eight card to exchange it, and a card onto the burn pile to burn it. While you drag, the places a card may go light up; a card that cannot go somewhere glides back and says why.
With the keyboard: Left and Right choose a card, Tab moves to the next row (your hand, your board, the Community Eight), Enter lays a Month or adds the chosen card, Enter again (with nothing chosen) confirms, B burns the chosen card, Esc takes a declaration back (and with it the turn's match).
Point at a month on your board, or choose it, and the information panel lists what it still takes. The dots above each month show its four places: Quarter, Days, Season and Zodiac, solid when filled.
"Sort the year", on the setup screen, is a short tutorial: put every primary card beside the months it fits.

# A few tips
Keep a spread of primary cards — a Quarter I, II, III and IV, say — so that whatever Month you draw, something in your hand fits it ("holding an umbrella").
Before you burn, look at the Months in sight: if two Autumn months are stuck in the Community Eight and the third is on someone's board, an Autumn card will hardly ever match.
A card from your hand is worth twice one from the Community Eight: it scores and leaves your hand.
Never burn a Blue Moon: even with nothing to fetch, trading it for a card the others need helps you more.
"""
