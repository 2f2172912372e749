"""Reading user input: YAML read safely and validation errors turned into one line.

The lowest layer beside `simcluster.errors`: config, hardware, search, validate and jobs all read their files
through it, so it imports nothing else of simcluster.
"""
