"""The command line both table makers share: write the shipped file, or ``--check`` it against a fresh build."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


def write_or_check(out: Path, build: Callable[[], bytes], same: Callable[[bytes, bytes], bool],
                   argv: list[str] | None, description: str) -> int:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--check", action="store_true", help="compare with the shipped file instead of writing it")
    args = p.parse_args(argv)
    data = build()
    if args.check:
        up_to_date = out.exists() and same(out.read_bytes(), data)
        print(f"{out.name}: {'up to date' if up_to_date else 'differs from a fresh build'}")
        return 0 if up_to_date else 1
    out.write_bytes(data)
    print(f"wrote {out} ({len(data):,} bytes)")
    return 0
