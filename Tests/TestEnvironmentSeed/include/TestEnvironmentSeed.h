// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// The value the test process started with for `name` (one of the variables the test support
/// changes), or NULL for any other name. Restore it instead of unsetenv: see seed.c.
const char *moscowtime_test_placeholder(const char *name);
