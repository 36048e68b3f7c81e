"""The friendly lines around the commands of a mail: a greeting before them, a closing after them.

Mail programs and people end a mail with more than commands: "Thanks!", "Cheers, Anna", "Best
regards" and a name, "Sent from my phone", a name alone. The mail layer already drops what it can
tell for certain (a signature after ``-- ``, quoted replies and their "On ... wrote:" line, an
Outlook original message: ``judge.mail.message.command_lines``); what is left here is plain text
that only reads as a closing. The reader (``commands``) asks ``closing_end`` at each line that is
not a command: a closing found there becomes one ``Closing`` item, listed once in the reply as
not an order, instead of an error for each of its lines. Orders are never lost this way: the
service still reads a closing's lines as orders, and takes those that read (``handlers``).

A closing begins with a line that opens with a closing word ("thanks", "cheers", "regards",
"best", "yours", "sent from", ...; the word alone, or followed by a few words: "Cheers, Anna",
"Thanks for the game!") and takes the lines after it up to the next command or the end of the
mail, when they are few (a name, a title, a telephone number). A name alone ("Anna", "Anna
Smith", "J. Smith") at the end of the lines before a command or the end of the mail is a
closing too. A greeting ("Hi", "Hello judge,", "Dear GM") is a closing of one line, wherever it
stands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_CLOSING_WORDS = (
    "thanks", "thank you", "thank u", "thx", "ty", "ta", "many thanks", "cheers", "regards",
    "best regards", "kind regards", "warm regards", "warmest regards", "with regards",
    "best wishes", "best", "all the best", "yours", "yours truly", "yours sincerely",
    "sincerely", "love", "bye", "goodbye", "ciao", "good luck", "have fun", "take care",
    "see you", "later", "sent from", "get outlook", "mfg", "gruss", "gruß", "grüße", "merci",
    "danke", "gracias", "saludos", "salut",
)
_GREETING_WORDS = ("hi", "hello", "hey", "dear", "greetings", "good morning", "good afternoon",
                   "good evening", "hallo", "bonjour")


def _phrases(words: Sequence[str]) -> re.Pattern[str]:
    longest_first = sorted(words, key=len, reverse=True)
    alternatives = "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in longest_first)
    # The phrase, then the end of the line or something that is not part of a word.
    return re.compile(rf"(?:{alternatives})(?![\w'])", re.IGNORECASE)


_CLOSING = _phrases(_CLOSING_WORDS)
_GREETING = _phrases(_GREETING_WORDS)
_NAME_WORD = re.compile(r"[^\W\d_][^\W\d_'.]*(?:'[^\W\d_]+)?\.?|[^\W\d_]\.")

MAX_WORDS = 8
"""The most words a closing or greeting line has beyond its opening phrase."""
MAX_AFTER = 4
"""The most lines (not blank) a closing takes after its first line: a name, a title, a number."""


def closing_end(lines: Sequence[str], index: int, is_command: Callable[[str], bool]) -> int | None:
    """Where a closing that begins at ``lines[index]`` ends (the index of the line after it), or
    None if none begins there. ``is_command`` tells the lines that begin a command: a closing
    never takes one."""
    line = " ".join(lines[index].split())
    if _opens_with(_GREETING, line):
        return index + 1
    if _opens_with(_CLOSING, line):
        return _end_within(lines, index, MAX_AFTER, is_command, lambda text: True)
    if _is_name(line):
        return _end_within(lines, index, 1, is_command, _is_name)
    return None


def _end_within(lines: Sequence[str], index: int, most: int, is_command: Callable[[str], bool],
                fits: Callable[[str], bool]) -> int | None:
    """The index of the next command after ``index`` (or the end), if at most ``most`` lines
    stand before it that are not blank, each of which ``fits``; else None."""
    taken = 0
    for number in range(index + 1, len(lines)):
        text = " ".join(lines[number].split())
        if not text:
            continue
        if is_command(text):
            return number
        taken += 1
        if taken > most or not fits(text):
            return None
    return len(lines)


def _opens_with(phrases: re.Pattern[str], line: str) -> bool:
    found = phrases.match(line)
    if found is None:
        return False
    return len(re.findall(r"\w+", line[found.end() :])) <= MAX_WORDS


def _is_name(line: str) -> bool:
    """A name alone: one to three words of letters (``Anna``, ``J. Smith``, ``O'Neill``), each
    capitalised, none a single letter without a full stop (an army or a fleet), none wholly in
    capitals (an order's keyword: ``PLAY Force March``, ``DONE``)."""
    words = line.rstrip(",.!").split()
    return 1 <= len(words) <= 3 and not any(len(w) > 1 and w.isalpha() and w.isupper() for w in words) and all(
        _NAME_WORD.fullmatch(word) is not None and word[0].isupper()
        and (len(word.rstrip(".")) > 1 or word.endswith("."))
        for word in words
    )
