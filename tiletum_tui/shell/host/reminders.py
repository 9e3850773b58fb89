"""Reminders outside the terminal (issue 44): when a player's turn begins at a hosted game, and before
their time per move runs out, a message through apprise (e-mail, ntfy, Matrix, Discord and the rest)
to the URL the player set in the lobby (``e``), kept in the host's database (``records_db``:
``host.db``, mode 0600: a URL may hold a password; ``reminders.json`` before, imported once), or in
the players file (``notify="URL"`` on the player's key line).

Never more than one per game and player per interval (``clock.MoveClock.interval``; when each was
last sent is in the database too, so a host started again keeps to it), never for the seat that just
moved (the Table does not ask for one), never while the player is away. Each is sent off the host's
event loop, by a small pool of threads: the host never waits on a mail server.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import msgspec

from tiletum_tui.core.safe_text import clean
from ..table.clock import left_words
from .records_db import Records, RecordsError

URL_LONGEST = 500


def _send(url: str, title: str, body: str) -> bool:
    import apprise  # (in the thread: its import and the send are nothing the loop waits for)

    sender = apprise.Apprise()
    if not sender.add(url):
        return False
    return bool(sender.notify(body=body, title=title))


class Reminders:
    def __init__(self, folder, report, wall) -> None:
        self.folder, self.report, self.wall = folder, report, wall
        self.records: Records | None = None  # the host's database (``open``, when the host starts)
        self.players = None  # the SSH door's players file (``keys.PlayerKeys``): its ``notify="URL"`` options
        self.sending: set = set()  # futures under way (a test waits for them: ``settled``)
        self._pool: ThreadPoolExecutor | None = None

    def open(self, records: Records) -> None:
        """Kept in ``records`` from now on; an older folder's ``reminders.json`` imported into it once
        (renamed ``reminders.json.imported``, as ``tables.json`` is; a damaged one is said and kept)."""
        self.records = records
        path = self.folder.reminders
        if records.meta("imported-reminders") is not None or not path.exists():
            return
        try:
            urls = msgspec.json.decode(path.read_bytes(), type=dict[str, str])
        except (msgspec.DecodeError, OSError) as exc:
            self.report(f"the players' reminder addresses could not be read: {clean(exc, 120)}")
            return
        records.import_reminder_urls(urls)
        try:
            path.rename(path.with_name("reminders.json.imported"))
        except OSError:
            pass
        self.report(f"imported {len(urls)} player(s)' reminder addresses from reminders.json into host.db")

    def url_of(self, name: str) -> str:
        """Where ``name``'s reminders go: set in the lobby, else by the players file; "" for nowhere."""
        url = self.records.reminder_url(name) if self.records is not None else None
        if url is not None:
            return url
        return self.players.notify_of(name) if self.players is not None else ""

    def set_url(self, name: str, url: str) -> str | None:
        """Where ``name``'s reminders go ("": nowhere); None, or why not."""
        url = url.strip()
        if len(url) > URL_LONGEST or any(ord(c) < 32 for c in url):
            return "that is not an address reminders can be sent to"
        if url:
            import apprise  # start-up: apprise and its plug-ins load only when a player sets a reminder

            if not apprise.Apprise().add(url):
                return ("apprise does not know that address: e.g. mailto://user:password@example.org, "
                        "ntfys://ntfy.sh/topic, discord://id/token")
        try:
            self.records.set_reminder_url(name, url)  # (committed before the player is told)
        except RecordsError as exc:
            return f"the host could not keep it: {clean(exc, 120)}"
        return None

    def remind(self, game_id: str, title: str, name: str, u) -> None:
        """A Table's ``updates.Reminder`` for ``name``: sent, unless too soon or nowhere to send it."""
        url = self.url_of(name)
        if not url:
            return
        now = self.wall.now()
        try:
            last = self.records.last_reminded(game_id, name)
            if last is not None and now - last < u.interval:
                return
            self.records.reminded(game_id, name, u.kind, now)  # (kept before it is sent: never twice)
        except RecordsError as exc:
            self.report(f"a reminder to {clean(name, 40)} was not sent: {clean(exc, 120)}")
            return
        if u.kind == "turn":
            subject = f"Tiletum: your turn at {title} ({game_id})"
            body = f"It is your turn, {name}, at the game of {title} {game_id}."
        else:
            subject = f"Tiletum: your time at {title} ({game_id}) runs out"
            body = f"{name}, your time at the game of {title} {game_id} runs out in {left_words(u.left or 0)}."
        if u.left is not None and u.kind == "turn":
            body += f" Time left: {left_words(u.left)}."
        self._dispatch(url, subject, body, name)

    def _dispatch(self, url: str, subject: str, body: str, name: str) -> None:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="reminders")
        future = asyncio.get_running_loop().run_in_executor(self._pool, _send, url, subject, body)
        self.sending.add(future)

        def done(f) -> None:
            self.sending.discard(f)
            failed = f.exception() if not f.cancelled() else None
            if failed is not None or (not f.cancelled() and not f.result()):
                self.report(f"a reminder to {clean(name, 40)} could not be sent"
                            + (f": {clean(failed, 120)}" if failed else ""))

        future.add_done_callback(done)

    async def settled(self) -> None:
        """Until every reminder under way is sent (or failed)."""
        while self.sending:
            await asyncio.gather(*list(self.sending), return_exceptions=True)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
