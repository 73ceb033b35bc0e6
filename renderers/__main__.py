"""``python -m renderers``: see renderers/cli.py."""

import sys

from renderers.cli import main

sys.exit(main())
