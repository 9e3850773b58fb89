import sys

from tiletum_tui.shell.cli import main

sys.exit(main())
