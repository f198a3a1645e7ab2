#!/usr/bin/env python3
"""Turns one terminal's run into the line .ci/terminals prints.

  verdict.py NAME VERSION TYPESCRIPT NOTIFICATIONS DIFF_PIXELS [ENFORCE_LOG]

TYPESCRIPT is what the chat wrote, as script(1) logged it inside the
terminal; NOTIFICATIONS the answerer's JSON lines; DIFF_PIXELS the pixels
that differ between the chat run's screenshot and the control run's (the
same visible text, no sequence), or "-" when no screenshot was compared.

What the chat sent is read from the bytes: every OSC 9;4 is a bar change;
a ping is an OSC 9 whose text is not a ConEmu command number, an OSC 777
notify, an OSC 99 that ends a notification (not d=0, not a p=? query) or a
BEL outside any string. A notification whose text is a bar's ("4", "4;3",
"4 3", empty) is bar-caused, the others ping-caused; if more notifications
than pings are ping-caused, the excess is counted against the bar too.
It prints the line, then a status for the summary. Exit code: 0 fine, 3
when the terminal shows garbage or a notification per bar change (the
failure --enforce acts on).
"""
import json
import re
import sys

ESC, BEL = "\x1b", "\x07"
BAR_TEXT = re.compile(r"^\s*(4)?([;\s]+\d*)*\s*$")


def sequences(data):
    """Yields (kind, payload): kind "osc" with its text, or "bel"."""
    i, n = 0, len(data)
    while i < n:
        c = data[i]
        if c == BEL:
            yield "bel", ""
            i += 1
        elif c == ESC and i + 1 < n and data[i + 1] in "]P_^":
            j = i + 2
            while j < n:
                if data[j] == BEL:
                    end = j + 1
                    break
                if data[j] == ESC and j + 1 < n and data[j + 1] == "\\":
                    end = j + 2
                    break
                if data[j] == "\x9c":
                    end = j + 1
                    break
                j += 1
            else:
                end = n
            if data[i + 1] == "]":
                yield "osc", data[i + 2:j]
            i = end
        else:
            i += 1


def classify(payload):
    """"bar", "ping" or "" for an OSC's text."""
    if payload == "9;4" or payload.startswith("9;4;"):
        return "bar"
    if payload.startswith("9;"):
        first = payload[2:].split(";", 1)[0]
        # ConEmu's OSC 9;N commands (1..12) are not notifications.
        if first.isdigit() and 1 <= int(first) <= 12:
            return ""
        return "ping"
    if payload.startswith("777;notify;"):
        return "ping"
    if payload.startswith("99;"):
        meta = payload[3:].split(";", 1)[0]
        keys = dict(kv.split("=", 1) for kv in meta.split(":") if "=" in kv)
        if keys.get("p") == "?" or keys.get("d") == "0" or keys.get("p") == "close":
            return ""
        return "ping"
    return ""


def main():
    name, version, ts_path, notes_path, diff = sys.argv[1:6]
    with open(ts_path, "rb") as f:
        data = f.read().decode("utf-8", "replace")
    pings = bars = 0
    for kind, payload in sequences(data):
        if kind == "bel":
            pings += 1
        elif kind == "osc":
            c = classify(payload)
            pings += c == "ping"
            bars += c == "bar"
    notes = []
    try:
        with open(notes_path, encoding="utf-8") as f:
            notes = [json.loads(l) for l in f if l.strip()]
    except FileNotFoundError:
        pass
    bar_notes = [n for n in notes if BAR_TEXT.match(n["summary"] + " " + n["body"])]
    ping_notes = [n for n in notes if n not in bar_notes]
    excess = max(0, len(ping_notes) - pings)
    bar_caused = len(bar_notes) + excess
    ping_caused = len(ping_notes) - excess

    def ratio(a, b):
        if b == 0:
            return "-" if a == 0 else f"{a}/0"
        r = a / b
        return f"{r:.0f}" if r == int(r) else f"{r:.2f}"

    garbage = "unknown" if diff == "-" else ("yes" if int(diff) > 0 else "no")
    texts = "; ".join(sorted({repr((n["summary"] + " | " + n["body"]).strip(" |")) for n in notes}))
    print(f"{name} {version}: notifications={len(notes)} "
          f"(per ping {ratio(ping_caused, pings)}, per state change {ratio(bar_caused, bars)}), "
          f"garbage={garbage}{'' if diff in ('-', '0') else f' ({diff} px differ)'}"
          f" | sent: {pings} pings, {bars} bar changes"
          + (f" | texts: {texts}" if texts else ""))
    # The second line is the status the summary shows.
    why = []
    if bar_caused:
        why.append(f"{bar_caused} notification(s) for {bars} bar change(s)")
    if garbage == "yes":
        why.append("a sequence shown as text")
    if why:
        print("FAIL: " + ", ".join(why))
    elif pings and ping_caused == 0:
        print("ok, but no ping raised a notification")
    elif pings and ping_caused != pings:
        print(f"ok, but {ping_caused} notification(s) for {pings} ping(s)")
    else:
        print("ok")
    sys.exit(3 if why else 0)

if __name__ == "__main__":
    main()
