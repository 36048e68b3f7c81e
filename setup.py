"""Finds the judge's packages, so that a new one (a game kind, a layer) needs no list kept by hand:
everything under judge/, and grammar/ and templates/ as judge.grammar and judge.templates, with each
folder of templates/ (they hold only data, no ``__init__.py``) as a package under judge.templates
(the mapping is in pyproject.toml, where everything else about the build is)."""

from setuptools import find_namespace_packages, find_packages, setup

TEMPLATE_FOLDERS = find_namespace_packages(where="templates", exclude=["__pycache__", "*.__pycache__"])

setup(packages=[*find_packages(include=["judge", "judge.*"]), "judge.grammar", "judge.templates",
                *(f"judge.templates.{folder}" for folder in TEMPLATE_FOLDERS)])
