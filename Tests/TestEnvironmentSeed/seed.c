// SPDX-License-Identifier: GPL-3.0-or-later
// Runs before main(), while the test process still has one thread: gives every environment variable
// that the desktop test support changes later (the private bus, the private sound server) a value,
// pointing nowhere. glibc's setenv then only swaps the pointer of an existing entry (it never frees
// the old string), which is safe against getenv/environ readers on the test runner's other threads;
// adding a new variable instead reallocates and frees the environ array under their feet (the cause
// of a SIGSEGV in CI). The placeholders also keep the tests off the user's real bus and sound server.
// They lie under /dev/null, where nothing can be created (libpulse would mkdir PULSE_RUNTIME_PATH).
#include <stdlib.h>
#include "TestEnvironmentSeed.h"

static const char *const placeholders[][2] = {
    {"DBUS_SESSION_BUS_ADDRESS", "unix:path=/dev/null/moscowtime-test-bus-not-started"},
    {"DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/dev/null/moscowtime-test-bus-not-started"},
    {"PULSE_SERVER", "unix:/dev/null/moscowtime-test-pulse-not-started"},
    {"PULSE_RUNTIME_PATH", "/dev/null/moscowtime-test-pulse-not-started"},
    {"PULSE_COOKIE", "/dev/null/moscowtime-test-pulse-not-started/cookie"},
    {"PULSE_CLIENTCONFIG", "/dev/null/moscowtime-test-pulse-not-started/client.conf"},
};

const char *moscowtime_test_placeholder(const char *name) {
    for (size_t i = 0; i < sizeof placeholders / sizeof placeholders[0]; i++) {
        const char *a = placeholders[i][0], *b = name;
        while (*a && *a == *b) { a++; b++; }
        if (*a == 0 && *b == 0) return placeholders[i][1];
    }
    return NULL;
}

__attribute__((constructor)) static void seed_test_environment(void) {
    for (size_t i = 0; i < sizeof placeholders / sizeof placeholders[0]; i++)
        setenv(placeholders[i][0], placeholders[i][1], 1);
}
