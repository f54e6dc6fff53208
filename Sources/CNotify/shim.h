// SPDX-License-Identifier: GPL-3.0-or-later
#include "../CGLib/plain-flag-enums.h"
#include <libnotify/notify.h>
