"""``Drawing``: a Rich Text built piece by piece, fast (the wheel: issue 39)."""

from __future__ import annotations

from rich.text import Span as TextSpan, Text

_CONTROL = "\x07\x08\x0b\x0c\x0d"  # what Rich strips from a Text's pieces (``rich.control.strip_control_codes``)


class Drawing:
    """A Text built piece by piece, as ``rich.text.Text``'s ``append`` and ``append_text`` build it (the
    same Text: ``tests/ui/test_line_cache.py``), for a drawing of hundreds of pieces made again at every
    move (the wheel): Rich's ``append`` strips control codes from each piece in a call of its own, a
    tenth of a watching screen's CPU per update (issue 39); here the whole text is checked once."""

    __slots__ = ("_parts", "_spans", "_length", "_ops", "_counted")

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._spans: list = []
        self._length = 0
        self._ops: list = []  # every piece as given (a text with control codes is built by Rich's own calls)
        self._counted = (0, 0)  # (pieces, the line breaks in them): ``rows``

    def __len__(self) -> int:
        return self._length

    @property
    def plain(self) -> str:
        return "".join(self._parts)

    @property
    def rows(self) -> int:
        """The line breaks so far (``plain.count("\\n")``, the new pieces counted)."""
        done, rows = self._counted
        parts = self._parts
        rows += sum(part.count("\n") for part in parts[done:])
        self._counted = (len(parts), rows)
        return rows

    def append(self, text, style=None) -> "Drawing":
        if isinstance(text, str):
            if text:
                self._ops.append((text, style))
                n = len(text)
                if style:
                    self._spans.append(TextSpan(self._length, self._length + n, style))
                self._parts.append(text)
                self._length += n
        elif len(text):
            if style is not None:
                raise ValueError("style must not be set when appending Text instance")
            self.append_text(text)
        return self

    def append_text(self, text: Text) -> "Drawing":
        self._ops.append((text, None))
        at, n = self._length, len(text)
        if text.style:
            self._spans.append(TextSpan(at, at + n, text.style))
        self._parts.append(text.plain)
        self._spans.extend(TextSpan(start + at, end + at, style) for start, end, style in text.spans)
        self._length += n
        return self

    def text(self) -> Text:
        plain = "".join(self._parts)
        if any(code in plain for code in _CONTROL):
            out = Text()
            for piece, style in self._ops:
                out.append(piece, style) if isinstance(piece, str) else out.append_text(piece)
            return out
        return Text(plain, spans=self._spans)
