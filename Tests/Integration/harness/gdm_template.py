# SPDX-License-Identifier: GPL-3.0-or-later
"""A stand-in for GDM on the private system bus: a python-dbusmock template (mocks.GdmMock runs it).

GNOME Shell builds its lock screen (Main.screenShield) only when it can lock: when
/run/systemd/seats exists and org.gnome.DisplayManager answers a Version of at least 3.5.91
(js/misc/loginManager.js, canLock); once started, the shell calls RegisterSession. Nothing else of
GDM is needed to lock a session in the tests.
"""
import dbus

BUS_NAME = "org.gnome.DisplayManager"
MAIN_OBJ = "/org/gnome/DisplayManager/Manager"
MAIN_IFACE = "org.gnome.DisplayManager.Manager"
SYSTEM_BUS = True


def load(mock, parameters):
    mock.AddMethods(MAIN_IFACE, [("RegisterSession", "a{sv}", "", "")])
    mock.AddProperties(MAIN_IFACE, dbus.Dictionary({"Version": parameters.get("Version", "50.0")}, signature="sv"))
