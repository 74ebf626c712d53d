"""The in-app rules page for Enemy Anemone, in Tabletop's own words.

Light markup: ``# `` starts a heading, ``- `` a bullet, a blank line a paragraph.
"""

RULES = """\
# Enemy Anemone
A trick-taking game with a twist: you may never follow suit. Every card you add to a trick must be a creature that is not in the trick yet. Win big tricks, collect the 3s, 5s and 8s, and use your anemones to push a card over the top.

# The cards
- One sea-creature suit per player (Crab, Fish, Starfish, Octopus, Turtle, Jellyfish), ranks 1 to 10. Everybody is dealt 10 cards.
- With six players the 1s and 10s are left out and everybody gets 8.
- Nine anemone tokens: +1 on one side, +2 on the other.

# Playing a trick
- The leader plays any card.
- Then, clockwise, each player plays one card of a creature that is not in the trick yet.
- If you hold no such creature, you cannot play: you put one card of your choice face down on your own score pile instead. It still scores for you, but it is not part of the trick.
- The card with the highest value wins every card played into the trick. Those cards go onto the winner's score pile and the winner leads next.
- The card with the lowest value earns its player an anemone.
- Ties: the card played later wins the tie, for highest and for lowest alike.
- If only one card was played (everyone else had to discard), it wins and nobody earns an anemone.

# Anemones
- When you play a card (not when you discard) you may attach any number of your anemones to it. Each adds its value, +1 or +2, to the card.
- Attached anemones go back to the supply once the trick is over, before the lowest card takes its anemone.
- If you earn an anemone while you hold a +1, you flip that +1 to its +2 side instead of taking a new one.
- If the supply is empty, the other player holding the most anemone value hands you one of theirs (a +1 if they have one; the nearest player clockwise if several hold the same value). If nobody else has any, you get none.
- To attach anemones, ready them before you play: drag them from under your name onto your hand (they wait above your name, and drag back to take them back), or press Up and Down. The next card you play takes every readied anemone.

# Scoring a hand
- When every card has been played, each card in your score pile is worth 1 point, and each 3, 5 and 8 is worth 1 more.
- The lowest scorer of the hand takes a +1 anemone (every tied player takes one). With six players, the lowest take a +2 and the next lowest a +1.
- Anemones stay with you into the next hand. None are handed out after the final hand.
- The highest scorer of the hand leads the next one (on a tie, the tied player first in turn order from the hand's leader). A random player leads the first hand.

# Winning
- The game lasts four hands. The highest total wins.
- A tie goes to the tied player with more anemone value left; if that is tied too, they share the win.

# Two players
- Use four suits without the 1s and 10s (32 cards). Each player gets 8 cards; the other 16 form a draw pile.
- A trick has four turns: leader, other, leader, other. Every card must still be a creature not yet in the trick; a turn without one is a discard.
- After each trick, while the pile lasts, the winner draws 2 cards and then the other player draws 2.

# Playing at the table
- Drag a card into the middle to play it; the places where it may go light up. Or click a card to pick it up, then click it again or click the middle of the table.
- When you must discard, drag the card onto your pile (at the right of your hand).
- Cards you cannot play right now are greyed out.
- Keyboard: Left and Right choose among the cards you can play, Up and Down ready more or fewer anemones, Enter plays, Esc takes the anemones back or puts the card back or opens the pause menu, F1 shows these rules.
- Click anywhere, or press Space, to hurry an animation along.
"""
