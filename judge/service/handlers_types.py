"""The shape of a command handler: it carries out one command for the mail's context."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .mailroom import Context

Handler = Callable[[Context, Any], None]
