"""The endgame tables: probe a position, build the tables.

``probe(position)`` opens the tables of the default folder (``$OWARE_EGDB_DIR``, else the
per-user data folder) once per folder and rule set; ``Egdb`` opens a given folder.
"""

from __future__ import annotations

import os
from typing import Dict, List, Optional, Tuple, Union

from ._oware import Bounds, Egdb, EgdbError, Position, Rules, egdb_build

__all__ = ["Bounds", "Egdb", "EgdbError", "build", "probe"]

_open: Dict[Tuple[Optional[str], str], Egdb] = {}


def probe(
    position: Union[Position, str],
    *,
    dir: Union[str, "os.PathLike[str]", None] = None,
    rules: Union[Rules, str, None] = None,
) -> Optional[Bounds]:
    """The bounds of ``position`` under ``rules`` (default abapa), or None beyond the tables."""
    key = (None if dir is None else os.fspath(dir), str(Rules(rules) if isinstance(rules, str) else rules or Rules()))
    db = _open.get(key)
    if db is None:
        db = _open[key] = Egdb(dir=dir, rules=rules)
    return db.probe(position)


def build(
    max_seeds: int,
    *,
    dir: Union[str, "os.PathLike[str]", None] = None,
    rules: Union[Rules, str, None] = None,
    threads: int = 0,
    memory_mb: Optional[int] = None,
) -> List[dict]:
    """Builds (or completes) the tables up to ``max_seeds`` seeds; see ``egdb_build``."""
    return egdb_build(max_seeds, dir=dir, rules=rules, threads=threads, memory_mb=memory_mb)
