"""The new pieces' sheet (``judge/pictures/sheet.py``): every piece has a place of its own on it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judge.pictures.sheet import _pack

SIZES = st.lists(st.tuples(st.integers(1, 400), st.integers(1, 120)), min_size=1, max_size=60)


@given(SIZES)
def test_no_two_pieces_share_a_pixel_of_the_sheet(sizes: list[tuple[int, int]]) -> None:
    places = _pack(sizes)
    assert len(places) == len(sizes)
    boxes = [(x, y, x + w, y + h) for (x, y), (w, h) in zip(places, sizes, strict=True)]
    assert all(left >= 0 and top >= 0 for left, top, _, _ in boxes)
    for number, (left, top, right, bottom) in enumerate(boxes):
        for other in boxes[number + 1:]:
            assert right <= other[0] or other[2] <= left or bottom <= other[1] or other[3] <= top

