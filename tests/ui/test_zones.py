"""The zones' geometry: where pieces go and which piece is under the pointer."""

from __future__ import annotations

from tabletop.ui.table.zones import Fan, Grid, Piece, Pyramid, Row


def pieces(n, slots=None):
    return [Piece(i, i, None if slots is None else slots[i]) for i in range(n)]


def test_a_row_of_two_lines_holds_the_community_eight():
    row = Row("eight", (50, 70), (500, 300), slots=8, rows=2, gap=10)
    top, bottom = row.slot_center(0), row.slot_center(4)
    assert top[0] == bottom[0] and bottom[1] - top[1] == 80  # a card and a gap below
    assert row.slot_center(3)[0] - row.slot_center(0)[0] == 3 * 60
    assert row.rect.size == (4 * 50 + 3 * 10, 2 * 70 + 10)
    row.pieces = pieces(2, slots=[5, 0])  # refilled in place: each card in its position
    (x5, y5, _), (x0, y0, _) = row.piece_poses()
    assert (x5, y5) == row.slot_center(5) and (x0, y0) == row.slot_center(0)


def test_a_pyramid_has_five_four_three_two_one_places_climbing_to_the_peak():
    mountain = Pyramid("climb", (40, 60), (400, 400))
    places = [mountain.place(slot) for slot in range(15)]
    rows = [places[0:5], places[5:9], places[9:12], places[12:14], places[14:15]]
    for lower, upper in zip(rows, rows[1:]):
        assert upper[0][1] < lower[0][1]  # each row higher up
        assert lower[0][0] < upper[0][0] and upper[-1][0] < lower[-1][0]  # and narrower
    assert places[14][0] == 400  # the peak in the middle
    mountain.pieces = pieces(15, slots=list(range(15)))
    # the upper card lies over the lower row where they overlap
    x, y = places[5]
    assert mountain.hit((round(x), round(y - 25))) == 5
    for x, y in places:  # every card inside the mountain's rectangle
        assert mountain.rect.inflate(2, 2).contains((round(x - 20), round(y - 30), 40, 60))


def test_a_grid_tucks_each_month_column_under_its_card():
    board = Grid("board0", (40, 60), (600, 200), columns=12, gap=4, tuck=0.25)
    board.pieces = pieces(4, slots=[2, 2, 7, 2])
    poses = board.piece_poses()
    assert poses[0][0] == poses[1][0] == poses[3][0] != poses[2][0]
    assert poses[1][1] - poses[0][1] == 15 and poses[3][1] - poses[1][1] == 15
    assert board.hit((round(poses[3][0]), round(poses[3][1]))) == 3  # the top of the column


def test_a_fan_lifts_the_raised_card_and_finds_it_there():
    fan = Fan("hand", (100, 140), (500, 500), max_width=600)
    fan.pieces = pieces(6)
    flat = fan.piece_poses()
    lifted = fan.piece_poses(frozenset({2}))
    assert lifted[2][1] < flat[2][1] - 25 and lifted[3] == flat[3]
    x, y, _ = lifted[2]
    assert fan.hit((round(x - 40), round(y - 60)), frozenset({2})) == 2
    assert fan.hit((round(x - 40), round(y - 60))) is None  # not lifted: nothing there


def test_a_grid_with_more_columns_than_room_squeezes_them_inside_its_width():
    from tabletop.ui.table.zones import Grid, Piece

    grid = Grid("board", (50, 70), (500, 300), columns=4, gap=10)
    room = grid.rect
    grid.pieces = [Piece(i, i, slot=i) for i in range(7)]
    xs = [grid.column_center(i)[0] for i in range(7)]
    assert xs == sorted(xs) and len(set(xs)) == 7
    assert xs[0] - 25 >= room.left - 1 and xs[-1] + 25 <= room.right + 1
    grid.pieces = grid.pieces[:3]
    assert grid.column_center(1)[0] - grid.column_center(0)[0] == 60
