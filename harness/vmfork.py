#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A VM fork for the distro kernel's test boot (harness/lib.sh boot()).

usage: vmfork.py RAW QMP DEADLINE -- QEMU-ARGV... >LOG 2>&1

RAW       the guest's result channel file (ttyS1), written live
QMP       the QMP socket of the running QEMU (the source)
DEADLINE  seconds from now after which everything started here is killed
QEMU-ARGV the source's command line without its vmgenid device and QMP
          socket (serial ports as chardev files with append=on)

QEMU refuses qom-set of a realized vmgenid device's guid, so the guest
sees a new generation ID the way a cloned or restored VM does: once the
guest writes MARKER on its result channel, the running VM is migrated to a
second QEMU started from the same command line with
-device vmgenid,guid=<new UUID> and -incoming. Its vmgenid post_load writes
the new ID into guest memory and raises the ACPI notification; the source
is quit and the destination runs the guest to its end (it writes to the
same serial files, appending). What happened goes to stdout (LOG).

Exit status: the destination's, 0 when the source ended without the marker
(nothing to do), 124 at the deadline, 1 when the fork itself failed (the
source is then left to run or is stopped by the harness's timeout).
"""

import ctypes
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
import uuid

MARKER = b"LRNG-VMGENID-READY"
PR_SET_PDEATHSIG = 1


def log(msg):
    print("%8.1f %s" % (time.monotonic() - T0, msg), flush=True)


class Qmp:
    """One QMP connection; every read is bounded by the deadline."""

    def __init__(self, path, deadline):
        self.deadline = deadline
        self.buf = b""
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > min(deadline, T0 + 60):
                    raise
                time.sleep(0.2)
        self.greeting = self.read()
        self.cmd("qmp_capabilities")

    def readable(self, timeout):
        """True when data or EOF is waiting within timeout seconds."""
        if b"\n" in self.buf:
            return True
        return bool(select.select([self.sock], [], [], timeout)[0])

    def read(self):
        while b"\n" not in self.buf:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("QMP: no answer before the deadline")
            if not select.select([self.sock], [], [], left)[0]:
                continue
            data = self.sock.recv(65536)
            if not data:
                raise EOFError("QMP: QEMU closed the connection")
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def cmd(self, name, **args):
        req = {"execute": name}
        if args:
            req["arguments"] = args
        self.sock.sendall(json.dumps(req).encode() + b"\n")
        while True:
            msg = self.read()
            if "event" in msg:
                log("event %s" % msg["event"])
                continue
            if "error" in msg:
                raise RuntimeError("QMP %s: %s" % (name, msg["error"]))
            return msg.get("return")


def pdeathsig():
    """The destination dies with this helper (harness interrupted)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def marker_seen(raw):
    """MARKER on a line of its own: harness/init wrote it, not a test."""
    try:
        with open(raw, "rb") as f:
            return b"\n" + MARKER + b"\n" in b"\n" + f.read()
    except OSError:
        return False


def fork(src, qemu, qmp_path, deadline):
    """Migrate to a destination with a new vmgenid; returns its Popen."""
    guid = str(uuid.uuid4())
    inc = qmp_path + ".incoming"
    if os.path.exists(inc):
        os.unlink(inc)
    log("source vmgenid guid %s" %
        src.cmd("qom-get", path="/machine/peripheral/vmgenid0",
                property="guid"))
    argv = qemu + ["-device", "vmgenid,id=vmgenid0,guid=" + guid,
                   "-incoming", "unix:" + inc]
    log("destination: vmgenid guid %s, -incoming unix:%s" % (guid, inc))
    dst = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                           preexec_fn=pdeathsig)
    try:
        migrate(src, dst, inc, deadline)
    except BaseException:
        dst.kill()
        dst.wait()
        raise
    return dst


def migrate(src, dst, inc, deadline):
    """Migrate the source to the destination listening on inc; quit it."""
    while not os.path.exists(inc):
        if dst.poll() is not None:
            raise RuntimeError("destination exited with %d" % dst.returncode)
        if time.monotonic() > deadline:
            raise TimeoutError("destination did not listen")
        time.sleep(0.1)
    src.cmd("migrate", uri="unix:" + inc)
    while True:
        st = src.cmd("query-migrate")
        status = st.get("status")
        if status == "completed":
            break
        if status in ("failed", "cancelled"):
            raise RuntimeError("migration %s: %s" %
                               (status, st.get("error-desc", "")))
        if time.monotonic() > deadline:
            raise TimeoutError("migration not completed")
        time.sleep(0.2)
    log("migration completed (%s ms, %s bytes)" %
        (st.get("total-time"), st.get("ram", {}).get("transferred")))
    try:
        src.cmd("quit")
    except EOFError:
        pass
    log("source quit")


def main():
    if len(sys.argv) < 5 or sys.argv[4] != "--":
        sys.stderr.write(__doc__)
        return 2
    raw, qmp_path, secs = sys.argv[1], sys.argv[2], float(sys.argv[3])
    qemu = sys.argv[5:]
    deadline = T0 + secs
    try:
        src = Qmp(qmp_path, deadline)
        log("connected to the source's QMP; waiting for %s" % MARKER.decode())
        while True:
            if marker_seen(raw):
                log("marker seen")
                break
            # EOF on the QMP connection: the source is gone.
            if src.readable(0.2):
                try:
                    msg = src.read()
                    log("source: %s" % json.dumps(msg)[:200])
                    continue
                except EOFError:
                    log("source ended without the marker: no fork")
                    return 0
            if time.monotonic() > deadline:
                log("deadline: no marker")
                return 124
        dst = fork(src, qemu, qmp_path, deadline)
    except (OSError, EOFError, RuntimeError, TimeoutError, ValueError) as e:
        log("fork failed: %s" % e)
        return 1
    try:
        rc = dst.wait(timeout=max(deadline - time.monotonic(), 0))
    except subprocess.TimeoutExpired:
        log("deadline: destination killed")
        dst.kill()
        dst.wait()
        return 124
    log("destination exited with %d" % rc)
    return rc


T0 = time.monotonic()

if __name__ == "__main__":
    sys.exit(main())
