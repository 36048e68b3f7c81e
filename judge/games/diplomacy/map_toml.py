"""A variant's data written as its TOML map file, laid out as ``standard.toml`` is (see its
header for the format): the form in which a variant read from elsewhere (a DPjudge ``.map``
file: ``dpjudge_variant``) is kept beside the judge's own. Text out only; the caller writes it.
"""

from __future__ import annotations

import json
import re
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(text: str) -> str:
    return text if _BARE_KEY.fullmatch(text) else _string(text)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a TOML basic string: JSON's escapes are TOML's


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


def map_toml(data: dict[str, Any], header: str) -> str:
    """The TOML text of a variant's data; ``header`` (lines of text) opens it as comments."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines.append("")
    for key, value in data.items():
        if key not in ("powers", "provinces", "boxes"):
            lines.append(f"{_key(key)} = {_value(value)}")
    for name, power in data.get("powers", {}).items():
        lines += ["", f"[powers.{_key(name)}]"]
        lines += [f"{_key(key)} = {_value(value)}" for key, value in power.items()]
    lines += ["", "[provinces]", ""]
    lines += [f"{_key(abbr)} = {_value(spec)}" for abbr, spec in data.get("provinces", {}).items()]
    return "\n".join(lines) + "\n"
