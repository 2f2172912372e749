"""Sub-commands that live in their own module: each module defines a click command named `command`.

`simcluster.cli` registers every module here, so a new command is one new file.
"""
