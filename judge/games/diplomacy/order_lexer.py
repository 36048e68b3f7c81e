"""The lexer of the order grammar (``judge/games/diplomacy/orders.lark``): ``OrderLexer`` reads the same tokens
as Lark's contextual lexer, several times faster on the short texts of orders.

It is only an optimisation: the grammar means the same with Lark's own lexer (a test checks it).
``parser`` builds it once, with the Lark parser, and hands it each order as an ``OrderText``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from lark import Token
from lark.common import LexerConf
from lark.exceptions import GrammarError, UnexpectedCharacters
from lark.lexer import Lexer, LexerState

__all__ = ["OrderLexer", "OrderText"]


class OrderText:
    """The text of an order as the lexer is given it: as it is, without the TextSlice and line
    counter that Lark would make for a string."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


# A word of a name: a letter or digit, then letters, digits, dots and apostrophes ("St.").
_WORD = r"[^\W_][\w.']*"

# Token's own constructor, without the checks of Token.__new__ for deprecated keywords.
_token: Callable[..., Token] = Token._future_new


class OrderLexer(Lexer):
    """A lexer for ``orders.lark`` that reads the same tokens as Lark's contextual lexer, several
    times faster on these short texts.

    The grammar's keywords are reserved words (NAME's pattern leaves them out). So this lexer reads
    a word, looks it up among the keywords, and if it is none of them reads on to the end of the
    name; rather than try NAME's long pattern and each keyword's at every word. A word that more
    than one keyword terminal takes ("R": remove or retreat) is the one the parser can take where
    it stands, as in a contextual lexer. Checks, when the parser is built, that NAME's words are
    the lexer's words and that each of NAME's reserved words is a keyword.
    """

    __future_interface__ = 2

    def __init__(self, conf: LexerConf) -> None:
        name = conf.terminals_by_name["NAME"].pattern.value
        flags = conf.g_regex_flags
        others = [t for t in conf.terminals if t.name not in conf.ignore and t.name != "NAME"]
        patterns = {t.name: re.compile(t.pattern.to_regexp(), flags) for t in others}
        reserved = re.match(r"\(\?!\(\?:([^)]*)\)", name)
        words = reserved[1].split("|") if reserved else []
        # Each reserved word -> the keyword terminals that take it.
        self.keywords = {
            word: tuple(t for t, pattern in patterns.items() if pattern.fullmatch(word))
            for word in words
        }
        listed = reserved[1] if reserved else ""
        if not words or name.count(listed) != 2 or name.count(_WORD) != 2 or not all(
            self.keywords.values()
        ):
            raise GrammarError(
                f"NAME must be words {_WORD}, each not one of a list of words (written twice), "
                "and every word in the list must be a keyword"
            )
        # Keyword terminals that may run over more than one word ("moves to").
        self.longer = {
            t
            for t, pattern in patterns.items()
            if any(pattern.fullmatch(f"{first} {second}") for first in words for second in words)
        }
        self.patterns = patterns
        ignored = [t.pattern.to_regexp() for t in conf.terminals if t.name in conf.ignore]
        # The order Lark's own lexers try terminals in: priority, then the longest match.
        others.sort(key=lambda t: (-t.priority, -t.pattern.max_width, t.name))
        skip = "(?:" + "|".join(ignored) + ")*" if ignored else ""
        tokens = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in others)
        self.skip = re.compile(skip)
        self.pattern = re.compile(f"{skip}(?:(?P<__WORD>{_WORD})|{tokens})", flags)
        self.next_word = re.compile(f"[ \t]+({_WORD})")

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        text: str = lexer_state.text.text  # an OrderText: see parser._run_parser
        match = self.pattern.match
        next_word = self.next_word.match
        keywords = self.keywords
        position, end = 0, len(text)
        while position < end:
            found = match(text, position)
            if found is None:
                position = self.skip.match(text, position).end()  # type: ignore[union-attr]
                if position == end:
                    return
                states = parser_state.parse_conf.states[parser_state.position]
                allowed = {name for name in states if name.isupper()}
                raise UnexpectedCharacters(  # type: ignore[no-untyped-call]
                    text, position, 1, position + 1, allowed=allowed, state=parser_state
                )
            kind: str = found.lastgroup  # type: ignore[assignment]  # every group is named
            start, position = found.start(kind), found.end()
            if kind == "__WORD":
                candidates = keywords.get(found[kind].lower())
                if candidates is None:
                    kind = "NAME"
                    while (following := next_word(text, position)) is not None:
                        if following[1].lower() in keywords:
                            break
                        position = following.end()
                else:
                    kind = candidates[0]
                    if len(candidates) > 1:
                        actions = parser_state.parse_conf.states[parser_state.position]
                        kind = next((c for c in candidates if c in actions), kind)
                    if kind in self.longer:
                        whole = self.patterns[kind].match(text, start)
                        assert whole is not None
                        position = whole.end()
            yield _token(kind, text[start:position], start, 1, start + 1, None, None, position)

