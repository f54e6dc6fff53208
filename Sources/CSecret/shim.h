// SPDX-License-Identifier: GPL-3.0-or-later
// libsecret: the sync password in the desktop's Secret Service (GNOME Keyring, KWallet).
#include "../CGLib/plain-flag-enums.h"
#include <libsecret/secret.h>

/// The schema of our CalDAV passwords: attributes "url" and "user". (Its attribute array is a
/// fixed-size C array, which Swift cannot build conveniently.)
static inline const SecretSchema *mt_caldav_schema(void) {
    static const SecretSchema schema = {
        "org.moscowtime.Agent.CalDAV", SECRET_SCHEMA_NONE,
        { { "url", SECRET_SCHEMA_ATTRIBUTE_STRING }, { "user", SECRET_SCHEMA_ATTRIBUTE_STRING }, { NULL, 0 } }
    };
    return &schema;
}
