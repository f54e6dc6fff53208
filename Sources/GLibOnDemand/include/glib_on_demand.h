// SPDX-License-Identifier: GPL-3.0-or-later
// GLib and GIO on demand, for agent-cli: the functions of theirs that agent-cli's modules call,
// defined here to load libglib-2.0 or libgio-2.0 with dlopen on the first call and go on to the
// library's own. agent-cli links neither: `list`, `next`, `show`, `--version` and most other
// commands need nothing from them (zones are read by the domain, table widths of Latin and Cyrillic
// text need no lookup), and loading GLib with PCRE2 was a third of their start-up; GIO with what it
// needs (GObject, GModule, libmount, libselinux, libblkid, libffi, zlib) cost a third more.
// Nothing to include: the definitions replace the libraries' symbols at link time (see loader.h).
#ifndef GLIB_ON_DEMAND_H
#define GLIB_ON_DEMAND_H
/// Called with the library's name and the loader's words when a library or one of its functions
/// cannot be loaded, just before the program exits 1; it prints the user's message (the C side
/// knows no catalogue).
void glib_on_demand_set_failure(void (*handler)(const char *library, const char *why));
#endif
