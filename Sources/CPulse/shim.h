// SPDX-License-Identifier: GPL-3.0-or-later
// libpulse, for moscowtime-sound only: it raises the volume of its own playing stream (the ramp).
#include <pulse/pulseaudio.h>
