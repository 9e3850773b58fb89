"""Playing together from separate terminals: the host, its SSH door and its clients (issue 25)."""
