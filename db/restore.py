"""Command line: python -m db.restore BACKUP DEST -- replace DEST by a checked backup.

Stop the bot first; restoring refuses a database that is open. See db.backup for details.
"""
from __future__ import annotations

import sys

from db.backup import main, restore

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], action=restore, verb="Restored", usage="db.restore BACKUP DEST"))
