"""One after-commit hook per transaction for each purpose, found again by its key.

The catalog drops its read cache (`caching.invalidate`) and announces pack changes
(`events.announce_packs_changed`) once per transaction, after it commits, however many rows the
transaction writes: the first write registers a hook with `transaction.on_commit`, and later
writes of the same transaction find it (`pending`) and add to it. Django's own list of hooks is
private, so this module keeps its own registry of them:

- Per database alias and per thread (or async context), as Django keeps its connections.
- An entry holds its hook weakly. Django discards the hooks of a transaction, or of a savepoint,
  that rolls back; with Django's reference gone the hook is gone, and so is the entry. The next
  write, in a new transaction or in the outer block after an inner one rolled back, registers a
  new hook instead of adding to one that will never run. Django sends no signal on rollback, and
  none is needed. (CPython frees an object when its last reference goes; nothing else refers to
  a hook: `tests/test_after_commit.py` checks the rollbacks.)
- A hook removes its own entry before it runs, so a write made by what it calls, or the next
  transaction, starts afresh.
- Outside a transaction (autocommit) `transaction.on_commit` runs the hook at once.

What a hook carries in from a savepoint that later rolls back stays in it (the outer transaction
still commits): an announcement may then name a pack whose change was undone, and its listeners
read the pack as it is.
"""

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from asgiref.local import Local
from django.db import DEFAULT_DB_ALIAS, transaction

Action = TypeVar("Action", bound=Callable[[], object])

_registry = Local()


def _entries() -> dict[tuple[str, str], weakref.ref]:
    try:
        return _registry.entries
    except AttributeError:
        _registry.entries = {}
        return _registry.entries


class Hook:
    """What Django runs after the commit: the action, and its entry's removal first."""

    def __init__(self, key: tuple[str, str], action: Callable[[], object]):
        self.key, self.action = key, action

    def __call__(self) -> None:
        entries = _entries()
        entry = entries.get(self.key)
        if entry is not None and entry() is self:
            del entries[self.key]
        self.action()

    def __repr__(self) -> str:
        return f"<after-commit hook {self.key[1]!r} ({self.key[0]})>"


def pending(key: str, *, using: str | None = None) -> Callable[[], object] | None:
    """The action registered under `key` that the current transaction will run after it commits,
    or None (none was registered in it, or it rolled back, or there is no transaction)."""
    entry = _entries().get((using or DEFAULT_DB_ALIAS, key))
    hook = entry() if entry is not None else None
    return hook.action if hook is not None else None


def on_commit_once(key: str, action: Action, *, using: str | None = None) -> Action:
    """Run `action` after the current transaction commits (at once outside a transaction), and
    register it under `key` so that `pending(key)` finds it until then. Returns `action`.

    Call it when `pending(key)` is None: a second registration replaces the first in the
    registry, though Django would still run both."""
    hook = Hook((using or DEFAULT_DB_ALIAS, key), action)
    _entries()[hook.key] = weakref.ref(hook)
    transaction.on_commit(hook, using=using)
    return action


@contextmanager
def set_aside() -> Iterator[None]:
    """For tests, whose transaction never commits: inside the block no hook registered before it
    is found (`pending`), as if the block were a transaction of its own; afterwards they are found
    again and the block's are forgotten."""
    entries = _entries()
    earlier = dict(entries)
    entries.clear()
    try:
        yield
    finally:
        entries.clear()
        entries.update(earlier)
