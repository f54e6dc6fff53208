// SPDX-License-Identifier: GPL-3.0-or-later
#include "glib_on_demand.h"
#include "loader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void (*failure)(const char *, const char *);

void glib_on_demand_set_failure(void (*handler)(const char *library, const char *why)) { failure = handler; }

// Says why the library could not be had (through the program's handler, which words it in the
// user's language) and ends the program.
static void fail(const char *soname) {
    const char *why = dlerror();
    if (failure) failure(soname, why ? why : "");
    fprintf(stderr, "agent-cli: %s: %s\n", soname, why ? why : "");
    exit(1);
}

void *glib_on_demand_resolve(void **library, const char *soname, const char *name) {
    void *handle = __atomic_load_n(library, __ATOMIC_ACQUIRE);
    if (!handle) {
        handle = dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
        if (!handle) fail(soname);
        __atomic_store_n(library, handle, __ATOMIC_RELEASE);
    }
    void *f = dlsym(handle, name);
    if (!f) fail(soname);
    return f;
}
