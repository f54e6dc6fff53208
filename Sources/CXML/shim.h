// SPDX-License-Identifier: GPL-3.0-or-later
// libxml2: the WebDAV multistatus answers (XML with namespaces).
//
// Debian builds libxml2 with ICU, so <libxml/encoding.h> includes the system's <unicode/ucnv.h>.
// Swift's Foundation carries its own ICU headers (module _FoundationICU) with a different
// `UErrorCode`; when both end up in one compilation, clang refuses the two definitions and the
// build fails depending on module build order. Nothing here uses libxml2's ICU converters (only
// pointers to its encoding handlers, never their fields), so the ICU part of the headers is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
