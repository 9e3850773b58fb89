"""The web door's sign-in links: one personal secret per player (and one per watcher), revocable.

``Invites(path)`` keeps them in one file of the host's data folder (mode 0600, its folder 0700).
Only a hash of each token is stored: a copy of the file (a backup, a leaked disk) does not hold a
single working link, and the token itself exists only in the link handed to its player.

- ``invite(name)`` makes a new link token for ``name`` and returns it (the old one of the same kind
  stops working); ``invite(name, watch=True)`` makes a read-only watching link instead.
- ``revoke(name)`` ends the name's links; ``links()`` lists who has which kind (never a token).
- ``check(token)`` says whose link a token is, comparing hashes in constant time (``hmac``) against
  every stored one, so the time taken says nothing about how close a guess was.

The file is read again when it changes, so ``tiletum host invite ann`` run beside a live host takes
effect at once, and a revoked link is refused at its next request. Names are checked as the SSH
door checks them (``safe_text.name_problem``): a name is shown on every screen of every player.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from tiletum_tui.core.safe_text import name_problem, quote

PLAY, WATCH = "play", "watch"
_TOKEN_BYTES = 32  # 256 bits: guessing is hopeless, so one fast hash (no slow KDF) is enough
_FORMAT = 1


class InviteError(Exception):
    """A name or an invites file the door cannot use; the message says why and what to do."""


@dataclass(frozen=True)
class Link:
    """Who a sign-in link is for: a player's name, the kind (``play`` or ``watch``), when made."""

    name: str
    kind: str
    made: float

    @property
    def watch(self) -> bool:
        return self.kind == WATCH


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Invites:
    """The sign-in links of one host, stored as hashes in ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._entries: list[tuple[Link, str]] = []  # (link, token hash)
        self._seen: tuple[int, int, int] | None = None

    # Reading --------------------------------------------------------------------------------
    def _load(self) -> None:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            self._entries, self._seen = [], None
            return
        seen = (st.st_ino, st.st_size, st.st_mtime_ns)
        if seen == self._seen:
            return
        mode = stat.S_IMODE(st.st_mode)
        if mode & 0o077:
            raise InviteError(
                f"the invites file {quote(self.path, 200)} may be read by others (mode {mode:04o}); "
                f"make it private (chmod 600)"
            )
        try:
            data = json.loads(self.path.read_text("utf-8"))
            entries = [
                (Link(str(e["name"]), str(e["kind"]), float(e["made"])), str(e["hash"]))
                for e in data["links"]
            ]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InviteError(
                f"the invites file {quote(self.path, 200)} cannot be read ({type(exc).__name__}); "
                f"delete it and invite the players again"
            ) from exc
        # A hand-edited entry with an unsafe name or an unknown kind is not used: it fails closed.
        self._entries = [(l, h) for l, h in entries if l.kind in (PLAY, WATCH) and name_problem(l.name) is None]
        self._seen = seen

    def links(self) -> list[Link]:
        """Every link, sorted by name then kind; no token, no hash."""
        self._load()
        return sorted((link for link, _ in self._entries), key=lambda l: (l.name, l.kind))

    def check(self, token: str | None) -> Link | None:
        """The link ``token`` opens, or None. Every stored hash is compared (no early exit)."""
        if not token:
            return None
        self._load()
        presented = token_hash(token)
        found = None
        for link, stored in self._entries:
            if hmac.compare_digest(presented, stored) and found is None:
                found = link
        return found

    # Writing --------------------------------------------------------------------------------
    def invite(self, name: str, *, watch: bool = False) -> str:
        """A new token for ``name``'s link of that kind (its earlier one stops working)."""
        problem = name_problem(name)
        if problem is not None:
            raise InviteError(problem)
        kind = WATCH if watch else PLAY
        self._load()
        token = secrets.token_urlsafe(_TOKEN_BYTES)
        kept = [(l, h) for l, h in self._entries if (l.name, l.kind) != (name, kind)]
        self._save(kept + [(Link(name, kind, time.time()), token_hash(token))])
        return token

    def revoke(self, name: str, *, watch: bool | None = None) -> int:
        """End ``name``'s links (both kinds, or only the one named); how many were ended."""
        self._load()
        kinds = (PLAY, WATCH) if watch is None else ((WATCH,) if watch else (PLAY,))
        kept = [(l, h) for l, h in self._entries if not (l.name == name and l.kind in kinds)]
        ended = len(self._entries) - len(kept)
        if ended:
            self._save(kept)
        return ended

    def _save(self, entries: list[tuple[Link, str]]) -> None:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        data = {
            "format": _FORMAT,
            "links": [{"name": l.name, "kind": l.kind, "made": l.made, "hash": h} for l, h in entries],
        }
        # Written whole to a private new file, then moved over the old one: a reader (the live
        # host) sees the old file or the new one, never half of one, and never a readable one.
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        self._entries = entries
        st = self.path.stat()
        self._seen = (st.st_ino, st.st_size, st.st_mtime_ns)
