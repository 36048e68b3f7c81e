"""Each variant's map is read from ``NAME.json``, its map file ``NAME.toml`` as JSON
(``judge.games.variants``): the two must hold the same data, in the same order.

After changing a map file, write its JSON again: ``python tests/games/test_prebuilt_maps.py``.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from judge.games.diplomacy.maps import read_map
from judge.games.variants import load_variant, prebuilt_form, variant_names

FOLDER = Path(__file__).resolve().parents[2] / "judge" / "games" / "variants"


@pytest.mark.parametrize("name", variant_names())
def test_the_json_form_is_the_map_file(name: str) -> None:
    toml_text = (FOLDER / f"{name}.toml").read_text(encoding="utf-8")
    built = FOLDER / f"{name}.json"
    again = "write it with python tests/games/test_prebuilt_maps.py"
    assert built.is_file(), f"{built.name} is missing: {again}"
    assert built.read_text(encoding="utf-8") == prebuilt_form(toml_text), (
        f"{built.name} is not {name}.toml: {again}"
    )
    assert json.loads(built.read_text(encoding="utf-8")) == tomllib.loads(toml_text)


@pytest.mark.parametrize("name", variant_names())
def test_the_map_read_from_json_is_the_map_read_from_toml(name: str) -> None:
    from_toml = read_map((FOLDER / f"{name}.toml").read_text(encoding="utf-8"), f"{name}.toml")
    from_json = load_variant(name)
    assert vars(from_json) == vars(from_toml)
    for part in ("provinces", "powers", "army_moves", "fleet_moves", "boxes"):  # in the same order
        assert list(getattr(from_json, part).items()) == list(getattr(from_toml, part).items())


if __name__ == "__main__":
    for variant in variant_names():
        text = prebuilt_form((FOLDER / f"{variant}.toml").read_text(encoding="utf-8"))
        (FOLDER / f"{variant}.json").write_text(text, encoding="utf-8")
        print(f"wrote {FOLDER / variant}.json")
