"""How ``mila_agreement.py`` compares one phase as the judge and MILA resolved it, and names the
cause of each difference.

What is compared: order by order, what both say in common words (a move or retreat *succeeds*
or *fails*, a support is *given* or *cut*, a build or removal *succeeds*, an order is *void*:
the judge's *illegal* or *invalid*, MILA's *void* or an order MILA would not take); then, where
no order differs, the units standing after the phase, the dislodged units and where each may
retreat. MILA's *no convoy* (a convoyed move that did not go, or a support of it) matches the
judge's *fails*, *void*, *given* or *cut* alike: MILA uses it for all of them.

Each difference is either one of the known causes below, each a rule where MILA reads the rules
otherwise or is wrong (docs/adjudication.md, "Where MILA differs", says why, with a position),
or it is listed as it is, unexplained. A phase with a known cause is counted under it, and its
other differences are taken as following from it. A difference only in words (the same units
end in the same places) is counted apart, as agreement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from judge.games.diplomacy.mila import mila_order

Answer = dict[str, Any]

WORDS_OWN_UNIT = ("same outcome, other words: a support of an attack on its own power's unit "
                  "(which cannot count to dislodge it, DATC 6.D.10 to 6.D.13) is void to MILA")
WORDS_NO_CONVOY = ("same outcome, other words: a support of an army ordered via convoy that has no "
                   "convoy is void to MILA (the army stays where it is)")
WORDS_NO_ROUTE = ("same outcome, other words: a convoy order on no complete route of ordered "
                  "convoys is void to MILA, available or disrupted to the judge (the army's own "
                  "result says it did not go)")
WORDS = (WORDS_OWN_UNIT, WORDS_NO_CONVOY, WORDS_NO_ROUTE)
FALLBACK = ("DATC 4.A.3 (6.G.8): MILA moves an army ordered via convoy by land when no convoy "
            "for it is ordered (DATC v2's fallback; the judge, as DATC v3 and the 2023 rules: "
            "no fallback)")
PARADOX_1982 = ("DATC 4.A.2 (6.F.20, 6.F.21): MILA takes the 1982 rule: a convoyed army does not "
                "cut a support given for or against a fleet convoying it (the judge: Szykman)")
OWN_SUPPORT_DISRUPTS = ("MILA wrong (DATC 6.D.12 with 6.F.x): it disrupts a convoy whose fleet is "
                        "attacked with a support from the fleet's own power, which cannot dislodge "
                        "it")
OWN_SUPPORT_CONVOYED = ("MILA wrong (DATC 6.D.12, with an army via convoy): it counts a support of "
                        "a convoyed army's attack on a unit of the supporting power")
RETREAT_ANYWHERE = ("MILA wrong (DATC 6.H.6; 2023 rules, retreats): a unit dislodged by a "
                    "convoyed army may retreat, to MILA, into occupied or contested provinces")
CIVIL_DISORDER = ("DATC 4.D.8: civil disorder removes other units: MILA counts to home centres "
                  "(armies over land and sea, fleets by sea; ties: fleets, then abbreviation), "
                  "the judge by the 2023 rule (to the nearest owned centre, all over land and "
                  "sea; ties: fleets, then English name)")
WAIVE_COUNTS = ("DATC 4.D.4 with 4.D.7: the judge counts a waive as one of the builds due, "
                "taken in the order given; MILA does not count waives, so a build after them "
                "beyond the number due is made")

PORT_RELAY = ("MILA wrong (PORT, ancmed.map line 121; 6.F.1 as the port extends it): a fleet in a "
              "port convoys, to MILA, only as the first fleet of a route, next to the army; a "
              "route that reaches the port from a sea and goes on is no route to it (its orders "
              "are refused)")

OWN_CONVOY = ("DATC 4.A.3 (6.G.5): an army ordered to an adjacent province goes by convoy when a fleet "
              "of its own power is ordered to convoy it (the 2023 rules; a disrupted convoy then "
              "stops it); MILA moves it by land unless the order says VIA")

KNOWN = (PORT_RELAY, OWN_CONVOY, RETREAT_ANYWHERE, CIVIL_DISORDER, FALLBACK, OWN_SUPPORT_DISRUPTS, OWN_SUPPORT_CONVOYED,
         WAIVE_COUNTS, PARADOX_1982)
"""The known causes, those that move units first: a phase with several counts under the first."""


def through_port(line: Answer, ports: frozenset[str], touching: dict[str, frozenset[str]]
                 ) -> bool:
    """Whether an order of the phase carries, supports or makes a convoyed move that has a route
    only through a port further along than the route's first fleet (MILA knows no such route),
    by the fleets on the board or by those ordered to convoy it."""
    if not ports:
        return False
    board = {_province(u["loc"]) for u in line["units"] if u["type"] == "F"}
    for item in line["orders"]:
        words = item["order"].lower().split()
        if len(words) >= 7 and words[2] in ("c", "s") and words[3] == "a" and words[5] == "-":
            army, goal = _province(words[4]), _province(words[6])
        elif words[0] == "a" and item["order"].lower().endswith(" via convoy"):
            army, goal = _province(words[1]), _province(words[3])
        else:
            continue
        convoying = {_province(o["order"].lower().split()[1]) for o in line["orders"]
                     if o["order"].lower().endswith(f" c a {army} - {goal}")}
        for fleets in (board, convoying):  # MILA takes the orders by the one, moves by the other
            if (_convoy_reaches(army, goal, ports, touching, fleets, relay=True)
                    and not _convoy_reaches(army, goal, ports, touching, fleets, relay=False)):
                return True
    return False


def _convoy_reaches(army: str, goal: str, ports: frozenset[str],
                    touching: dict[str, frozenset[str]], fleets: set[str], relay: bool) -> bool:
    """Whether the fleets in seas and ports could carry an army from ``army`` to ``goal``; a port
    only as the first fleet unless ``relay``."""
    seen = set(touching.get(army, frozenset())) & fleets
    frontier = list(seen)
    while frontier:
        further = []
        for place in frontier:
            for step in touching.get(place, frozenset()):
                if step in fleets and step not in seen and (relay or step not in ports):
                    seen.add(step)
                    further.append(step)
        frontier = further
    return bool(seen & touching.get(goal, frozenset()))


def own_convoy(line: Answer) -> bool:
    """Whether an army moves to a place without ``via convoy`` while a fleet of its own power is
    ordered to convoy it there (the judge then takes the move as by convoy)."""
    moves = {(item["power"], item["order"].lower()) for item in line["orders"]}
    for item in line["orders"]:
        words = item["order"].lower().split()
        if len(words) >= 7 and words[2] == "c":
            if (item["power"], " ".join(words[3:])) in moves:
                return True
    return False


def judge_says(resolution: list[str]) -> str:
    """One judge result in the common words; ``done`` is what is not compared (holds, waives)."""
    if "illegal" in resolution or "invalid" in resolution:
        return "void"
    for word in ("cut", "given", "fails", "succeeds", "disrupted"):
        if word in resolution:
            return word
    return "carries" if "available" in resolution else "done"


def mila_says(order: str, taken: bool, results: list[str]) -> str:
    """One MILA result of a movement or retreat phase in the common words."""
    if not taken or "void" in results:
        return "void"
    if "no convoy" in results:
        return "no convoy"
    if " S " in order:  # a dislodged unit's support is cut (MILA says only dislodged)
        return "cut" if {"cut", "dislodged"} & set(results) else "given"
    if " C " in order:
        return "disrupted" if {"disrupted", "dislodged"} & set(results) else "carries"
    if " - " in order and " C " not in order or " R " in order:  # a move or a retreat
        return "fails" if {"bounce", "disrupted", "disband"} & set(results) else "succeeds"
    return "done"


def mila_made(order: str, power: str, line: Answer, mila: Answer) -> str:
    """Whether MILA made a build or a removal, read from its units before and after (its results
    are by unit, and two powers may order the same unit or site)."""
    if order == "WAIVE":
        return "done"  # MILA calls a waive void; it builds nothing, as the judge does
    before = {_unit(u) for u in line["units"] if u["power"].upper() == power}
    after = set(mila["units"].get(power, []))
    unit = " ".join(order.split()[:2])
    if order.endswith(" B"):
        return "succeeds" if unit in after - before else "void"
    return "succeeds" if unit in before - after else "void"


def _unit(unit: dict[str, str]) -> str:
    return f"{unit['type']} {unit['loc'].upper()}"


def _same(ours: str, theirs: str) -> bool:
    if "done" in (ours, theirs):
        return True
    if theirs == "no convoy":
        return ours != "succeeds"
    return ours == theirs


def position_differences(answer: Answer, mila: Answer, line: Answer, kind: str) -> list[str]:
    """The causes of each difference in the positions after a phase (units, dislodged units,
    retreats); none if they are the same."""
    if "error" in answer:
        return ["the judge failed"]
    return [cause for cause, _ in _position_differences(answer, mila, line, kind)]


def differences(kind: str, answer: Answer, mila: Answer, line: Answer,
                seen: Counter[str] | None = None) -> list[tuple[str, str]]:
    """Each difference of one phase: (its cause, what each side said), a known cause in the
    positions first (it is what moved the units); other differences in the positions only where
    no order differs. ``seen`` counts the orders compared, by kind of order."""
    if "error" in answer:
        return [("the judge failed", answer["error"])]
    orders = list(_order_differences(answer, mila, line, seen if seen is not None else Counter()))
    positions = list(_position_differences(answer, mila, line, kind))
    known = [(cause, detail) for cause, detail in positions if cause in KNOWN]
    found = known + orders + ([] if orders else [p for p in positions if p[0] not in KNOWN])
    return sorted(found, key=lambda item: KNOWN.index(item[0]) if item[0] in KNOWN else len(KNOWN))


def _order_differences(answer: Answer, mila: Answer, line: Answer, seen: Counter[str]
                       ) -> Iterator[tuple[str, str]]:
    taken = {" ".join(order.split()[:2]) for order in mila["taken"]}
    phase_kind = line["phase"][-1]
    for result in answer["results"]:
        text = mila_order(result["order"], phase_kind) or ""
        unit = (result["unit"] or "").upper()
        ours = judge_says(result["resolution"])
        if phase_kind == "A":
            theirs = mila_made(text, result["power"].upper(), line, mila)
        else:
            theirs = mila_says(text, unit in taken, mila["results"].get(unit, []))
        if "done" not in (ours, theirs):
            seen[_shape(text)] += 1
        if _same(ours, theirs):
            continue
        said = mila["results"].get(unit, "?") if unit in taken else "not taken"
        detail = f"{result['order']}: judge {result['resolution']}, MILA {said}"
        yield _order_cause(text, ours, theirs, result["power"], line, mila), detail


def _order_cause(order: str, ours: str, theirs: str, power: str, line: Answer, mila: Answer
                 ) -> str:
    shape = _shape(order)
    if shape.startswith("support") and theirs == "void" and ours in ("given", "cut"):
        if _against_own_unit(order, power, line):
            return WORDS_OWN_UNIT
        supported = " ".join(order.split()[3:5])
        if "no convoy" in mila["results"].get(supported, []):
            return WORDS_NO_CONVOY
    if shape == "convoy" and ours in ("carries", "disrupted") and theirs == "void":
        if "no convoy" in mila["results"].get(" ".join(order.split()[:2]), []):
            return WORDS_NO_ROUTE
    if (shape == "move via convoy" and ours == "succeeds" and theirs == "no convoy"
            or shape == "convoy" and ours == "carries" and theirs == "disrupted"):
        if _own_support_against_convoy(order, line):
            return OWN_SUPPORT_DISRUPTS
    if shape == "move via convoy" and ours == "fails" and theirs == "succeeds":
        if _own_support_of_convoyed(order, line):
            return OWN_SUPPORT_CONVOYED
    if shape == "move via convoy" and ours == "void" and theirs in ("fails", "succeeds"):
        return FALLBACK
    if shape.startswith("support") and ours == "cut" and theirs == "given":
        if _support_touches_convoy(order, line):
            return PARADOX_1982
    if shape == "build" and ours == "void" and theirs == "succeeds":
        if any(o["power"] == power and o["order"].upper() == "WAIVE" for o in line["orders"]):
            return WAIVE_COUNTS
    return f"{shape}: judge {ours}, MILA {theirs}"


def _shape(order: str) -> str:
    """What kind of order, for grouping: move, move via convoy, support, convoy, retreat ..."""
    words = order.split()
    if order == "WAIVE":
        return "waive"
    if words[-1] == "B":
        return "build"
    if words[-1] == "D":
        return "disband/remove"
    if " S " in order:
        return "support of a move" if " - " in order else "support to hold"
    if " C " in order:
        return "convoy"
    if " R " in order:
        return "retreat"
    if order.endswith(" VIA"):
        return "move via convoy"
    return "move" if " - " in order else "hold"


def _province(location: str) -> str:
    """The province of a location (``SPA`` of ``SPA/NC``)."""
    return location.split("/")[0]


def _owners(line: Answer) -> dict[str, str]:
    """The power of the unit in each province at the start of the phase."""
    return {_province(u["loc"]).upper(): u["power"] for u in line["units"]}


def _against_own_unit(order: str, power: str, line: Answer) -> bool:
    """Whether a support of a move aims at a province held by a unit of the supporting power or
    of the supported unit's power."""
    if " - " not in order:
        return False
    words = order.split()
    owners = _owners(line)
    target = owners.get(_province(words[-1]))
    return target is not None and target in (power, owners.get(_province(words[4])))


def _support_touches_convoy(order: str, line: Answer) -> bool:
    """Whether a support is given for or against a unit in a sea whose fleet convoys an army
    that moves by convoy against the supporting unit (the 1982 rule's case)."""
    words = order.split()
    supporter, aimed = _province(words[1]), _province(words[-1])
    for item in line["orders"]:
        convoy = item["order"].upper().split()
        if (len(convoy) >= 7 and convoy[2] == "C" and _province(convoy[1]) == aimed
                and _province(convoy[-1]) == supporter):
            return True
    return False


def _own_support_of_convoyed(order: str, line: Answer) -> bool:
    """Whether this convoyed army's attack is supported by a unit of the attacked unit's power."""
    army, destination = order.split()[1], order.split()[3]
    owner = _owners(line).get(_province(destination))
    for item in line["orders"]:
        words = item["order"].upper().split()
        if (len(words) >= 7 and words[2] == "S" and words[4] == army
                and _province(words[-1]) == _province(destination)
                and item["power"] == owner):
            return True
    return False


def _own_support_against_convoy(order: str, line: Answer) -> bool:
    """Whether a fleet convoying this army (or this fleet, for a convoy order) is attacked with
    the support of a unit of the fleet's own power."""
    words = order.split()
    if words[2] == "C":  # the convoying fleet's own order: the army it carries
        army, destination = words[4], words[-1]
    else:
        army, destination = words[1], words[3]
    owners = _owners(line)
    fleets = set()
    for item in line["orders"]:
        words = item["order"].upper().split()
        if len(words) >= 7 and words[2] == "C" and words[4] == army and words[-1] == destination:
            fleets.add(words[1])
    for item in line["orders"]:
        words = item["order"].upper().split()
        if " S " in f" {item['order'].upper()} " and words[-1] in fleets and words[-2] == "-":
            if owners.get(words[-1]) == item["power"]:
                return True
    return False


def _position_differences(answer: Answer, mila: Answer, line: Answer, kind: str
                          ) -> Iterator[tuple[str, str]]:
    """The units standing after the phase, the dislodged units and their retreats."""
    ours = {_unit(u) for u in answer["next"]["units"]}
    theirs = {u for listed in mila["units"].values() for u in listed if not u.startswith("*")}
    if ours != theirs:
        detail = f"only the judge has {sorted(ours - theirs)}, only MILA {sorted(theirs - ours)}"
        cause = f"positions after the {kind} differ"
        if kind == "adjustments" and _same_counts(answer, mila):
            cause = CIVIL_DISORDER
        yield cause, detail
    if kind != "movement":
        return
    dislodged = {_unit(d): d for d in answer["next"].get("dislodged", [])}
    retreats = {unit: set(places) for power in mila["retreats"].values()
                for unit, places in power.items()}
    convoyed = {_unit(u) for u in _convoyed_dislodgements(answer, line)}
    for unit in sorted(set(dislodged) | set(retreats)):
        listed = dislodged[unit]["retreats"] if unit in dislodged else []
        ours_places = {place.upper() for place in listed}
        theirs_places = retreats.get(unit, set())
        if ours_places == theirs_places and (unit in dislodged) == (unit in retreats):
            continue
        detail = f"{unit}: judge {sorted(ours_places)}, MILA {sorted(theirs_places)}"
        if unit in convoyed and ours_places < theirs_places:
            yield RETREAT_ANYWHERE, detail
        else:
            yield "retreats: not the same places", detail


def _convoyed_dislodgements(answer: Answer, line: Answer) -> list[dict[str, str]]:
    """The units the judge found dislodged by a convoyed army (with or without a retreat)."""
    by_convoy = [d for d in answer["next"].get("dislodged", []) if d.get("by_convoy")]
    destroyed = []
    for result in answer["results"]:
        if "destroyed" in result["resolution"] and result["unit"]:
            kind, loc = result["unit"].split()
            attackers = [o["order"] for o in line["orders"]
                         if o["order"].endswith(" via convoy")
                         and o["order"].split()[-3] == _province(loc)]
            if attackers:
                destroyed.append({"type": kind, "loc": loc})
    for action in answer.get("automatic", []):  # an unordered unit destroyed (a dummy's)
        if action.get("action") == "disband" and any(
                o["order"].endswith(" via convoy") and o["order"].split()[-3] == action["loc"]
                for o in line["orders"]):
            destroyed.append({"type": action["type"], "loc": action["loc"]})
    return by_convoy + destroyed


def _same_counts(answer: Answer, mila: Answer) -> bool:
    """Whether only the removals of powers in civil disorder differ: each power has as many
    units after the winter in both, and the units that differ are theirs."""
    ours: dict[str, set[str]] = {}
    for unit in answer["next"]["units"]:
        ours.setdefault(unit["power"].upper(), set()).add(_unit(unit))
    theirs = {power: set(units) for power, units in mila["units"].items() if units}
    disorder = {a["power"].upper() for a in answer["automatic"] if a["action"] == "remove"}
    if not disorder or set(ours) != set(theirs):
        return False
    return all(len(ours[p]) == len(theirs[p]) and (ours[p] == theirs[p] or p in disorder)
               for p in ours)
