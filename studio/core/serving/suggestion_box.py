"""The corrections clients send with LibreTranslate's POST /suggest, kept beside each run.

A client's user corrects a translation (`q` the text, `s` the better translation, `source`
and `target` their languages); the server, started with `serve --suggestions`, appends
the pair to the folder of the run that translates that way, as a line of its
suggestions.tsv (the file and its format are the translation task's:
studio/core/tasks/translation/suggestions.py, which reads them back for the next
training). Each write

- stays inside the run folder: a suggestions.tsv that is a link leading out of it, or not
  a plain file, is refused (files.inside, files.open_regular);
- is one append of whole lines to a file opened with O_APPEND, under a lock, so two
  clients' suggestions never interleave and a crash leaves whole lines;
- is deduplicated: a pair the file already holds is not written again (the file's lines
  are read once, then remembered);
- is bounded: the file grows to MAX_SUGGESTIONS_BYTES at most; past it the server says so
  (507) rather than filling the disk.

A pair of the other way of a both-ways run is turned round, so the file holds one
direction, the run's own.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from studio.core.files import FILE_MODE, RunError, inside, open_regular
from studio.core.messages import say
from studio.core.serving.request_fields import ApiError
from studio.core.serving.served_runs import Way
from studio.core.tasks.translation.suggestions import (
    MAX_SUGGESTIONS_BYTES,
    SUGGESTIONS_FILE,
    header_line,
    suggestion_line,
)


class SuggestionBox:
    """Where a server keeps the suggestions it takes (safe to call from several threads)."""

    def __init__(self, max_bytes: int = MAX_SUGGESTIONS_BYTES) -> None:
        self.max_bytes = max_bytes
        self.kept = 0  # suggestions written since the server started
        self._lock = threading.Lock()
        self._lines: dict[Path, set[str]] = {}  # each file's lines, read once

    def add(self, way: Way, text: str, suggestion: str) -> bool:
        """Keep `suggestion` as the translation of `text` the way `way` translates: True
        when written, False when the file holds the pair already. ApiError when the file
        cannot take it (507 full, 500 not writable)."""
        run = way.run
        source, target = (suggestion, text) if way.reversed else (text, suggestion)
        line = suggestion_line(source, target)
        if run.folder is None:
            raise ApiError(500, say("this server keeps no run folder to write suggestions to"))
        folder = Path(run.folder)
        with self._lock:
            try:
                path = inside(folder, folder / SUGGESTIONS_FILE)
                lines = self._known(path)
                if line in lines:
                    return False
                self._append(path, line, header_line(run.source_lang, run.target_lang))
            except RunError as err:  # a link out of the folder, not a plain file
                raise ApiError(500, str(err)) from None
            except OSError as err:
                raise ApiError(
                    500,
                    say(
                        "cannot write {path} ({reason}); the suggestion was not kept",
                        path=folder.name + "/" + SUGGESTIONS_FILE,
                        reason=err.strerror or str(err),
                    ),
                ) from None
            lines.add(line)
            self.kept += 1
        return True

    def _known(self, path: Path) -> set[str]:
        """The lines `path` holds, read the first time it is asked for."""
        if path not in self._lines:
            data = b""
            if path.exists():
                with os.fdopen(open_regular(path), "rb") as f:
                    data = f.read(self.max_bytes + 1)
            if len(data) > self.max_bytes:
                raise ApiError(507, self._full_text(path))
            self._lines[path] = set(data.decode("utf-8", "replace").splitlines(True))
        return self._lines[path]

    def _append(self, path: Path, line: str, header: str) -> None:
        """Append `line` (after `header` when the file is new or empty) in one write."""
        fd = open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
        try:
            size = os.fstat(fd).st_size
            data = ((header if size == 0 else "") + line).encode("utf-8")
            if size + len(data) > self.max_bytes:
                raise ApiError(507, self._full_text(path))
            written = 0
            while written < len(data):  # a plain file takes it whole; a full disk raises
                written += os.write(fd, data[written:])
        finally:
            os.close(fd)

    def _full_text(self, path: Path) -> str:
        return say(
            "the run's {file} holds its most ({size} MB); train with it (task.suggestions), "
            "then move it away to take more",
            file=path.parent.name + "/" + path.name,
            size=f"{self.max_bytes / 2**20:g}",
        )
