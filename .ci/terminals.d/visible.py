#!/usr/bin/env python3
"""Copies stdin to stdout without its escape sequences and control bytes
other than CR, LF and TAB: what a terminal that understands every sequence
would show. .ci/terminals prints it in the control run of --send."""
import re
import sys

data = sys.stdin.buffer.read().decode("utf-8", "replace")
# OSC, DCS, APC, PM, SOS strings up to BEL or ST; then CSI; then two-byte ESC sequences.
data = re.sub(r"\x1b[\]P_^X].*?(\x07|\x1b\\|\x9c|$)", "", data, flags=re.S)
data = re.sub(r"\x1b\[[0-?]*[ -/]*[@-~]", "", data)
data = re.sub(r"\x1b[ -/]*[0-~]", "", data)
data = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]", "", data)
sys.stdout.write(data)
