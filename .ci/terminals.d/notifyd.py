#!/usr/bin/env python3
"""A desktop-notification answerer for .ci/terminals, on a private session bus.

It owns the names a Linux terminal can raise a notification through and
records each one as a JSON line in the file given as argv[1]:

  org.freedesktop.Notifications   Notify (libnotify, notify-send: foot runs it;
                                  kitty and KNotification call it directly)
  org.gtk.Notifications           AddNotification (GLib's GNotification when
                                  no portal is used: GNOME Terminal, Tilix)
  org.freedesktop.portal.Desktop  org.freedesktop.portal.Notification
                                  AddNotification (GNotification in a sandbox)

Interfaces as specified by the Desktop Notifications Specification 1.2 and
GLib's gio/gnotificationbackend (gtk and portal backends). It exits after
argv[2] seconds (default 600) so a forgotten one cannot outlive the run.
"""
import json
import sys
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

OUT = sys.argv[1]
LIFETIME = int(sys.argv[2]) if len(sys.argv) > 2 else 600


def record(channel, app, summary, body):
    with open(OUT, "a", encoding="utf-8") as f:
        f.write(json.dumps({"t": time.time(), "channel": channel, "app": str(app),
                            "summary": str(summary), "body": str(body)}) + "\n")


class FreedesktopNotifications(dbus.service.Object):
    next_id = 0

    @dbus.service.method("org.freedesktop.Notifications", in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        record("org.freedesktop.Notifications", app, summary, body)
        self.next_id += 1
        return replaces or self.next_id

    @dbus.service.method("org.freedesktop.Notifications", in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body", "actions"]

    @dbus.service.method("org.freedesktop.Notifications", in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ["hostbridge-ci", "hostbridge", "1", "1.2"]

    @dbus.service.method("org.freedesktop.Notifications", in_signature="u", out_signature="")
    def CloseNotification(self, nid):
        pass


class GtkNotifications(dbus.service.Object):
    @dbus.service.method("org.gtk.Notifications", in_signature="ssa{sv}", out_signature="")
    def AddNotification(self, app, nid, n):
        record("org.gtk.Notifications", app, n.get("title", ""), n.get("body", ""))

    @dbus.service.method("org.gtk.Notifications", in_signature="ss", out_signature="")
    def RemoveNotification(self, app, nid):
        pass


class PortalNotifications(dbus.service.Object):
    @dbus.service.method("org.freedesktop.portal.Notification", in_signature="sa{sv}", out_signature="")
    def AddNotification(self, nid, n):
        record("org.freedesktop.portal.Notification", "", n.get("title", ""), n.get("body", ""))

    @dbus.service.method("org.freedesktop.portal.Notification", in_signature="s", out_signature="")
    def RemoveNotification(self, nid):
        pass


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    names = []
    for name, cls, path in (
        ("org.freedesktop.Notifications", FreedesktopNotifications, "/org/freedesktop/Notifications"),
        ("org.gtk.Notifications", GtkNotifications, "/org/gtk/Notifications"),
        ("org.freedesktop.portal.Desktop", PortalNotifications, "/org/freedesktop/portal/desktop"),
    ):
        names.append(dbus.service.BusName(name, bus, do_not_queue=True))
        cls(bus, path)
    loop = GLib.MainLoop()
    GLib.timeout_add_seconds(LIFETIME, loop.quit)
    print("ready", flush=True)
    loop.run()


if __name__ == "__main__":
    main()
