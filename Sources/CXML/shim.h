// SPDX-License-Identifier: GPL-3.0-or-later
// libxml2: the WebDAV multistatus answers (XML with namespaces).
#include <libxml/parser.h>
#include <libxml/tree.h>
