"""Shared helpers: the reference vectors of the rules core (crates/oware-core/tests/data)."""

import json
import pathlib

import pytest

DATA = pathlib.Path(__file__).resolve().parents[2] / "oware-core" / "tests" / "data"


def records(name):
    """The records of a reference .jsonl file (its meta line left out)."""
    path = DATA / name
    if not path.exists():
        pytest.fail(f"reference data missing: {path} (run the tests from a clone of the repository)")
    with path.open() as f:
        rows = [json.loads(line) for line in f]
    return [r for r in rows if r.get("type") != "meta"]
