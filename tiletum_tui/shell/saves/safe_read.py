"""Bounded reading of untrusted files: only regular files, a size limit checked while reading,
UTF-8 checked with a position, and a bound on JSON nesting.

Saves are shared, so a save file is untrusted input. Each rule here stops one way a file could
hang, exhaust or crash the program:

- a FIFO named ``x.json`` would block ``open()`` forever: files are opened non-blocking and
  refused unless they are regular files (a folder, a pipe, a device, a socket is named as such);
- a link to ``/dev/zero`` or a file still growing never ends: reading stops just past the limit,
  whatever size the file claims;
- JSON nested a thousand deep overflows the decoder's stack (a RecursionError that used to
  escape every handler): the nesting is measured first, outside strings;
- a byte that is not UTF-8 is reported with its line, column and offset; a UTF-8 byte order mark
  (as some editors write) is skipped rather than called "not JSON".

Every failure raises a SaveFileError naming the file and the problem. Nothing here writes.
"""

from __future__ import annotations

import errno
import os
import re
import stat

from .errors import CorruptSaveError, SaveFileError

MAX_SAVE_BYTES = 2 * 1024 * 1024  # a finished 4-player game is about 5 KB: 400 times that is not a save
MAX_DEPTH = 32  # a save nests 4 deep (settings > players > a player); nothing legitimate nears this
BOM = b"\xef\xbb\xbf"
_CHUNK = 64 * 1024

# A JSON string, or an unterminated one running to the end; possessive, so it never backtracks
# (an unterminated string followed by many quotes would otherwise take quadratic time).
_STRING = re.compile(rb'"(?:[^"\\]|\\.|\\\Z)*+(?:"|\Z)', re.S)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def os_reason(exc: OSError) -> str:
    reasons = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "the file system is read-only",
        errno.ENOENT: "no such file or folder",
        errno.EISDIR: "it is a folder, not a file",
        errno.ENOTDIR: "a part of the path is not a folder",
        errno.ELOOP: "too many symbolic links (a link loop)",
        errno.ENXIO: "it is a socket or a device with nothing behind it",
        errno.ENAMETOOLONG: "the name is too long",
        errno.EEXIST: "a file of that name appeared meanwhile",
    }
    return reasons.get(exc.errno, exc.strerror or type(exc).__name__)


def read_regular_file(path: str | os.PathLike[str], limit: int = MAX_SAVE_BYTES, *,
                      what: str = "save file") -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; else SaveFileError."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise SaveFileError(path, f"it is a folder, not a {what}") from None
    except OSError as exc:
        raise SaveFileError(path, f"the file cannot be read: {os_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveFileError(path, f"it is {kind_of(info.st_mode)}, not a {what}")
        if info.st_size > limit:
            raise CorruptSaveError(path, f"the file is too large to be a {what} "
                                         f"({info.st_size:,} bytes; at most {limit:,} are read)")
        chunks, total = [], 0
        while True:  # the size on disk is only a claim: stop reading just past the limit
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise CorruptSaveError(path, f"the file is too large to be a {what} "
                                             f"(more than {limit:,} bytes, and still growing)")
        return b"".join(chunks)
    except OSError as exc:
        raise SaveFileError(path, f"the file cannot be read: {os_reason(exc)}") from None
    finally:
        os.close(fd)


def nesting_depth(data: bytes) -> int:
    """How deep the arrays and objects of a JSON text nest (brackets inside strings do not count)."""
    skeleton = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    depth = deepest = 0
    for byte in skeleton:  # only the brackets are left: a few dozen in a real save
        if byte in b"[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def check_json_text(data: bytes, path: str | os.PathLike[str], *, limit_depth: int = MAX_DEPTH,
                    what: str = "Tiletum save") -> bytes:
    """``data`` ready for the JSON decoder (a leading byte order mark removed), or CorruptSaveError
    if it is not UTF-8 (saying where) or nests deeper than ``limit_depth``."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise CorruptSaveError(
            path, f"the file is not JSON, so it is not a {what} (it is not UTF-8 text: byte "
                  f"0x{data[exc.start]:02x} at line {line}, column {column}, offset {exc.start:,})") from None
    depth = nesting_depth(data)
    if depth > limit_depth:
        raise CorruptSaveError(path, f"not a {what}: its JSON nests {depth:,} levels deep "
                                     f"(at most {limit_depth} are read)")
    return data
