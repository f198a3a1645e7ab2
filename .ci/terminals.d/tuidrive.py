#!/usr/bin/env python3
"""Drives the example chat's screen (Bubble Tea) in a pty, for .ci/terminals --tui.

  tuidrive.py chat|control CHAT [ARGS...]

It runs CHAT in a pty of the terminal's size, passes the chat's output to
the terminal and the terminal's input (its answers to queries) to the
chat, and types a scripted session: "hello" (a reply: working, idle, a
ping), "approve" answered n (blocked, then idle), "fail" (failed, a ping),
then /quit. In control mode the chat's output reaches the terminal
without its bar and notification sequences (OSC 9, 9;4, 777, 99 and a
lone BEL), so the control's screen is what a terminal that understands
them all would show; the chat mode passes everything. Every step waits
for its text on the screen (bounded), not for a fixed time alone.
"""
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
import tty
import fcntl

mode, argv = sys.argv[1], sys.argv[2:]
OUT = sys.stdout.fileno()
IN = sys.stdin.fileno()

# The notification and bar sequences the control run leaves out.
NOTE_OSC = re.compile(rb"\x1b\](9|777|99)(;[^\x07\x1b]*)?(\x07|\x1b\\)")
ESCAPES = re.compile(rb"\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b\[[0-?]*[ -/]*[@-~]|\x1b[ -/]*[0-~]")


class Filter:
    """Drops NOTE_OSC and lone BELs from a stream cut anywhere."""

    def __init__(self):
        self.held = b""

    def feed(self, data):
        data = self.held + data
        self.held = b""
        # Hold back an escape sequence that may not be complete yet.
        cut = data.rfind(b"\x1b")
        if cut >= 0 and len(data) - cut < 4096:
            tail = data[cut:]
            if tail.startswith(b"\x1b]") and not re.search(rb"\x07|\x1b\\", tail[2:]) or tail == b"\x1b":
                self.held, data = tail, data[:cut]
        data = NOTE_OSC.sub(b"", data)
        # A BEL that ends an OSC was kept with it above; the others ring.
        out, i = bytearray(), 0
        for m in re.finditer(rb"\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x07", data):
            out += data[i:m.start()]
            if m.group(0) != b"\x07":
                out += m.group(0)
            i = m.end()
        out += data[i:]
        return bytes(out)


def main():
    size = fcntl.ioctl(OUT, termios.TIOCGWINSZ, b"\0" * 8)
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
        os.execvp(argv[0], argv)
    old = termios.tcgetattr(IN) if os.isatty(IN) else None
    if old:
        tty.setraw(IN)
    filt = Filter() if mode == "control" else None
    seen = b""

    def pump(seconds, until=None):
        """Passes bytes both ways for up to seconds, or until `until` is on screen."""
        nonlocal seen
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            # Spaces are compared out: a renderer may move the cursor
            # over them instead (Bubble Tea v2 does).
            if until is not None and until.replace(b" ", b"") in ESCAPES.sub(b"", seen).replace(b" ", b""):
                return True
            r, _, _ = select.select([fd, IN], [], [], 0.05)
            if fd in r:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                seen = seen[-65536:] + data
                os.write(OUT, filt.feed(data) if filt else data)
            if IN in r:
                data = os.read(IN, 4096)
                if data:
                    os.write(fd, data)
        return until is None

    def typ(text):
        for ch in text:
            os.write(fd, ch.encode())
            pump(0.03)

    try:
        pump(15, b">")  # the prompt is drawn
        pump(0.5)
        typ("hello\r")
        pump(15, b"You said: hello")
        pump(1.5)
        typ("approve\r")
        pump(15, b"git push")
        pump(1.5)
        typ("n")
        pump(15, b"Denied")
        pump(1.5)
        typ("fail\r")
        pump(15, b"scripted failure")
        pump(1.5)
        typ("/quit\r")
        pump(10, None)
    finally:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done == 0:
                os.kill(pid, signal.SIGTERM)
                os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        if old:
            termios.tcsetattr(IN, termios.TCSADRAIN, old)


if __name__ == "__main__":
    main()
