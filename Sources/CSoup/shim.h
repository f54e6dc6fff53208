// SPDX-License-Identifier: GPL-3.0-or-later
// libsoup 3: HTTP for CalDAV (GNOME's HTTP library, on the GLib stack the agent already uses).
#include "../CGLib/plain-flag-enums.h"
#include <libsoup/soup.h>
