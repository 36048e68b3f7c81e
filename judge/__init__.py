"""The judge: a play-by-email adjudicator for the games of the Wars of the Roses."""

__version__ = "0.1.0"
