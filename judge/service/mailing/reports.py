"""The text of the judge's mail, rendered from the Jinja2 templates under ``templates/``.

Each mail is a template and a plain dict of values; the templates decide the layout players see,
and nothing else writes mail text. Subjects follow fixed patterns that players filter on, each
led by the title of the game's kind (``GameKind.title``): ``Diplomacy results <game> <phase>``,
``Diplomacy notice: <game>``, ``Diplomacy press <game>``, ``Diplomacy orders <game> <phase>``
(orders kept for a phase, read as it began, to a player who gets no results then); and ``Re:
<subject>`` for replies (but the answer that carries its sender's results: its subject is theirs).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from judge.games.kind import GameKind, Opening
from judge.store import Game

from ..play.games import kind_of


class _Environment(Environment):
    """Jinja2's environment, finding a plain dict's items (``result.order``) first: the values
    the templates are given are dicts, whose items Jinja2 looks for only once the attribute of
    that name was not found, an exception each (a turn report looks up a few hundred). A name that
    is an attribute of every dict (``items``, ``get``) is still the attribute, as before."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


_DICT_ATTRIBUTES = frozenset(dir(dict))


@cache
def environment() -> Environment:
    return _Environment(
        loader=PackageLoader("judge.templates", ""),
        undefined=StrictUndefined,  # a value a template names but was not given is an error
        autoescape=False,  # plain text mail
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render(template: str, **values: Any) -> str:
    return environment().get_template(template).render(**values)


def position(kind: GameKind, view: dict[str, Any], reader: str | None) -> str | None:
    """The position in the kind's own words as ``reader`` (None: an observer) may see it, for
    BOARD and the start notice: its template family's ``position.txt`` (Plantagenet: each Lord's
    mat and ratings, the Events in effect), given the kind's ``view``; None for a kind without
    one, whose holdings say it."""
    name = f"{kind.templates}/position.txt"
    if name not in _templates():
        return None
    return render(name, board=view, powers=list(kind.powers()), reader=reader).strip("\n")


def opening(kind: GameKind, seed: bytes, reader: str | None) -> str | None:
    """What the start of the game did, as ``reader`` (None: an observer) may read it, for the
    start notice (no phase's report tells it): the kind's ``opening`` report (``Opening``), read
    through its ``report_view``, in its template family's ``opening.txt`` (Plantagenet: a side's
    own Capabilities drawn at the first Levy, 3.1.2); None for a kind without one, or where it
    tells this reader nothing."""
    name = f"{kind.templates}/opening.txt"
    if not isinstance(kind, Opening) or name not in _templates():
        return None
    return render(name, report=kind.report_view(kind.opening(seed), reader)).strip("\n") or None


@cache
def _templates() -> frozenset[str]:
    return frozenset(environment().list_templates())


def results_subject(game: Game, phase: str) -> str:
    return f"{kind_of(game).wording.title} results {game.name} {phase}"


def notice_subject(game: Game) -> str:
    return f"{kind_of(game).wording.title} notice: {game.name}"


def orders_subject(game: Game, phase: str) -> str:
    return f"{kind_of(game).wording.title} orders {game.name} {phase}"


def press_subject(game: Game) -> str:
    return f"{kind_of(game).wording.title} press {game.name}"


def reply_subject(subject: str) -> str:
    subject = " ".join(subject.split())  # no line breaks of any kind in a header
    subject = "".join(c for c in subject if c.isprintable())
    subject = subject.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates either
    subject = subject.replace("=?", "= ?")[:200]  # no text that reads as an encoded word; bounded
    if not subject:
        return "Re: your mail to the judge"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
