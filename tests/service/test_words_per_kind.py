"""Each game kind's own words for its timing classes, by mail and in HELP (issue 19, point 6):
``moves`` is Diplomacy's movement and Richard III's actions, so a word is read as the game's kind
reads it, never as another kind's."""

from __future__ import annotations

from mail_judge import MailJudge

MASTER = "master@example.org"


def test_moves_names_movement_in_a_diplomacy_game_and_actions_in_a_richard_iii_game(
    judge: MailJudge,
) -> None:
    judge.enrol(MASTER, "CREATE ?plain secret standard\nCREATE ?roses secret richard3")
    reply = judge.send(MASTER, "SIGNON Mplain secret\nSET MOVES DEADLINE 36h")
    assert "Movement phases of plain: deadline" in reply, reply
    reply = judge.send(MASTER, "SIGNON Mroses secret\nSET MOVES DEADLINE 36h")
    assert "Actions phases of roses: deadline" in reply, reply


def test_an_error_in_a_timing_line_names_the_class_as_written_not_another_kinds_class(
    judge: MailJudge,
) -> None:
    judge.enrol(MASTER, "CREATE ?plain secret standard")
    reply = judge.send(MASTER, "SIGNON Mplain secret\nSET MOVES DEADLINE banana")
    assert 'SET MOVES DEADLINE: cannot read "banana"' in reply, reply
    assert "ACTIONS" not in reply


def test_a_class_of_another_kind_is_refused_with_the_games_own_classes(judge: MailJudge) -> None:
    judge.enrol(MASTER, "CREATE ?plain secret standard")
    reply = judge.send(MASTER, "SIGNON Mplain secret\nSET ACTIONS DEADLINE 24h")
    assert ("plain has no ACTIONS phases: the timings of diplomacy/standard are MOVEMENT, "
            "RETREAT, ADJUSTMENT") in reply, reply


def test_help_on_any_kinds_timing_word_explains_set_timing_with_the_senders_classes(
    judge: MailJudge,
) -> None:
    judge.enrol(MASTER, "CREATE ?roses secret richard3")
    for word in ("ACTIONS", "political", "moves", "BUILDS", "retreat"):
        reply = judge.send("someone@example.org", f"HELP SET {word}")
        assert "SET <class> [DEADLINE]" in reply, (word, reply)
    reply = judge.send(MASTER, "SIGNON Mroses secret\nHELP SET ACTIONS DEADLINE")
    assert ("The classes of Richard III phases: ACTIONS (or ACTION, MOVES), CARDS (or CARD, "
            "REDEAL),\nPOLITICAL (or POLITICS).") in reply, reply
    reply = judge.send("someone@example.org", "HELP SET TIMING")
    assert "The classes of Diplomacy phases: MOVEMENT" in reply, reply
