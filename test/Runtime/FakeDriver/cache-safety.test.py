#!/usr/bin/env python3
"""The cubin cache against hostile files and directories, through the fake
driver: every case must end in a correct result or a miss with a warning (the
JIT result then replaces the entry), or in the cache being refused with a
warning; nothing outside the cache directory is written, and nothing
crashes, hangs or loads a cubin that is not the verified entry of its key.

Usage: cache-safety.test.py <fake-driver-dir> <tile-runner> <seed.mlir>
                            <libtile_cuda_runtime.so> <work-dir>
Prints PASS/FAIL lines and "N passed, N failed".
"""
import hashlib
import os
import resource
import shutil
import stat
import struct
import subprocess
import sys

HEADER = 88
MAGIC = b"TILECUBN"
NOBODY = 65534

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "Inputs"))
from checks import Tally  # noqa: E402

tally = Tally()
report = tally.report


class Env:
    """The programs, the fake driver and a scratch directory per case."""

    def __init__(self, fake_dir, runner, seed, lib, work):
        fake_dir, work = os.path.abspath(fake_dir), os.path.abspath(work)
        self.check = os.path.join(fake_dir, "tile-fake-driver-check")
        self.runner, self.seed, self.lib = runner, seed, lib
        self.driver = os.path.join(fake_dir, "full", "libcuda.so.1")
        self.work = work
        self.count = 0
        with open(self.check, "rb") as f:
            self.asan = b"__asan_init" in f.read()

    def scratch(self, name):
        """A new private directory for one case."""
        self.count += 1
        d = os.path.join(self.work, f"{self.count:02d}-{name}")
        os.makedirs(d, mode=0o700)
        os.chmod(d, 0o700)
        return d

    def run(self, cmd, env_extra=None, plant=None, timeout=60):
        """Runs `cmd` with the fake driver; `plant(pid)` runs in the child
        before exec (to plant files whose names hold its pid)."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("TILE_CACHE_DIR", "XDG_CACHE_HOME",
                            "TILE_CACHE_DISABLE", "TILE_RUNTIME_VERBOSE")}
        env.update({"TILE_CUDA_DRIVER": self.driver}, **(env_extra or {}))

        def before_exec():
            # A safety net: an allocation of a file's st_size must fail, not
            # take the machine's memory (not with ASan's huge reservations).
            if not self.asan:
                limit = 16 << 30
                resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            if plant:
                plant(os.getpid())
        try:
            r = subprocess.run(cmd, env=env, capture_output=True, text=True,
                               timeout=timeout, preexec_fn=before_exec)
            return r.returncode, r.stdout + r.stderr
        except subprocess.TimeoutExpired:
            return None, "timed out"

    def check_run(self, cache, env_extra=None, plant=None):
        return self.run([self.check, cache], env_extra, plant)

    def runner_run(self, cache):
        return self.run([self.runner, "--backend=cuda", self.seed],
                        {"TILE_CACHE_DIR": cache})


def crashed(rc, out):
    return rc is None or rc < 0 or any(
        s in out for s in ("Stack dump", "PLEASE submit", "Sanitizer",
                           "LLVM ERROR", "bad_alloc", "terminate called"))


def loads(out):
    """(first load from cache, second load from cache)."""
    return ("first load from cache: yes" in out,
            "second load from cache: yes" in out)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def entries(cache):
    return sorted(n for n in os.listdir(cache)) if os.path.isdir(cache) else []


def valid_entry(path, key):
    """Why the file at `path` is not a well-formed entry of `key`, or ""."""
    st = os.lstat(path)
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    if stat.S_IMODE(st.st_mode) != 0o600:
        return f"mode {oct(st.st_mode)}"
    with open(path, "rb") as f:
        data = f.read()
    if len(data) <= HEADER or data[:8] != MAGIC:
        return "no header"
    version, flags, length = struct.unpack("<IIQ", data[8:24])
    if (version, flags) != (1, 0) or length != len(data) - HEADER:
        return f"version {version} flags {flags} length {length}"
    if data[24:56] != hashlib.sha256(data[HEADER:]).digest():
        return "digest"
    if data[56:88] != key.encode():
        return "key"
    return ""


def learn_key(env, cmd_cache_env):
    """The key (entry name) a fresh cache gets from one run."""
    d = env.scratch("learn")
    rc, out = cmd_cache_env(d)
    names = [n for n in entries(d) if n.endswith(".cubin")]
    if rc != 0 or len(names) != 1:
        sys.exit(f"cannot learn the cache key: rc {rc}, {names}\n{out}")
    return names[0][:-len(".cubin")], os.path.join(d, names[0])


def expect_replaced(env, what, cache, key, out, rc, warning, victims=()):
    """A miss with `warning`, then a verified entry and a hit."""
    first, second = loads(out)
    entry = os.path.join(cache, key + ".cubin")
    why = valid_entry(entry, key) if os.path.lexists(entry) else "no entry"
    changed = [v for v, d in victims if digest(v) != d]
    leftovers = [n for n in entries(cache) if ".tmp." in n]
    report(rc == 0 and not crashed(rc, out) and not first and second and
           warning in out and not why and not changed and not leftovers,
           what, f"rc {rc}, loads {first, second}, entry: {why or 'ok'}, "
           f"changed: {changed}, temporaries: {leftovers}\n{out}")


def expect_refused(what, rc, out, reason, cache_dirs=()):
    """The cache refused with `reason`; the program still works and nothing
    was cached in `cache_dirs`."""
    first, second = loads(out)
    cached = [d for d in cache_dirs if entries(d)]
    report(rc == 0 and not crashed(rc, out) and not first and not second and
           "cubin cache disabled" in out and reason in out and not cached,
           what, f"rc {rc}, loads {first, second}, cached in {cached}\n{out}")


def entry_cases(env, key, good):
    """Entries that are not the verified entry of their key."""
    with open(good, "rb") as f:
        genuine = f.read()

    def planted(name, content=None, make=None):
        cache = env.scratch(name)
        entry = os.path.join(cache, key + ".cubin")
        if make:
            make(entry)
        else:
            with open(entry, "wb") as f:
                f.write(content)
        return cache

    rc, out = env.check_run(os.path.dirname(good))
    report(rc == 0 and loads(out) == (True, True) and not valid_entry(good, key),
           "a verified entry: magic, version, length, SHA-256, key; mode 0600",
           f"rc {rc}, entry: {valid_entry(good, key)}\n{out}")

    cache = env.scratch("big-cubin")
    rc, out = env.check_run(cache, {"FAKE_CUDA_CUBIN_BYTES": "100003"})
    entry = os.path.join(cache, key + ".cubin")
    why = valid_entry(entry, key) if os.path.exists(entry) else "no entry"
    report(rc == 0 and loads(out) == (False, True) and not why and
           os.path.getsize(entry) == HEADER + 100003,
           "a 100003-byte cubin round-trips with its SHA-256", f"{why}\n{out}")

    def sparse(path):
        with open(path, "wb") as f:
            f.truncate(100 << 30)
    cache = planted("sparse", make=sparse)
    rc, out = env.check_run(cache)
    expect_replaced(env, "a sparse 100 GiB entry is a miss, not an allocation",
                    cache, key, out, rc, "too large")

    for name, content, warning in [
            ("one-byte", b"\x7f", "truncated"),
            ("truncated", genuine[:len(genuine) // 2], "truncated"),
            ("header-only", genuine[:HEADER], "truncated"),
            ("random", os.urandom(4096), "bad magic"),
            ("old-format", b"\x7fELF fake cubin\x00", "truncated"),
            ("old-format-long", b"\x7fELF" + bytes(200), "bad magic"),
            ("extended", genuine + b"tail", "truncated or extended"),
            ("version", genuine[:8] + struct.pack("<I", 7) + genuine[12:],
             "format version 7"),
            ("other-key", genuine[:56] + b"0" * 32 + genuine[88:],
             "another key"),
            ("corrupt", genuine[:-2] + bytes([genuine[-2] ^ 1]) +
             genuine[-1:], "SHA-256"),
            ("short-length", genuine[:16] + struct.pack(
                "<Q", max(len(genuine) - HEADER - 1, 0)) + genuine[24:],
             "truncated or extended")]:
        cache = planted(name, content)
        rc, out = env.check_run(cache)
        expect_replaced(env, f"{name} entry is a miss with a warning", cache,
                        key, out, rc, warning)

    # A symbolic link as the entry, to a copy of a genuine entry and to a
    # file of the user's: a miss; the store replaces the link, not its target.
    outside = env.scratch("outside")
    copy, precious = (os.path.join(outside, n) for n in ("copy", "precious"))
    with open(copy, "wb") as f:
        f.write(genuine)
    with open(precious, "w") as f:
        f.write("the user's data\n")
    victims = [(copy, digest(copy)), (precious, digest(precious))]
    for target in (copy, precious):
        cache = planted("link-" + os.path.basename(target),
                        make=lambda p: os.symlink(target, p))
        rc, out = env.check_run(cache)
        expect_replaced(env, f"a symlinked entry ({os.path.basename(target)})"
                        " is a miss and its target stays", cache, key, out,
                        rc, "a symbolic link", victims)

    # Symbolic links at the temporary names the old and the new code use.
    cache = env.scratch("temp-links")

    def plant_temps(pid):
        base = os.path.join(cache, f"{key}.cubin.tmp.{pid}")
        for suffix in [""] + [f".{i}" for i in range(10)]:
            os.symlink(precious, base + suffix)
    rc, out = env.check_run(cache, plant=plant_temps)
    links = [n for n in entries(cache) if ".tmp." in n and os.path.islink(
        os.path.join(cache, n))]
    for n in links:
        os.unlink(os.path.join(cache, n))
    expect_replaced(env, "symlinks planted at the temporary names: the "
                    "target stays, the entry is a new file", cache, key, out,
                    rc, "", victims)
    report(len(links) == 11, "the planted links stay links", str(links))

    # Not regular files: a FIFO (the open must not block), a directory.
    cache = planted("fifo", make=os.mkfifo)
    rc, out = env.check_run(cache)
    expect_replaced(env, "a FIFO as the entry is a miss, no hang", cache, key,
                    out, rc, "not a regular file")
    cache = planted("dir-entry", make=os.mkdir)
    rc, out = env.check_run(cache)
    report(rc == 0 and loads(out) == (False, False) and
           "not a regular file" in out and "cubin not cached" in out and
           not crashed(rc, out),
           "a directory as the entry: a miss, the store fails with a warning",
           out)
    if os.geteuid() == 0:
        cache = planted("foreign-entry", genuine)
        os.chown(os.path.join(cache, key + ".cubin"), NOBODY, NOBODY)
        rc, out = env.check_run(cache)
        expect_replaced(env, "an entry owned by another user is a miss",
                        cache, key, out, rc, "owned by uid 65534")


def private_group():
    """Whether the user's primary group is a user-private group."""
    import grp
    import pwd
    try:
        pw = pwd.getpwuid(os.geteuid())
        gr = grp.getgrgid(pw.pw_gid)
    except KeyError:
        return False
    return (os.getegid() == pw.pw_gid and gr.gr_name == pw.pw_name and
            all(m == pw.pw_name for m in gr.gr_mem))


def directory_cases(env, key):
    """Cache directories the cache must refuse, or create privately."""
    def refused(what, cache, reason, real=None, xdg=None):
        extra = {"XDG_CACHE_HOME": xdg} if xdg else {"TILE_CACHE_DIR": cache}
        rc, out = env.run([env.check, "env"], extra)
        expect_refused(what, rc, out, reason, [d for d in (cache, real) if d])

    base = env.scratch("dirs")
    root = os.geteuid() == 0
    for name, mode, reason in [
            ("world-writable", 0o777, "writable by other users"),
            ("sticky-world-writable", 0o1777, "writable by other users"),
            ("group-writable", 0o770, "writable by other users")]:
        d = os.path.join(base, name)
        os.mkdir(d)
        os.chmod(d, mode)
        if mode == 0o770:
            if not root:
                continue
            os.chown(d, -1, NOBODY)  # A group with other members.
        refused(f"a {name} TILE_CACHE_DIR is refused", d, reason)
        refused(f"a {name} TILE_CACHE_DIR spelled //... is refused",
                "/" + d, reason, real=d)

    # The group of a user-private group (umask 002) is the user alone.
    if private_group():
        d = os.path.join(base, "private-group")
        os.mkdir(d)
        os.chmod(d, 0o770)
        os.chown(d, -1, os.getegid())
        rc, out = env.run([env.check, "env"], {"TILE_CACHE_DIR": d})
        report(rc == 0 and loads(out) == (False, True),
               "a directory writable by the user-private group is used", out)

    real = os.path.join(base, "real")
    os.mkdir(real, 0o700)
    link = os.path.join(base, "link")
    os.symlink(real, link)
    refused("a symlinked TILE_CACHE_DIR is refused", link,
            "is a symbolic link", real=real)

    open_parent = os.path.join(base, "open")
    os.mkdir(open_parent)
    os.chmod(open_parent, 0o777)
    inner = os.path.join(open_parent, "cache")
    refused("a cache below a non-sticky world-writable directory is refused",
            inner, "writable by other users and not sticky")
    report(not os.path.exists(inner), "nothing is created there", inner)

    # A sticky world-writable directory like /tmp as XDG_CACHE_HOME: the
    # missing directories are created, mode 0700, and used.
    tmp = os.path.join(base, "tmp")
    os.mkdir(tmp)
    os.chmod(tmp, 0o1777)
    rc, out = env.run([env.check, "env"], {"XDG_CACHE_HOME": tmp})
    made = [os.path.join(tmp, "tile-mlir"), os.path.join(tmp, "tile-mlir",
                                                         "cubin")]
    modes = [oct(stat.S_IMODE(os.stat(d).st_mode)) if os.path.isdir(d)
             else "missing" for d in made]
    report(rc == 0 and loads(out) == (False, True) and
           modes == ["0o700", "0o700"],
           "XDG_CACHE_HOME in a sticky directory: created 0700 and used",
           f"modes {modes}\n{out}")

    rel = env.scratch("relative")
    rc, out = env.run(["sh", "-c", f"cd {rel} && exec {env.check} env"],
                      {"TILE_CACHE_DIR": "a/b"})
    made = [os.path.join(rel, "a"), os.path.join(rel, "a", "b")]
    modes = [oct(stat.S_IMODE(os.stat(d).st_mode)) if os.path.isdir(d)
             else "missing" for d in made]
    report(rc == 0 and loads(out) == (False, True) and
           modes == ["0o700", "0o700"],
           "a relative TILE_CACHE_DIR: created 0700 and used",
           f"modes {modes}\n{out}")

    if os.geteuid() != 0:
        print("note: not root; the cases with another user's files are not "
              "run")
        return
    tmp2 = os.path.join(base, "tmp2")
    os.mkdir(tmp2)
    os.chmod(tmp2, 0o1777)
    theirs = os.path.join(tmp2, "tile-mlir")
    os.mkdir(theirs)
    os.chmod(theirs, 0o777)
    os.chown(theirs, NOBODY, NOBODY)
    refused("XDG_CACHE_HOME with a parent another user owns is refused",
            None, "is owned by another user", xdg=tmp2,
            real=os.path.join(theirs, "cubin"))

    foreign = os.path.join(base, "foreign")
    os.mkdir(foreign, 0o700)
    os.chown(foreign, NOBODY, NOBODY)
    refused("a TILE_CACHE_DIR another user owns is refused", foreign,
            "is owned by uid 65534")

    their_link = os.path.join(tmp, "their-link")
    os.symlink(base, their_link)
    os.lchown(their_link, NOBODY, NOBODY)
    mine = os.path.join(base, "mine")
    refused("a path through another user's symlink is refused",
            os.path.join(their_link, "mine"), "is owned by another user",
            real=mine)


def clear_cases(env, key, good):
    """--clear-cache removes entries, never what links point to."""
    with open(good, "rb") as f:
        genuine = f.read()
    cache = env.scratch("clear")
    outside = env.scratch("clear-outside")
    victim = os.path.join(outside, key + ".cubin")
    with open(victim, "wb") as f:
        f.write(genuine)
    with open(os.path.join(cache, key + ".cubin"), "wb") as f:
        f.write(genuine)
    os.symlink(victim, os.path.join(cache, "f" * 32 + ".cubin"))
    rc, out = env.run([env.runner, "--clear-cache"], {"TILE_CACHE_DIR": cache})
    report(rc == 0 and "removed 2 cached cubin(s)" in out and
           not entries(cache) and os.path.exists(victim),
           "--clear-cache removes a symlinked entry, not its target", out)

    link = os.path.join(env.scratch("clear-link"), "cache")
    os.symlink(outside, link)
    rc, out = env.run([env.runner, "--clear-cache"], {"TILE_CACHE_DIR": link})
    report(rc == 1 and "is a symbolic link" in out and os.path.exists(victim),
           "--clear-cache refuses a symlinked cache directory", out)


def runner_cases(env):
    """tile-runner and a Python process with a sparse 100 GiB entry."""
    key, _ = learn_key(env, env.runner_run)
    cache = env.scratch("runner-sparse")
    with open(os.path.join(cache, key + ".cubin"), "wb") as f:
        f.truncate(100 << 30)
    rc, out = env.runner_run(cache)
    report(rc == 0 and "too large" in out and not crashed(rc, out) and
           os.path.getsize(os.path.join(cache, key + ".cubin")) < 1 << 20,
           "tile-runner: a sparse 100 GiB entry is a miss with a warning", out)

    script = ("import ctypes, sys\n"
              "lib = ctypes.CDLL(sys.argv[1])\n"
              "assert lib.tileRtInit(0) == 0\n"
              "m = ctypes.c_void_p()\n"
              "ptx = b'.version 7.8\\n.target sm_90\\n.address_size 64\\n'\n"
              "print('load', lib.tileRtLoadPtx(ptx, 4, ctypes.byref(m)))\n")
    cmd = [sys.executable, "-c", script, env.lib]
    learn = env.scratch("python-learn")
    env.run(cmd, {"TILE_CACHE_DIR": learn})
    names = entries(learn)
    cache = env.scratch("python-sparse")
    if len(names) == 1:
        with open(os.path.join(cache, names[0]), "wb") as f:
            f.truncate(100 << 30)
    rc, out = env.run(cmd, {"TILE_CACHE_DIR": cache})
    report(len(names) == 1 and rc == 0 and "load 0" in out and
           "too large" in out and not crashed(rc, out),
           "Python (ctypes): a sparse 100 GiB entry is a miss with a warning",
           f"rc {rc}, learnt {names}\n{out}")


def main():
    env = Env(*sys.argv[1:6])
    if os.path.isdir(env.work):
        shutil.rmtree(env.work)
    os.makedirs(env.work, mode=0o700)
    key, good = learn_key(env, env.check_run)
    entry_cases(env, key, good)
    directory_cases(env, key)
    clear_cases(env, key, good)
    runner_cases(env)
    return tally.close()


if __name__ == "__main__":
    sys.exit(main())
