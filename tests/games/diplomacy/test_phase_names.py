"""Diplomacy's phases as players name them (PHASE, ROLLBACK, HISTORY FROM) and as reports do."""

from __future__ import annotations

import pytest

from judge.games.diplomacy.phase_names import TIMINGS, phase_title, read_phase

READ = [
    ("F1901M", "F1901M"),
    ("f1901m", "F1901M"),
    ("Fall 1901 Movement", "F1901M"),
    ("autumn 1901 moves", "F1901M"),
    ("f 1901 m", "F1901M"),
    ("fall 1901", "F1901M"),
    ("Spring, 1455", "S1455M"),
    ("S1902R", "S1902R"),
    ("spring 1902 retreats", "S1902R"),
    ("Winter 1902", "W1902A"),
    ("W1902B", "W1902A"),
    ("winter 1902 builds", "W1902A"),
]


@pytest.mark.parametrize(("text", "phase"), READ)
def test_a_phase_is_read_in_the_forms_players_write(text: str, phase: str) -> None:
    assert read_phase(text) == phase


@pytest.mark.parametrize("text", ["Fal 1901", "F19O1M", "1901", "spring", "S1901A", "W1901M",
                                  "fall 1901 dance", "", "F 1901 M extra"])
def test_words_that_name_no_phase_are_none(text: str) -> None:
    assert read_phase(text) is None


@pytest.mark.parametrize(("phase", "title"), [("S1901M", "Spring 1901 Movement"),
                                              ("F1455R", "Fall 1455 Retreat"),
                                              ("W1901A", "Winter 1901 Adjustment")])
def test_a_phase_is_titled_and_its_title_reads_back(phase: str, title: str) -> None:
    assert phase_title(phase) == title
    assert read_phase(title) == phase


def test_each_kind_of_phase_has_a_timing_class_whose_words_are_distinct() -> None:
    words = [word for timing in TIMINGS for word in timing.words()]
    assert [timing.name for timing in TIMINGS] == ["movement", "retreat", "adjustment"]
    assert len(words) == len(set(words))
    assert (TIMINGS[0].hours, TIMINGS[1].hours, TIMINGS[2].hours) == (48, 24, 24)


def test_a_year_that_int_cannot_read_names_no_phase() -> None:
    """A superscript two is a digit to ``str.isdigit`` but no number to ``int``; a year of 5,000
    digits is past what ``int`` reads: either names no phase, never an error (a PHASE line in a
    hostile mail)."""
    assert read_phase("Spring \u00b2") is None
    assert read_phase("Fall " + "9" * 5000) is None
    assert read_phase("Fall 1901") == "F1901M"
