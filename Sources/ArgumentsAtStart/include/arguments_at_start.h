// SPDX-License-Identifier: GPL-3.0-or-later
// agent-cli's command line, kept from the start. The static Swift runtime's Linux version of
// `_swift_stdlib_getUnsafeArgvArgc` (CommandLine.cpp) finds argv at every start by reading
// /proc/self/maps line by line (about 60 sscanf calls, and the kernel writing the text) to locate
// the stack: a fifth of the CPU time of `agent-cli --version`. arguments_at_start.c defines that
// function, and its companion, itself, so the runtime's file is not linked into agent-cli.
#ifndef ARGUMENTS_AT_START_H
#define ARGUMENTS_AT_START_H

/// The vector glibc handed the program's initialisers, valid for the process's life (empty if
/// they were run without one); `*count` receives argc.
char **arguments_at_start(int *count);

#endif
