"""The in-app rules page for Anomia, in our own words."""

from __future__ import annotations

from typing import Final

__all__ = ["RULES"]

RULES: Final = """\
# The idea
Anomia is a race of quick wits for three to six players (two or three can play too, see below). Cards are turned up one at a time. When two players' cards show the same symbol, those two face off: each must call out an example of the category on the other player's card. The first right answer wins the other player's card. When the draw piles run out, whoever has won the most cards wins the round; players who tie share the win.

# The cards
A deck has 80 category cards and 8 wild cards. Every category card shows one of eight symbols, ten cards each: circle, triangle, square, star, cross, wave, moon and bolt. The symbols differ in shape as well as colour, so they can be told apart at a glance, even in greyscale. A wild card shows two symbols.
There are two decks, each with its own 80 categories (160 in all, written for Tabletop). Play one deck, the other, or both together for a long round.

# Turning up cards
The deck is shuffled and split into two draw piles in the middle of the table. Players take turns round the table: on your turn, turn up the top card of either draw pile onto your play pile. Only the top card of a play pile counts; a new card covers the old one.
Click a draw pile (or press Space) to turn up a card. Bots turn up theirs on their own.

# Face-offs
When the top cards of two players' play piles show the same symbol, those two face off. Each must give an example of the category on the other player's card: if your opponent shows "Fruit", you need a fruit. The first right answer wins: the winner takes the loser's top card and puts it face down on their winning pile. The winner's own card stays where it is.
Type your answer and press Enter. The box tells you at once whether it counts. Small slips are forgiven: capital letters, missing accents, "the" in front, plurals, words run together or split ("polar bear" or "polarbear"), and a typo or two in a long word. A slip is never taken for a different answer: "pea" is not a pear.
Each player has two tries in a face-off. Nothing else can happen at the table until the face-off is over.

# Cascades
When a player loses a face-off, the card underneath their lost card shows. If its symbol matches someone else's top card, a new face-off starts at once. This can go on for a while: it is called a cascade. Face-offs are played one at a time before anyone turns up another card, in this order: first those of the play pile that has just changed, then the others in turn order, starting from the player whose turn it is. The table shows which face-off comes next.

# Wild cards
A wild card drawn before the first face-off of the round is set aside, and the same player draws again.
After that, a drawn wild card goes face up between the draw piles. While it lies there, its two symbols count as a match for each other: a player showing one of them faces off with a player showing the other. Only one wild card is in play at a time; the next one drawn covers it. The player who drew the wild card draws again once every face-off it started is over.

# Ties
Two right answers less than 150 milliseconds apart are a tie. So is a face-off in which both players have used their two tries, or one that nobody has won after 20 seconds. A tie is broken on a new card drawn from a draw pile (a wild card met on the way goes back in): both players answer the category on that one card. The winner takes the loser's card from the first face-off, and the tie-breaker card is shuffled back into its draw pile. When the draw piles are already empty, the tie-breaker card comes from the deck not in play (or, with both decks in play, from a winning pile, and goes straight back).

# The end
The round ends when both draw piles are empty and every face-off is over. The most cards in your winning pile wins.

# Answers the list does not know
Our lists hold the answers most people would give, but nobody's list is complete. In a game with other human players, an answer the list does not know goes to their vote: each of them clicks Yes or No on the face-off panel (or presses Y or N, one after another). If more say yes than no, it counts, and the clock stands still while they vote. Tabletop remembers an answer voted in: it counts in every game after this one. The answers are kept in the file learned-answers.txt in Tabletop's data folder; delete a line there to forget one. Bots never vote.

# Contesting a refusal when you play alone
With only bots at the table there is nobody to vote, so an answer the list does not know is yours to contest: click Contest (or press Y), or let the refusal stand (N). The clock stands still meanwhile. A contest is decided by a reference, not by the bots. For cards it covers (animals, plants, food, tools, clothing, jobs, sports and many more) the reference is WordNet, a dictionary that files tens of thousands of things under what they are, rare ones included: your answer stands if WordNet files it under the card (slips of the keyboard forgiven as usual). For cards it does not cover (people, places, sounds, things that are round or sharp...), your word counts, provided every word of your answer is a real word or name and the answer is not one of another card's. An answer upheld this way wins as a right answer would, and Tabletop remembers it, as it does an answer voted in.

# How answers are read
Case, accents, punctuation, "a" or "the" in front, plurals and words run together or apart make no difference. Words in front of a thing on the list are read as describing it ("Granny Smith apple" is an apple), unless the whole answer names something else on another card ("hot dog" is no dog). Slips of the keyboard are forgiven when the word keeps its first letter and is near only one answer, or sounds the same as it ("elefant"); a short word, or one that is itself a real word, only if it sounds the same ("dear" for deer). An answer that names another card's answer is not read as a slip.

# How quickly bots answer
Bots answer at a person's pace: they notice the match, think of an example, then type it. A normal bot takes about as long as a typical person (around 7 to 8 seconds, from the face-off's start to the answer sent), an easy bot longer than three people in four, a hard bot as long as a quick person. Hard categories take everyone longer. With "Bots' pace: match my pace" in the setup, the bots instead answer at the pace you have shown in this game, so that face-offs come out about even.

# Two humans in one face-off
When two of you share the keyboard and face off against each other, each has a key, shown on your name plate. Press yours (or click your name on the panel) to take the answer box, then type. After a wrong try, the box is free for either of you again.

# Playing with only humans
When every seat is a human, answers are said aloud. Each player has a buzzer key: press it the moment you have your answer, then say it. The other players tell Tabletop whether it was right. Two buzzes less than 150 milliseconds apart are a tie.

# Playing across the network
When some players are at other computers, the computer that hosts the table is the judge of time. It measures, a few times a second, how long a message takes to go to each player's computer and back. An answer counts from the moment it was made there: the moment it reached the host, less that round trip. Every answer is held for the slowest player's round trip before it is taken, so an answer made earlier on a farther computer still comes first, and two answers made less than 150 milliseconds apart are a tie however far apart the players are. An answer never counts from before its player could see the face-off, and a round trip longer than 0.4 seconds is counted as 0.4 seconds.

# Two or three players
With two or three players, each player keeps two play piles, as if there were four or six players round the table; the piles take turns in order round the table. Your own two piles never face off against each other.

# Options
No repeats: an answer that has been said this round cannot win again for the same category (it can for another: "orange" is a fruit and a colour).
Own categories: add categories of your own. Switch the option on in the setup and Tabletop makes the file my-categories.txt (in the anomia folder of its data folder; the setup shows where) with an example in it. Each category starts with a line "== Name", followed by one answer per line; write "tomato | tomatoes" for two spellings of one answer. Answers typed for a category without a list go to the other humans' vote. Your categories join the first deck in play, with symbols of their own.
Younger players: switch "Younger" on for a player in the setup, and choose their category. In each of their face-offs they name an example of that category (an animal, say), whatever card their opponent shows.
Bots' pace: at their level, or matching yours (see "How quickly bots answer").

# Our choices
The box leaves a few things to the table; here is what we decided. A face-off asks for an answer within 20 seconds, then goes to a tie-breaker. Each player gets two tries per face-off. Your own piles never face off. The order of a cascade is fixed and shown on the table.
"""
