"""The command line answers bad input, a closed pipe or a crash with a message, never a traceback.

``run(main, argv)`` wraps ``cli.main``: whatever escapes it becomes one line on stderr (its text
cleaned and cut, see ``safe_text``) and an exit status scripts can tell apart:

- 2: bad input (a save, a script, a path, an option), the message says which and why;
- 141: standard output was closed early (``tiletum saves | head -1``), as a program ended by
  SIGPIPE; nothing more is printed;
- 130: interrupted (Ctrl+C, SIGINT; the screens too: ``ui.app.run_app``);
- 74: standard output could not be written (a full disk, ``>/dev/full``; closed, ``>&-``): the
  message says it was the output, so it is not taken for a problem with a save;
- 70: an unexpected error (a bug): ``TILETUM_DEBUG=1`` shows the traceback.
"""

from __future__ import annotations

import errno
import os
import sys

from tiletum_tui.core.safe_text import clean
from .saves.errors import SaveFileError

EXIT_BAD_INPUT = 2
EXIT_BUG = 70
EXIT_INTERRUPTED = 130
EXIT_OUTPUT = 74  # sysexits' EX_IOERR
EXIT_PIPE = 141


class InputProblem(Exception):
    """Bad input from the command line (a script, a path): the message is ready to print."""


def say(message: str) -> None:
    """One line on stderr, if there is a stderr."""
    if sys.stderr is not None:
        try:
            print(f"tiletum: {message}", file=sys.stderr)
        except (OSError, ValueError):
            pass


def _quiet_stdout() -> None:
    """Point stdout at /dev/null: the interpreter's last flush would hit the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


class OutputError(OSError):
    """Standard output could not be written (full, closed): raised by ``_Output``, so the message
    can say it was the output rather than a file."""


class _Output:
    """Standard output, telling its failures apart: a write or flush that fails raises OutputError
    (a closed pipe stays BrokenPipeError). A standard output closed at start (``sys.stdout`` None)
    fails at the first write instead of dropping every line without a word."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def _fail(self, exc: OSError):
        if isinstance(exc, BrokenPipeError):
            raise exc
        raise OutputError(exc.errno, exc.strerror or str(exc)) from exc

    def write(self, text: str) -> int:
        if self._stream is None:
            raise OutputError(errno.EBADF, "it is closed")
        try:
            return self._stream.write(text)
        except OSError as exc:
            self._fail(exc)

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except OSError as exc:
            self._fail(exc)

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name):
        if self._stream is None:
            if name == "encoding":
                return "utf-8"
            raise AttributeError(name)
        return getattr(self._stream, name)


def run(main, argv) -> int:
    real = sys.stdout
    sys.stdout = _Output(real)
    try:
        code = main(argv)
        sys.stdout.flush()  # a closed pipe or a full disk shows here, not in the interpreter's exit
        return code
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_PIPE
    except OutputError as exc:
        _quiet_stdout()
        say(f"the standard output could not be written ({clean(exc.strerror or exc)}): the output is "
            "incomplete")
        return EXIT_OUTPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except (SaveFileError, InputProblem) as exc:
        say(str(exc))
        return EXIT_BAD_INPUT
    except OSError as exc:
        where = f"{clean(exc.filename)}: " if exc.filename else ""
        say(f"{where}{clean(exc.strerror or exc)}")
        return EXIT_BAD_INPUT
    except (RecursionError, MemoryError):
        say("the input is too large or too deeply nested")
        return EXIT_BAD_INPUT
    except Exception as exc:
        if os.environ.get("TILETUM_DEBUG"):
            raise
        say(f"unexpected error (a bug, please report it): {type(exc).__name__}: {clean(exc, 300)} "
            "(TILETUM_DEBUG=1 shows where)")
        return EXIT_BUG
    finally:
        sys.stdout = real
