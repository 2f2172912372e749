"""Output folders: checked before any work, written atomically.

`prepare_out(text)` refuses a bad `--out` (empty, a file, under a file, not writable) with a one-line error
and creates the temporary folder beside it up front, so a run never simulates for an hour and then fails
to write. `AtomicDir` is where the writers put their files; `commit()` moves them into place:

- `--out` does not exist: the temporary folder is renamed to it (one atomic rename);
- `--out` holds only what an earlier commit wrote there (the files its manifest lists, or nothing): the two
  folders are swapped atomically (Linux `renameat2(RENAME_EXCHANGE)`; elsewhere two renames) and the old one
  is removed;
- `--out` holds other files too: each new file replaces its namesake (atomic per file) and the files the
  earlier commit wrote that this run did not are removed; every other file is left alone. A folder or link
  standing where an output goes, or a file the manifest does not name (the user's, or one an older
  simcluster wrote before manifests), is refused before anything moves: one line, exit 2, `--out` untouched.

Each commit leaves a manifest, `.simcluster-outputs` (one file name per line), in `--out`: what simcluster
wrote there. A file is replaced, removed or swapped away only if the manifest names it, so a user's file is
never overwritten or deleted because its name is one simcluster uses (a profiler's `trace.json`, say).

Until `commit()`, an existing `--out` is untouched: a failed or interrupted run (the temporary folder and any
folders created for it are removed on the way out) leaves it exactly as it was.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
import signal
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from simcluster.errors import ConfigError

TMP_PREFIX = ".simcluster-tmp-"
MANIFEST = ".simcluster-outputs"  # the files the last commit into a folder wrote there, one name per line
MANIFEST_MAX_BYTES = 1 << 16  # a longer "manifest" is not one simcluster wrote: ignored


def _fail(text: str, rule: str) -> ConfigError:
    return ConfigError("--out", text, rule)


def check_out(text: str) -> Path:
    """`--out` as a path, or a one-line error when it can never be an output folder."""
    if text is None or str(text).strip() == "":
        raise _fail("" if text is None else str(text), "empty path; give a folder")
    if "\0" in str(text):
        raise _fail(str(text).replace("\0", "\\0"), "contains a NUL byte")
    path = Path(text)
    try:
        path.resolve(strict=False)
    except (RuntimeError, OSError):  # a symlink loop
        raise _fail(str(text), "is a link that loops; give a folder") from None
    if path.is_symlink() and not path.exists():
        raise _fail(str(text), "is a link to nothing; give a folder")
    if path.exists() and not path.is_dir():
        raise _fail(str(text), "exists and is not a folder")
    probe = path
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise _fail(str(text), f"{probe} is a file, so no folder can be made under it")
    if path.resolve() == path.resolve().parent:
        raise _fail(str(text), "the root folder cannot be replaced; give a folder under it")
    return path


def make_out(text: str | Path) -> Path:
    """`--out` checked (`check_out`) and made, for commands that write their files one by one into it
    (search, sweep, validate --report); a folder that cannot be made is a one-line error."""
    path = check_out(str(text))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _fail(str(text), f"cannot make the folder ({exc.strerror or exc})") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise _fail(str(text), "the folder is not writable")
    return path


def check_file_target(path: Path) -> Path:
    """`path`, where a command will write a file: refused (one line) if a folder, a link or anything but a
    plain file stands there, so a command can check its targets before it works, not after."""
    path = Path(path)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise _fail(str(path), "is not a plain file simcluster wrote; move it away")
    return path


def write_file_atomic(path: Path, write: Callable[[Path], object]) -> None:
    """Write `path` through a uniquely named temporary file beside it, then rename it into place.

    The temporary file is created exclusively (`mkstemp`), so a symlink planted at a fixed name such as
    `results.csv.tmp` is never followed, and a failed write leaves nothing behind. A folder (or anything
    that is not a file) standing where `path` goes is refused with a one-line error, never replaced."""
    path = check_file_target(path)
    fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, dir=path.parent)
    os.close(fd)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # as a plain open() would make it
        write(Path(tmp))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def claim(out: Path, names: Iterable[str]) -> None:
    """Before a command writes `names` one by one into `out` (search, sweep, validate --report): each must be
    free or a plain file an earlier command wrote there (the folder's manifest, `MANIFEST`); then they are
    added to the manifest, before they are written, so a file of the user's is never overwritten because
    simcluster uses its name. One-line error otherwise, nothing written."""
    names = list(names)
    ours = check_claim(out, names)
    write_file_atomic(out / MANIFEST, lambda tmp: _write_manifest(tmp, ours | set(names)))


def check_claim(out: Path, names: Iterable[str]) -> frozenset[str]:
    """`claim`'s checks alone, nothing written (what the manifest names now is returned): for a command that
    writes its one output at the end (validate --report), so that a run that fails leaves `out` as it was."""
    ours = wrote_before(out)
    for name in names:
        _check_ours(out, name, ours)
    return ours


def _check_ours(out: Path, name: str, ours: frozenset[str]) -> None:
    """`out / name` may take an output: nothing stands there, or a plain file the manifest (`ours`) names."""
    path = check_file_target(out / name)
    if name not in ours and os.path.lexists(path):
        raise _fail(str(path), "is a file simcluster did not write there; move it away or choose another --out")


def _write_manifest(path: Path, names: Iterable[str]) -> None:
    path.write_text("".join(f"{name}\n" for name in sorted(names)))


@contextlib.contextmanager
def locked_out(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the folder `path` (flock on the folder itself: no file is written) while a
    command writes into it one file at a time (sweep, search): a second command into the same --out is
    refused with a one-line error instead of clearing the first one's parts. Where the file system has no
    locks, the command goes on unlocked."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock to take
        yield
        return
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise _fail(str(path), "another simcluster command is writing there now; wait or give another folder") from None
        except OSError:
            pass
        yield
    finally:
        os.close(fd)


@contextlib.contextmanager
def out_folder(text: str | Path) -> Iterator[Path]:
    """`make_out(text)`, held under `locked_out` while the command writes; when the command fails, the
    folders made for it are removed again if nothing was left in them (an empty `.parts` and the manifest of
    a folder made now included), so a failed sweep or search leaves no empty folder behind. A folder that was
    there keeps the manifest `claim` updated: what a sweep wrote before it failed is still its own."""
    path = Path(os.path.abspath(check_out(str(text))))
    missing = [p for p in (path, *path.parents) if not p.exists()]  # deepest first
    made = make_out(text)
    try:
        with locked_out(made):
            yield made
    except BaseException:
        if missing:  # made now: the manifest `claim` wrote goes with it
            manifest = path / MANIFEST
            if manifest.is_file() and not manifest.is_symlink():
                with contextlib.suppress(OSError):
                    manifest.unlink()
            with contextlib.suppress(OSError):
                (path / ".parts").rmdir()
        for d in missing:
            with contextlib.suppress(OSError):
                d.rmdir()
        raise


def own_subfolder(path: Path) -> Path:
    """`path` (a folder a command keeps inside --out, such as `.parts`) made if missing; a symlink or a
    file standing there is refused with a one-line error, so nothing is ever written through it."""
    path = Path(path)
    if path.is_symlink() or (path.exists() and not path.is_dir()):
        raise _fail(str(path), "is not a folder simcluster made (a file or a link); move it away")
    path.mkdir(parents=True, exist_ok=True)
    return path


class AtomicDir:
    """A temporary folder beside `out` that becomes `out` on `commit()` (see the module docstring)."""

    def __init__(self, out: Path) -> None:
        self.out = out = Path(os.path.abspath(out))
        parent = out.parent
        self._created: list[Path] = []
        missing = []
        p = parent
        while not p.exists():
            missing.append(p)
            p = p.parent
        try:
            for d in reversed(missing):
                d.mkdir()
                self._created.append(d)
            self.path = Path(tempfile.mkdtemp(prefix=TMP_PREFIX, dir=parent))
            os.chmod(self.path, 0o777 & ~_umask())  # as a plain mkdir would make it
        except OSError as exc:
            self._remove_created()
            raise _fail(str(out), f"cannot write there ({exc.strerror or exc})") from None
        if out.exists() and not os.access(out, os.W_OK | os.X_OK):
            self.discard()
            raise _fail(str(out), "the folder is not writable")
        self.done = False

    def _remove_created(self) -> None:
        for d in reversed(self._created):
            with contextlib.suppress(OSError):
                d.rmdir()
        self._created = []

    def discard(self) -> None:
        """Remove the temporary folder (and folders made for it); `out` stays as it was."""
        shutil.rmtree(self.path, ignore_errors=True)
        self._remove_created()

    def commit(self) -> None:
        """Move the written files into `out` with their manifest (SIGINT and SIGTERM wait until the move is over)."""
        _write_manifest(self.path / MANIFEST, (f.name for f in self.path.iterdir() if f.name != MANIFEST))
        with _no_interrupt():
            out = self.out
            if not out.exists():
                os.rename(self.path, out)
            elif _swappable(out):
                os.chmod(self.path, stat.S_IMODE(out.stat().st_mode))
                if not _exchange(self.path, out):
                    old = Path(tempfile.mkdtemp(prefix=TMP_PREFIX, dir=self.path.parent))
                    os.rename(out, old / "old")
                    os.rename(self.path, out)
                    self.path = old
                shutil.rmtree(self.path, ignore_errors=True)  # now the old outputs
            else:
                new = {f.name for f in self.path.iterdir()}
                earlier = wrote_before(out)  # read before the new manifest replaces it
                for name in sorted(new):  # checked first: nothing moves unless everything can
                    _check_ours(out, name, earlier | {MANIFEST})
                for name in sorted(new - {MANIFEST}) + [MANIFEST]:  # the manifest last: it lists what is there
                    try:
                        os.replace(self.path / name, out / name)
                    except OSError:  # another file system (a symlinked --out)
                        shutil.move(str(self.path / name), out / name)
                for name in sorted(earlier - new):
                    stale = out / name
                    if stale.is_file() and not stale.is_symlink():
                        stale.unlink()
                shutil.rmtree(self.path, ignore_errors=True)
        self.done = True
        self._created = []


def wrote_before(out: Path) -> frozenset[str]:
    """The file names `out`'s manifest lists (what an earlier commit wrote there); none where there is no
    manifest, or where what stands at its name is not a plain file simcluster could have written."""
    path = out / MANIFEST
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MANIFEST_MAX_BYTES:
            return frozenset()
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return frozenset()
    names = {line for line in text.split("\n") if line}
    return frozenset(n for n in names if n not in (".", "..", MANIFEST) and "/" not in n and "\0" not in n)


def _swappable(out: Path) -> bool:
    """Whether `out` may be replaced as a whole: a real folder (not a link), not the working folder or one
    above it, holding nothing but its manifest and the plain files it lists (or nothing at all)."""
    if out.is_symlink():
        return False
    try:
        Path.cwd().resolve().relative_to(out.resolve())
        return False  # the process (or the user's shell) is inside it
    except ValueError:
        pass
    ours = wrote_before(out) | {MANIFEST}
    return all(e.name in ours and e.is_file() and not e.is_symlink() for e in out.iterdir())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2 with RENAME_EXCHANGE); False where not supported."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    rc = fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    return rc == 0


@contextlib.contextmanager
def _no_interrupt() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back for the duration (main thread only), then deliver them."""
    try:
        hit: list[tuple[int, object]] = []
        previous = {sig: signal.signal(sig, lambda *a: hit.append(a)) for sig in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if hit and callable(previous[hit[0][0]]):
            previous[hit[0][0]](*hit[0])


@contextlib.contextmanager
def atomic_out(out: Path) -> Iterator[AtomicDir]:
    """`with atomic_out(out) as d: write into d.path` then `d.commit()`; on any exit without a commit the
    temporary folder is removed and `out` is left as it was."""
    d = AtomicDir(out)
    try:
        yield d
    finally:
        if not d.done:
            d.discard()
