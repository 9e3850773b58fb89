"""The screens never lose a game without saying so (issue 11).

Issue 11, cases: "Full or read-only disk (data loss). The autosave failure is shown and the old file
stays intact, but Ctrl+Q then quits without asking, losing every move since the disk filled; the
hint 'save it elsewhere (--save-dir)' needs a restart; Ctrl+S can only write into the same folder
(a typed path is flattened into a name there). In a read-only folder a new game shows nothing until
the first move; undo and redo never show the failure." "Two instances overwrite each other,
silently." "Keys config: one key bound to two actions, a key already in use, and key names that do
not exist are accepted silently; `{"tiletum.quit": "1"}` turns Ctrl+Q off." "The Rules screen
crashes in a terminal one or two rows tall when focus moves."
"""

from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap

import pytest

from tiletum_tui.games.tiletum.engine import legal_actions
from tiletum_tui.shell.saves.lock import GameInUseError, Holder
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.dialogs import ConfirmDialog
from tiletum_tui.shell.ui.in_use import InUseDialog
from tiletum_tui.shell.ui.save import SaveDialog
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen
from tiletum_tui.shell.ui.title import TitleScreen

from .conftest import SETTINGS
from ..title_helpers import continue_line


def _notes(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


async def test_a_new_game_that_cannot_be_saved_says_so_at_once_and_offers_a_place(full_disk):
    full, spare = full_disk
    app = TiletumApp(SETTINGS, save_dir=full)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SaveDialog)  # before any move
        assert "the disk is full" in str(dialog.query_one("#save-problem").content)
        assert dialog.query_one("#save-name").value.startswith("~/")  # somewhere other than the full disk
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert any("The game goes on unsaved" in n for n in _notes(app))


async def test_moves_undo_and_redo_say_the_game_is_not_saved_and_quitting_asks(full_disk):
    full, spare = full_disk
    session = Session.new(SETTINGS, save_dir=full)
    app = TiletumApp(session=session, save_dir=full)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # the save dialog that opened by itself
        screen = app.screen
        for step in ("apply", "undo", "redo"):
            app._notifications.clear()
            if step == "apply":
                screen.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
            else:
                getattr(screen, f"action_{step}")()
            await pilot.pause()
            assert any(n.startswith("Not saved: Autosave failed:") and "the disk is full" in n
                       for n in _notes(app)), (step, _notes(app))
        await pilot.press("ctrl+q")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmDialog) and question.title_text == "Quit without saving?"
        assert question.question.startswith("The last 3 changes are not saved (the autosave failed: ")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.return_code is None  # still playing

        # Ctrl+S: anywhere the player chooses; the autosave follows the game there
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one("#save-name").value = f"{spare}/"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session.save_dir == spare and session.autosave_error is None
        assert any("the autosave now goes to" in n for n in _notes(app))
        assert len(Session.load(session.autosave_path, autosave=False).log) == 1
        await pilot.press("ctrl+q")  # nothing to lose now: quits without asking
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_q_at_the_question_quits_and_a_dialog_never_blocks_quitting(full_disk):
    full, _ = full_disk
    session = Session.new(SETTINGS, save_dir=full)
    app = TiletumApp(session=session, save_dir=full)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SaveDialog)  # a dialog with a text field has focus
        session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_failed_save_to_a_typed_path_asks_again_with_the_reason(full_disk, tmp_path):
    full, _ = full_disk
    app = TiletumApp(session=Session.new(SETTINGS, save_dir=full), save_dir=full)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#save-name").value = f"{tmp_path}/no/such/folder/x"
        await pilot.press("enter", "enter")  # (a dialog that opened by itself: Enter first gives its field the keys)
        await pilot.pause()
        again = app.screen
        assert isinstance(again, SaveDialog)
        assert "does not exist: saves never create folders" in str(again.query_one("#save-problem").content)
        assert again.query_one("#save-name").value == f"{tmp_path}/no/such/folder/x"  # kept, to correct
    assert not (tmp_path / "no").exists()


# ---------------------------------------------------------------- a game open in another Tiletum
def _in_use(path) -> GameInUseError:
    game_id = Session.load(path, autosave=False).game_id
    return GameInUseError(path, game_id, Holder(pid=4242, host="", since="2026-05-01T10:40:00"))


@pytest.fixture
def open_elsewhere(tmp_path):
    session = Session.new(SETTINGS, save_dir=tmp_path)
    session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
    session.close()
    return session.autosave_path


async def test_the_second_instance_is_told_and_can_look_read_only(open_elsewhere, tmp_path):
    before = open_elsewhere.read_bytes()
    app = TiletumApp(save_dir=tmp_path, in_use=_in_use(open_elsewhere))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, InUseDialog)
        body = " ".join(str(s.content) for s in dialog.query(".dialog-body"))
        assert "process 4242 on this computer, since 2026-05-01 10:40" in body and str(open_elsewhere) in body
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.model.session.read_only
        screen.apply(screen.model.legal()[0], by=EVERY_SEAT)
        await pilot.pause()
        assert any(n.startswith("Not allowed: this game is open read-only here") for n in _notes(app))
        await pilot.press("ctrl+q")  # nothing to lose: no question
        await pilot.pause()
    assert app.return_code == 0
    assert open_elsewhere.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == [open_elsewhere.name]


async def test_the_second_instance_can_play_a_copy_or_go_back(open_elsewhere, tmp_path):
    before = open_elsewhere.read_bytes()
    app = TiletumApp(save_dir=tmp_path, in_use=_in_use(open_elsewhere))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        session = app.screen.model.session
        assert session.autosave_path != open_elsewhere and not session.read_only
        app.screen.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
        await pilot.pause()
        assert len(Session.load(session.autosave_path, autosave=False).log) == 2
    assert open_elsewhere.read_bytes() == before
    app = TiletumApp(save_dir=tmp_path, in_use=_in_use(open_elsewhere))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


OTHER = textwrap.dedent("""
    import sys
    from tiletum_tui.shell.session import Session
    session = Session.load(sys.argv[1])
    print("playing", flush=True)
    sys.stdin.read()
""")


async def test_open_from_the_title_asks_when_another_tiletum_plays_the_game(open_elsewhere, tmp_path):
    """The real thing: another process holds the game; Open on the title screen brings the question."""
    other = subprocess.Popen([sys.executable, "-c", OTHER, str(open_elsewhere)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE)
    try:
        assert other.stdout.readline() == b"playing\n"
        app = TiletumApp(save_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("o")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, InUseDialog) and app.screen.error.holder.pid == other.pid
    finally:
        other.stdin.close()
        other.wait()
        other.stdout.close()


# ---------------------------------------------------------------- keys and the Rules screen
def _keys_file(text: str) -> None:
    from tiletum_tui.games.tiletum.ui import keymap

    keymap.user_keys_path().parent.mkdir(parents=True, exist_ok=True)
    keymap.user_keys_path().write_text(text)


@pytest.mark.parametrize(("keys", "expected"), [
    ('{"tiletum.tasks": "u"}', "'u' is bound to both tiletum.tasks and tiletum.undo"),  # a key in use
    ('{"tiletum.tasks": "k", "tiletum.undo": "k"}', "'k' is bound to both tiletum.tasks and tiletum.undo"),
    ('{"tiletum.tasks": "ctlr+t"}', "tiletum.tasks: 'ctlr+t' is not a key name"),
    ('{"tiletum.tasks": "Ctrl+T"}', "keys are written in lower case"),
    ('{"tiletum.tasks": ""}', "tiletum.tasks: '' is not a key name"),
    ('{"tiletum.quit": "1"}', "'1' is bound to both tiletum.quit and tiletum.pick-1"),
    ('{"tiletum.hints": "ctrl+q"}', "'ctrl+q' is bound to both tiletum.quit and tiletum.hints (Ctrl+Q always quits)"),
])
async def test_key_file_problems_are_reported_and_quitting_stays(tmp_path, keys, expected):
    from tiletum_tui.games.tiletum.ui import keymap

    _keys_file(keys)
    app = TiletumApp(session=Session.new(SETTINGS, save_dir=tmp_path, autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.user_keys == {}
        (note,) = [n for n in _notes(app) if n.startswith("Your key file was not used")]
        assert f"{keymap.user_keys_path()}: " in note and expected in note, note
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_quit_remapped_keeps_ctrl_q(tmp_path):
    _keys_file('{"tiletum.quit": "z"}')
    for key in ("z", "ctrl+q"):
        app = TiletumApp(session=Session.new(SETTINGS, save_dir=tmp_path, autosave=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.user_keys == {"tiletum.quit": "z,ctrl+q"}
            await pilot.press(key)
            await pilot.pause()
        assert app.return_code == 0, key


@pytest.mark.parametrize("size", [(80, 1), (80, 2), (1, 1), (12, 3), (200, 60)])
async def test_the_rules_screen_works_at_every_size(tmp_path, size):
    from tiletum_tui.games.tiletum.ui.learn.rules_screen import RulesScreen

    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        app.push_screen(RulesScreen("fair"))  # opens scrolled to a section
        await pilot.pause()
        await pilot.press("tab", "tab", "down", "enter", "tab", "pagedown", "slash", "c", "enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)


def test_no_screen_or_widget_shadows_a_textual_method_by_accident():
    """`RulesScreen._scroll_to` shadowed `Widget._scroll_to`, which Textual calls itself. Our private
    methods must have names of their own (Textual's generated class attributes aside)."""
    import importlib
    import pkgutil

    import tiletum_tui.games.tiletum.ui as ui
    from textual.dom import DOMNode
    from textual.reactive import Reactive

    generated = {"_decorated_handlers", "_reactives", "_inherit_css", "_inherit_bindings", "_css_type_name",
                 "_inherit_component_classes", "_merged_bindings", "_css_type_names", "_computes"}
    # Overridden on purpose, and guarded where they are (tests/ui/test_form_toggles.py): the toggles'
    # mark, which Textual draws the same on and off (issue 40)
    deliberate = {"Tick._button", "Choice._button"}
    clashes = []
    for info in pkgutil.walk_packages(ui.__path__, "tiletum_tui.games.tiletum.ui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, DOMNode) or not cls.__module__.startswith("tiletum_tui"):
                continue
            textual_bases = [b for b in cls.__mro__ if b.__module__.startswith("textual")]
            # (a reactive declared again, as ``virtual_size`` is by the widgets of fixed size: Textual
            # keeps its default under ``_default_<name>``, as it does for its own)
            redeclared = {f"_default_{n}" for n, v in vars(cls).items() if isinstance(v, Reactive)}
            for name in vars(cls):
                if name.startswith("_") and not name.startswith("__") and name not in generated | redeclared:
                    if f"{cls.__name__}.{name}" not in deliberate:
                        clashes += [f"{cls.__name__}.{name} ({b.__name__})" for b in textual_bases if name in vars(b)]
    assert clashes == []


async def test_the_load_screen_shows_a_crafted_name_as_plain_clean_text(tmp_path):
    """Case "Terminal escape sequences in a save's ... reach the terminal raw": on screen too, and a
    name in square brackets is not taken for markup."""
    import msgspec

    from tiletum_tui.shell.ui.load import LoadDialog

    path = Session.new(SETTINGS, save_dir=tmp_path, autosave=False).save("friday")
    doc = msgspec.json.decode(path.read_bytes())
    doc["meta"]["name"] = "[b]Friday[/b]\x1b[2J"
    path.write_bytes(msgspec.json.encode(doc))
    (tmp_path / "\x1b[31mevil.json").write_bytes(b"{")
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        prompts = [str(app.screen.query_one("#saves").get_option_at_index(i).prompt) for i in range(2)]
        assert any(p.startswith("[b]Friday[/b]\\x1b[2J · round 1") for p in prompts), prompts
        assert any(p.startswith("\\x1b[31mevil.json — unreadable: the file is cut short") for p in prompts), prompts
        assert not any("\x1b" in p for p in prompts)


async def test_a_deeply_nested_file_does_not_take_the_title_screen_down(tmp_path):
    """Case "A deeply nested JSON file (depth 1,000, 2 KB) crashes ... the title screen"; the good
    game beside it is still offered."""
    session = Session.new(SETTINGS, save_dir=tmp_path)
    session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
    session.close()
    (tmp_path / "deep.json").write_bytes(b"[" * 1000 + b"]" * 1000)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Continue Tiletum: round 1" in await continue_line(app, pilot)
        await pilot.press("o")
        await pilot.pause()
        prompts = [str(o.prompt) for o in app.screen.query_one("#saves").options]
        assert any(p.startswith("deep.json — unreadable: not a Tiletum save: its JSON nests 1,000 levels") for p in prompts)


def test_tiletum_continue_in_a_second_terminal_is_told_and_writes_nothing(tmp_path):
    """The reported case itself, end to end: `tiletum --continue` in a terminal while another
    Tiletum (a dropped SSH session's, say) still plays the game."""
    import os
    import pty

    from .test_starts import _read_until

    session = Session.new(SETTINGS, save_dir=tmp_path)
    session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)  # this test process is "the other Tiletum"
    session.flush()  # its autosave is written on a thread of its own
    before = session.autosave_path.read_bytes()
    main, child = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    proc = subprocess.Popen([sys.executable, "-m", "tiletum_tui", "--save-dir", str(tmp_path), "--continue"],
                            stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
    os.close(child)
    try:
        screen = _read_until(main, b"another Tiletum", 30)
        assert b"This game is open in another Tiletum" in screen, screen[-400:]
        os.write(main, b"\x11")  # Ctrl+Q
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert session.autosave_path.read_bytes() == before
    session.close()
