// SPDX-License-Identifier: GPL-3.0-or-later
// GIO and GObject on demand, for agent-cli: the functions of theirs that agent-cli's modules call
// (the D-Bus client, GError's remote names, the zlib decompressor of the habit import), defined here
// to load libgio-2.0 with dlopen on the first call and go on to its own. agent-cli does not link
// GIO: most of its commands never talk D-Bus, and loading GIO with what it needs (GObject, GModule,
// libmount, libselinux, libblkid, libffi, zlib) was a third of the start-up of every command.
// Nothing to include: the definitions replace GIO's symbols at link time (see gio_on_demand.c).
#ifndef GIO_ON_DEMAND_H
#define GIO_ON_DEMAND_H
/// Called with the loader's words when libgio-2.0 or one of its functions cannot be loaded, just
/// before the program exits 1; it prints the user's message (the C side knows no catalogue).
void gio_on_demand_set_failure(void (*handler)(const char *why));
#endif
