"""The web door's sign-in links (issue 22): "a personal sign-in link ... a secret token, revocable,
never in the host's log"; names are shown on every screen, so they are checked as the SSH door's."""

from __future__ import annotations

import os
import stat

import pytest

from tiletum_tui.shell.host.invites import PLAY, WATCH, InviteError, Invites


def test_the_file_is_private_and_holds_no_token(tmp_path):
    invites = Invites(tmp_path / "data" / "web-invites.json")
    token = invites.invite("Ann")
    watch = invites.invite("Ann", watch=True)
    assert stat.S_IMODE(invites.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(invites.path.parent.stat().st_mode) == 0o700
    text = invites.path.read_text()
    assert token not in text and watch not in text  # a copy of the file opens no game
    assert len(token) >= 40  # 32 random bytes
    assert [(l.name, l.kind) for l in invites.links()] == [("Ann", PLAY), ("Ann", WATCH)]
    assert invites.check(token).kind == PLAY and invites.check(watch).watch


def test_a_wrong_empty_or_replaced_token_opens_nothing(tmp_path):
    invites = Invites(tmp_path / "invites.json")
    old = invites.invite("Ann")
    new = invites.invite("Ann")
    assert invites.check(old) is None and invites.check(new).name == "Ann"
    assert invites.check("") is None and invites.check(None) is None
    assert invites.check(new + "x") is None and invites.check(new.upper()) is None


def test_revoking_ends_the_links_named(tmp_path):
    invites = Invites(tmp_path / "invites.json")
    ann, ann_watch, bo = invites.invite("Ann"), invites.invite("Ann", watch=True), invites.invite("Bo")
    assert invites.revoke("Ann", watch=True) == 1
    assert invites.check(ann_watch) is None and invites.check(ann) is not None
    assert invites.revoke("Ann") == 1 and invites.check(ann) is None
    assert invites.revoke("Ann") == 0
    assert invites.check(bo).name == "Bo"


@pytest.mark.parametrize("name", ["", "   ", "a\x1b[31mred", "x" * 200, "tab\there"])
def test_a_name_that_could_not_be_shown_safely_is_refused(tmp_path, name):
    invites = Invites(tmp_path / "invites.json")
    with pytest.raises(InviteError):
        invites.invite(name)
    assert not invites.path.exists()


def test_a_change_made_by_another_process_is_seen_at_once(tmp_path):
    path = tmp_path / "invites.json"
    host = Invites(path)
    assert host.links() == []
    token = Invites(path).invite("Ann")  # `tiletum host invite ann` beside the live host
    assert host.check(token).name == "Ann"
    Invites(path).revoke("Ann")
    assert host.check(token) is None


def test_a_file_others_may_read_is_refused(tmp_path):
    invites = Invites(tmp_path / "invites.json")
    invites.invite("Ann")
    os.chmod(invites.path, 0o644)
    with pytest.raises(InviteError, match="chmod 600"):
        Invites(invites.path).links()
