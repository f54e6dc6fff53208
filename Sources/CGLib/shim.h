// SPDX-License-Identifier: GPL-3.0-or-later
#include "plain-flag-enums.h"
#include <glib.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <sys/timerfd.h>
#include <malloc.h>
