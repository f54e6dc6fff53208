// SPDX-License-Identifier: GPL-3.0-or-later
// See include/arguments_at_start.h. glibc calls each function of the executable's .init_array
// with (argc, argv, envp) before main (csu/libc-start.c, elf/dl-init.c), and agent-cli is only
// built against glibc; the vector stays valid for the process's life, as the runtime requires.
#include "arguments_at_start.h"

#include <stddef.h>

// The runtime's interface (swiftcall, as the runtime declares them): the vector
// `CommandLine.arguments` is made from, and what a host sets in its place (the JIT's hook).
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *count);
__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int count);

static char **kept_argv;
static int kept_count;
static char **override_argv;
static int override_count;

static void keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    kept_argv = argv;
    kept_count = argc;
}

__attribute__((section(".init_array"), used)) static void (*const keep_arguments_entry)(int, char **, char **) = keep_arguments;

char **arguments_at_start(int *count) {
    static char *none[] = {NULL};
    if (!kept_argv) {
        *count = 0;
        return none;
    }
    *count = kept_count;
    return kept_argv;
}

__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    if (override_argv) {
        *count = override_count;
        return override_argv;
    }
    return arguments_at_start(count);
}

__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int count) {
    override_argv = argv;
    override_count = count;
}
