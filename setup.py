"""Finds the judge's packages, so that a new one (a game kind, a layer) needs no list kept by hand:
everything under judge/, and grammar/ and templates/ as judge.grammar and judge.templates (the
mapping is in pyproject.toml, where everything else about the build is)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["judge", "judge.*"]), "judge.grammar", "judge.templates"])
