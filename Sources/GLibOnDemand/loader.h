// SPDX-License-Identifier: GPL-3.0-or-later
// How each function of glib.c and gio.c reaches the library's own: the library is opened with
// dlopen on the first call of any of its functions, the function found with dlsym on its own first
// call and kept. Each definition repeats the library's prototype (its header is included, so the
// compiler checks every one), and linking agent-cli fails on any function missing here, since it
// links neither library (Package.swift, startUpLinking). Hidden: once loaded, GLib and GIO must
// bind to their own functions, not to these.
#ifndef GLIB_ON_DEMAND_LOADER_H
#define GLIB_ON_DEMAND_LOADER_H

#define HIDDEN __attribute__((visibility("hidden")))

// `name` from the library `soname`, opened into `*library` on first use. When either cannot be
// had, says so through the program's handler and ends the program: the caller cannot go on.
HIDDEN void *glib_on_demand_resolve(void **library, const char *soname, const char *name);

// One function: its own pointer, resolved on the first call (a race only resolves it twice).
#define REAL_IN(library, soname, name) \
    static __typeof__(&(name)) real; \
    __typeof__(&(name)) f = __atomic_load_n(&real, __ATOMIC_ACQUIRE); \
    if (!f) { \
        f = (__typeof__(&(name)))glib_on_demand_resolve(&library, soname, #name); \
        __atomic_store_n(&real, f, __ATOMIC_RELEASE); \
    }

#endif
