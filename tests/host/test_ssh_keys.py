"""The SSH door's keys (issue 25: "a host key made at the first start and kept in the data folder;
players from --authorized-keys FILE in OpenSSH's format, the key's comment or a name= option naming
the player"; "It prints its host key's fingerprint and the line to connect with")."""

from __future__ import annotations

import os
import stat

import pytest

from tests.host.terminals import authorized_line, new_client_key
from tiletum_tui.shell.host.keys import KeyFileError, PlayerKeys, fingerprint, load_host_key, parse_authorized_keys
from tiletum_tui.shell.host.ssh_door import connect_line


def test_the_host_key_is_made_once_private_and_kept(tmp_path):
    path = tmp_path / "host" / "ssh_host_ed25519_key"
    first = load_host_key(path)
    assert first.algorithm == b"ssh-ed25519"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert fingerprint(load_host_key(path)) == fingerprint(first)  # the second start keeps it
    assert fingerprint(first).startswith("SHA256:")


def test_a_host_key_others_may_read_is_refused(tmp_path):
    path = tmp_path / "key"
    load_host_key(path)
    os.chmod(path, 0o644)
    with pytest.raises(KeyFileError, match="chmod 600"):
        load_host_key(path)


def test_names_come_from_the_name_option_else_the_comment():
    ann, bob, nobody = new_client_key(), new_client_key(), new_client_key()
    text = "\n".join([
        "# players of Thursday's table",
        authorized_line(ann, name='Ann "the Bold", of Pisa', comment="ann@laptop"),
        "restrict,no-agent-forwarding " + authorized_line(bob, comment="Bob"),
        authorized_line(nobody),
        'from="127.0.0.1" ' + authorized_line(new_client_key(), comment="Carl"),
        "ssh-ed25519 AAAAnotakey Dora",
    ])
    players, problems = parse_authorized_keys(text)
    assert [(p.name, p.line) for p in players] == [('Ann "the Bold", of Pisa', 2), ("Bob", 3)]
    assert [p.split(":")[0] for p in problems] == ["line 4", "line 5", "line 6"]
    assert "no player name" in problems[0]
    assert "'from' is not supported" in problems[1]  # a from= limit is never silently ignored
    assert "not a public key" in problems[2]


def test_a_name_too_long_is_not_used():
    players, problems = parse_authorized_keys(authorized_line(new_client_key(), name="A" * 41))
    assert players == [] and "too long" in problems[0]


def test_a_key_under_two_names_is_let_in_only_as_the_one_its_login_picks(tmp_path):
    shared, own = new_client_key(), new_client_key()
    path = tmp_path / "authorized_keys"
    path.write_text("\n".join([authorized_line(shared, name="Ann"), authorized_line(shared, name="Bob"),
                               authorized_line(own, name="Ann")]))
    keys = PlayerKeys(path)
    assert keys.player_for(shared, "Bob") == "Bob"
    assert keys.player_for(shared, "carl") is None
    assert keys.player_for(own, "whoever") == "Ann"  # one name: the login's user name does not matter
    assert keys.names == ["Ann", "Bob"]


def test_a_missing_authorized_keys_file_lets_nobody_in_and_says_so(tmp_path):
    keys = PlayerKeys(tmp_path / "nowhere")
    assert keys.player_for(new_client_key(), "ann") is None
    assert "cannot be read" in keys.problems[0]


def test_the_connect_line():
    assert connect_line(("127.0.0.1", 2222), "ann") == "ssh -p 2222 ann@127.0.0.1"
    assert connect_line(("example.org", 22), "ann") == "ssh ann@example.org"
    assert connect_line(("example.org", 2222), "Ann Lee") == "ssh -p 2222 'Ann Lee@example.org'"
