"""The judge's chance, which anyone can check once a game is over.

Every game has a secret of 32 random bytes, drawn when it is created and never shown while it
runs. Its SHA-256 hash (``commitment``) is published to every member when the game starts. All
chance in the game comes from the secret: the powers are given out by ``Random(secret)``, the
game kind's ``new_game(secret)`` sets up the start (Richard III shuffles its first deal from it),
and each phase is resolved with ``phase_random(secret, phase)``: a generator seeded by the
SHA-256 of the secret followed by the phase's name (UTF-8), so that the same phase replayed after
a rollback, or previewed by PREDICT, draws exactly what processing drew. When the game ends the
secret is revealed; ``judge verify`` then recomputes every phase of the game's record
(``judge/games/record_check.py``) and says whether every roll matches.
"""

from __future__ import annotations

import hashlib
from random import Random


def commitment(secret: bytes) -> str:
    """What is published while the secret is kept: its SHA-256 hash, in hexadecimal."""
    return hashlib.sha256(secret).hexdigest()


def phase_random(secret: bytes, phase: str) -> Random:
    """The one source of chance for resolving ``phase`` of the game with this secret."""
    return Random(hashlib.sha256(secret + phase.encode()).digest())
