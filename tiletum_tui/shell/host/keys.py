"""The SSH door's keys: the host's own key, and the players' keys from an authorized_keys file.

- ``load_host_key(path)``: the host key (ed25519), made at the first start and kept at ``path``
  (mode 0600, its folder 0700). A key file others may read is refused, as sshd refuses one.
- ``PlayerKeys(path)``: who may come in. OpenSSH's authorized_keys format, one key a line; the
  player's name is the ``name="…"`` option, else the key's comment. The file is read again when it
  changes (its size, time or inode), checked at each login attempt, so a player added or removed
  while the host runs takes effect at their next connection.

A name is shown on every screen of every player, so a line whose name is empty, too long or holds a
control character (an escape sequence) is not used; ``problems`` says which lines and why, cleaned,
so the host can print them. Options that would widen or narrow access in ways the door does not
implement (``from=``, ``command=``, ``cert-authority``...) make the line unused too: failing closed
beats a ``from=`` restriction silently ignored. The restrictions (``restrict``, ``no-pty``'s
siblings ``no-port-forwarding`` and the like) are accepted: the door never forwards anything.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from .ssh_import import asyncssh

from tiletum_tui.core.safe_text import clean, name_problem, quote

HOST_KEY_ALGORITHM = "ssh-ed25519"
# Options that only restrict what a key may do; the door allows none of those things anyway.
_RESTRICTIONS = {
    "restrict",
    "no-port-forwarding",
    "no-agent-forwarding",
    "no-x11-forwarding",
    "no-user-rc",
    "no-touch-required",
    "verify-required",
}


class KeyFileError(Exception):
    """A key file the door cannot use; the message says why and what to do."""


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The host's private key at ``path``, made (ed25519, 0600) if there is none yet."""
    path = Path(path)
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise KeyFileError(
                f"the host key {quote(path, 200)} may be read by others (mode {mode:04o}); "
                f"make it private (chmod 600) or delete it to make a new one"
            )
        try:
            return asyncssh.read_private_key(path)
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise KeyFileError(f"the host key {quote(path, 200)} cannot be read: {clean(exc, 200)}") from exc
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = asyncssh.generate_private_key(HOST_KEY_ALGORITHM, comment="tiletum host")
    # O_EXCL and the mode at creation: the private key is never readable by others, not even briefly.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """``SHA256:…``, as ``ssh`` shows it when it first meets the host."""
    return key.get_fingerprint("sha256")


@dataclass(frozen=True)
class PlayerKey:
    name: str
    key: asyncssh.SSHKey
    line: int
    notify: str = ""  # where this player's reminders go (``notify="URL"``, an apprise URL: issue 44)


def _split_options(line: str) -> tuple[list[tuple[str, str | None]], str]:
    """The options at the head of an authorized_keys line and the rest (key type, key, comment).
    Quotes may hold commas and spaces; a backslash escapes a quote inside them."""
    options: list[tuple[str, str | None]] = []
    current, quoted, i = "", False, 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and quoted and i + 1 < len(line):
            current += line[i + 1]
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in " \t,":
            options.append(_option(current))
            current = ""
            if ch != ",":
                return options, line[i:].strip()
        else:
            current += ch
        i += 1
    if quoted:
        raise ValueError("a quote in the options is not closed")
    raise ValueError("no key after the options")


def _option(text: str) -> tuple[str, str | None]:
    if "=" in text:
        name, value = text.split("=", 1)
        return name.lower(), value
    return text.lower(), None


def parse_authorized_keys(text: str) -> tuple[list[PlayerKey], list[str]]:
    """The players of an authorized_keys text and the problems of the lines not used."""
    players: list[PlayerKey] = []
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            player = _parse_line(line, number)
        except ValueError as exc:
            problems.append(f"line {number}: {clean(exc, 200)}; the line is not used")
            continue
        players.append(player)
    return players, problems


def _parse_line(line: str, number: int) -> PlayerKey:
    options: list[tuple[str, str | None]] = []
    try:
        key = asyncssh.import_public_key(line)
    except asyncssh.KeyImportError:
        options, rest = _split_options(line)
        try:
            key = asyncssh.import_public_key(rest)
        except asyncssh.KeyImportError as exc:
            raise ValueError(f"not a public key ({clean(exc, 80)})") from exc
    name: str | None = None
    notify = ""
    for option, value in options:
        if option == "name" and value is not None:
            name = value
        elif option == "notify" and value is not None:  # (the host's own option, as name=: reminders)
            notify = value
        elif option not in _RESTRICTIONS:
            raise ValueError(f"the option {quote(option, 30)} is not supported by the host's door")
    if name is None:
        name = (key.get_comment() or "").strip()
    problem = name_problem(name)
    if problem:
        raise ValueError(problem if name else 'no player name: add name="…" or a comment after the key')
    return PlayerKey(name=name, key=key, line=number, notify=notify)


class PlayerKeys:
    """The players allowed in, from an authorized_keys file read again whenever it changes."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._stamp: tuple[int, int, int, int] | None = None
        self._players: list[PlayerKey] = []
        self.problems: list[str] = []
        self.refresh()

    def refresh(self) -> None:
        """Read the file again if it changed since the last read (a missing file lets nobody in)."""
        try:
            info = self.path.stat()
        except OSError as exc:
            self._stamp, self._players = None, []
            self.problems = [f"the authorized keys file {quote(self.path, 200)} cannot be read ({clean(exc.strerror, 80)})"]
            return
        stamp = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        if stamp == self._stamp:
            return
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            self._stamp, self._players = None, []
            self.problems = [f"the authorized keys file {quote(self.path, 200)} cannot be read ({clean(exc.strerror, 80)})"]
            return
        self._stamp = stamp
        self._players, self.problems = parse_authorized_keys(text)

    @property
    def names(self) -> list[str]:
        return sorted({player.name for player in self._players})

    def notify_of(self, name: str) -> str:
        """Where ``name``'s reminders go, by the file (``notify="URL"``; "": nowhere)."""
        self.refresh()
        return next((p.notify for p in self._players if p.name == name and p.notify), "")

    def player_for(self, key: asyncssh.SSHKey, username: str) -> str | None:
        """The player this key logs in as, or None (refused). A key listed under several names
        takes the one the login's user name picks; without such a pick it is refused."""
        self.refresh()
        names = []
        for player in self._players:
            if player.key.public_data == key.public_data and player.name not in names:
                names.append(player.name)
        if len(names) == 1:
            return names[0]
        return username if username in names else None
