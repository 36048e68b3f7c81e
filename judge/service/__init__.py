"""The judge itself: commands from mail, the games' lives, deadlines, reports, the archive.

Its subpackages, each one concern, import one another in this order only (a test says so):

- ``commands``: the command language, read from a mail's lines (no database);
- ``play``: a game's life in the store: created, joined, ordered, processed, ended; its settings
  and deadlines;
- ``mailing``: what the judge writes to players: turn reports, notices, press, reminders, HISTORY
  and SUMMARY;
- ``web``: what people look at: the web archive, map pictures, ``judge show``, game records;
- ``intake``: one mail in, its commands carried out, its answer out;
- ``daemon``: ``judge serve`` and the ticker: deadlines, grace, the outbox, outages.

``config`` and ``serve_config`` (the judge's settings file) sit above them all.
"""
