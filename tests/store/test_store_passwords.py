"""Game passwords: stored only as salted scrypt hashes, checked in constant time."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from sqlmodel import select

from judge.store import Membership, Store, hash_password, needs_rehash, passwords, verify_password

if TYPE_CHECKING:
    from conftest import Rows


def test_the_right_password_verifies_and_a_wrong_one_does_not() -> None:
    stored = hash_password("Clarence")
    assert verify_password("Clarence", stored)
    assert not verify_password("clarence", stored)
    assert not verify_password("", stored)


def test_the_stored_form_describes_itself_and_hides_the_password() -> None:
    stored = hash_password("Clarence")
    scheme, n, r, p, salt, digest = stored.split("$")
    assert (scheme, int(n), int(r), int(p)) == ("scrypt", passwords.N, passwords.R, passwords.P)
    assert "Clarence" not in stored and salt and digest
    assert not needs_rehash(stored)


def test_each_hash_has_its_own_salt() -> None:
    assert hash_password("same") != hash_password("same")


def test_hashes_made_with_other_parameters_still_verify_and_ask_for_a_rehash() -> None:
    salt = b"0123456789abcdef"
    digest = passwords._scrypt("old", salt, 2**10, 8, 1, 32)
    stored = f"scrypt$1024$8$1${passwords._b64(salt)}${passwords._b64(digest)}"
    assert verify_password("old", stored)
    assert needs_rehash(stored)


@pytest.mark.parametrize(
    "stored",
    [
        "",
        "plain text password",
        "bcrypt$12$8$1$c2FsdA==$aGFzaA==",
        "scrypt$1000$8$1$c2FsdA==$aGFzaA==",  # n not a power of two
        "scrypt$1073741824$8$1$c2FsdA==$aGFzaA==",  # n absurdly large
        "scrypt$16384$8$1$not base64!$aGFzaA==",
        "scrypt$16384$8$1$c2FsdA==$",
    ],
)
def test_a_malformed_stored_hash_verifies_nothing(stored: str) -> None:
    assert not verify_password("anything", stored)


def test_the_database_holds_the_hash_not_the_password(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        member = rows.member(session, rows.game(session), "ENGLAND")
        member.password_hash = hash_password("Warwick the Kingmaker")
    with store.session() as session:
        stored = session.exec(select(Membership.password_hash)).one()
    assert "Warwick" not in stored
    assert verify_password("Warwick the Kingmaker", stored)
    assert not verify_password("Warwick", stored)


def test_a_verified_password_is_remembered_but_a_wrong_one_is_never_accepted() -> None:
    from judge.store import passwords

    stored = passwords.hash_password("tudor")
    assert passwords.verify_password("tudor", stored)
    assert stored in passwords._VERIFIED
    assert passwords.verify_password("tudor", stored)
    assert not passwords.verify_password("york", stored)
    assert not passwords.verify_password("tudor", passwords.hash_password("other"))
