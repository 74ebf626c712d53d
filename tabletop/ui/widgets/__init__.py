"""Shared widgets: controls for menus, and the card-table pieces every game uses
(hand fan, card row, pile, seat panel, log, toast, score chart)."""
