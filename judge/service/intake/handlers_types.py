"""The shape of a command handler: it carries out one command for the mail's context."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .context import Context

Handler = Callable[[Context, Any], bool | None]
"""A handler carries out one item for the mail's context and says what it did. It refuses with a
``GameError``; it may return False when it did nothing without refusing (lines ignored)."""
