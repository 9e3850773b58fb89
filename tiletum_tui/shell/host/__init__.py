"""Playing together from separate terminals (issue 25): ``tiletum host`` owns every hosted game;
``tiletum join`` (on the host machine, or behind the SSH door) is one player's client.

- ``protocol``: the messages and their frames; ``server``: the host; ``hosted``: its games, tables
  and folder; ``client``: the link and ``RemoteModel``; ``lobby`` and ``join``: the client's app;
  ``cli``: the two commands; ``ssh_door`` and ``keys``: the SSH door; ``launch``: how the door
  starts a client.

Nothing here names a game: games come from ``games.game(name)`` and are played through the Session.
"""
