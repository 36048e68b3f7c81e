"""Game passwords, kept only as salted scrypt hashes.

A stored hash describes itself, so the cost parameters can be raised later without breaking the old
hashes::

    scrypt$<n>$<r>$<p>$<salt, base64>$<hash, base64>

>>> stored = hash_password("lancaster")
>>> stored.startswith("scrypt$") and "lancaster" not in stored
True
>>> verify_password("lancaster", stored), verify_password("york", stored)
(True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

SCHEME = "scrypt"
N = 2**14  # CPU/memory cost: about 16 MiB and a few tens of milliseconds per hash
R = 8
P = 1
SALT_BYTES = 16
HASH_BYTES = 32
_MAX_N = 2**20  # refuse absurd parameters read from a damaged or hostile row


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=length, maxmem=256 * r * (n + p + 2)
    )


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_password(password: str) -> str:
    """The string to store for ``password``: scrypt with a fresh random salt."""
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, N, R, P, HASH_BYTES)
    return f"{SCHEME}${N}${R}${P}${_b64(salt)}${_b64(digest)}"


# Passwords already verified in this process, so that a player's tenth mail of the day does not
# pay scrypt again: stored hash -> a keyed digest of the password (the key lives only in memory,
# so the cache says nothing to whoever reads the process's memory without it). Bounded; cleared
# when full.
_VERIFIED: dict[str, bytes] = {}
_VERIFIED_LIMIT = 10_000
_CACHE_KEY = secrets.token_bytes(32)


def _keyed(password: str) -> bytes:
    return hmac.new(_CACHE_KEY, password.encode("utf-8"), hashlib.sha256).digest()


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from; False for a malformed ``stored``.

    The final comparison takes the same time wherever the digests differ. A password verified once
    is remembered for this process (see ``_VERIFIED``); a wrong one always pays the full scrypt.
    """
    remembered = _VERIFIED.get(stored)
    if remembered is not None and hmac.compare_digest(remembered, _keyed(password)):
        return True
    if not _verify(password, stored):
        return False
    if len(_VERIFIED) >= _VERIFIED_LIMIT:
        _VERIFIED.clear()
    _VERIFIED[stored] = _keyed(password)
    return True


def _verify(password: str, stored: str) -> bool:
    try:
        scheme, n_text, r_text, p_text, salt_text, digest_text = stored.split("$")
        n, r, p = int(n_text), int(r_text), int(p_text)
        salt = base64.b64decode(salt_text, validate=True)
        expected = base64.b64decode(digest_text, validate=True)
    except ValueError:
        return False
    if scheme != SCHEME or not (1 < n <= _MAX_N) or n & (n - 1) or not (0 < r <= 32) or not (0 < p <= 16):
        return False
    if not expected:
        return False
    actual = _scrypt(password, salt, n, r, p, len(expected))
    return hmac.compare_digest(actual, expected)


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with other parameters than today's (rehash at the next login)."""
    return not stored.startswith(f"{SCHEME}${N}${R}${P}$")
