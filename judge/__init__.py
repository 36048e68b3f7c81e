"""The judge: a play-by-email adjudicator for the games of the Wars of the Roses.

``__version__`` is the judge's version, written here alone (pyproject.toml reads it; ``judge
--version`` prints it; every processed phase records it). It is raised with each change players
or operators would notice, as CHANGELOG.md tells version by version."""

__version__ = "0.5.0"
