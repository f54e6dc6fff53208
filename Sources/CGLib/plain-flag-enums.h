// SPDX-License-Identifier: GPL-3.0-or-later
// GLib 2.88 (Debian testing) marks its flag enums __attribute__((flag_enum)) (G_GNUC_FLAG_ENUM), and
// Swift imports such an enum as an option set without the C names the code uses
// (G_DBUS_CALL_FLAGS_NONE, ...): declare them as plain enums, as every GLib before 2.88 did, so one
// source builds on Debian 12, 13 and testing. Included first by each shim that reaches GLib's headers.
#ifndef MOSCOWTIME_PLAIN_FLAG_ENUMS_H
#define MOSCOWTIME_PLAIN_FLAG_ENUMS_H
#define __GLIB_H_INSIDE__
#include <glib/gmacros.h>
#undef __GLIB_H_INSIDE__
#undef G_GNUC_FLAG_ENUM
#define G_GNUC_FLAG_ENUM
#endif
