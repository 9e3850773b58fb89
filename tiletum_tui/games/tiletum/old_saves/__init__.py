"""The save formats from before there were two games (versions 1 and 2: every save was Tiletum's), read
and converted to today's (``migrate``); the shell's saves reach them through Tiletum's registry entry
(``Entry.old_saves``), never by name."""
