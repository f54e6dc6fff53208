// SPDX-License-Identifier: GPL-3.0-or-later
// The GLib functions agent-cli's modules call (GVariant for D-Bus, main contexts and sources for
// the D-Bus client's waits, spawning the agent, markup escaping, character widths beyond Latin and
// Cyrillic), each with GLib's own prototype: see loader.h.
#include <glib.h>

#include "loader.h"

#define REAL(name) REAL_IN(glib, "libglib-2.0.so.0", name)

static void *glib;

// A function returning a value, and one returning nothing.
#define FORWARD(type, name, params, args) \
    HIDDEN type name params { \
        REAL(name) return f args; \
    }
#define FORWARD_VOID(name, params, args) \
    HIDDEN void name params { \
        REAL(name) f args; \
    }

FORWARD_VOID(g_error_free, (GError *error), (error))
FORWARD_VOID(g_free, (gpointer mem), (mem))
FORWARD(gchar *, g_strdup, (const gchar *str), (str))
FORWARD(gchar *, g_markup_escape_text, (const gchar *text, gssize length), (text, length))
FORWARD(gboolean, g_unichar_iswide, (gunichar c), (c))
FORWARD(gboolean, g_unichar_iszerowidth, (gunichar c), (c))
FORWARD(gboolean, g_spawn_async,
        (const gchar *working_directory, gchar **argv, gchar **envp, GSpawnFlags flags,
         GSpawnChildSetupFunc child_setup, gpointer user_data, GPid *child_pid, GError **error),
        (working_directory, argv, envp, flags, child_setup, user_data, child_pid, error))

FORWARD(GMainContext *, g_main_context_new, (void), ())
FORWARD_VOID(g_main_context_unref, (GMainContext *context), (context))
FORWARD(gboolean, g_main_context_iteration, (GMainContext *context, gboolean may_block), (context, may_block))
FORWARD_VOID(g_main_context_push_thread_default, (GMainContext *context), (context))
FORWARD_VOID(g_main_context_pop_thread_default, (GMainContext *context), (context))
FORWARD(guint, g_idle_add_full, (gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify),
        (priority, function, data, notify))
FORWARD(guint, g_timeout_add_full,
        (gint priority, guint interval, GSourceFunc function, gpointer data, GDestroyNotify notify),
        (priority, interval, function, data, notify))
FORWARD(GSource *, g_timeout_source_new, (guint interval), (interval))
FORWARD(guint, g_source_attach, (GSource *source, GMainContext *context), (source, context))
FORWARD_VOID(g_source_destroy, (GSource *source), (source))
FORWARD(gboolean, g_source_remove, (guint tag), (tag))
FORWARD_VOID(g_source_set_callback, (GSource *source, GSourceFunc func, gpointer data, GDestroyNotify notify),
             (source, func, data, notify))
FORWARD_VOID(g_source_unref, (GSource *source), (source))

FORWARD(GVariantType *, g_variant_type_new, (const gchar *type_string), (type_string))
FORWARD_VOID(g_variant_type_free, (GVariantType *type), (type))
FORWARD_VOID(g_variant_unref, (GVariant *value), (value))
FORWARD(GVariant *, g_variant_ref_sink, (GVariant *value), (value))
FORWARD(gboolean, g_variant_equal, (gconstpointer one, gconstpointer two), (one, two))
FORWARD(gchar *, g_variant_print, (GVariant *value, gboolean type_annotate), (value, type_annotate))
FORWARD(const gchar *, g_variant_get_type_string, (GVariant *value), (value))
FORWARD(gboolean, g_variant_is_container, (GVariant *value), (value))
FORWARD(gsize, g_variant_n_children, (GVariant *value), (value))
FORWARD(GVariant *, g_variant_get_child_value, (GVariant *value, gsize index_), (value, index_))
FORWARD(GVariant *, g_variant_get_variant, (GVariant *value), (value))
FORWARD(gboolean, g_variant_get_boolean, (GVariant *value), (value))
FORWARD(guint8, g_variant_get_byte, (GVariant *value), (value))
FORWARD(gint32, g_variant_get_int32, (GVariant *value), (value))
FORWARD(guint32, g_variant_get_uint32, (GVariant *value), (value))
FORWARD(gint64, g_variant_get_int64, (GVariant *value), (value))
FORWARD(guint64, g_variant_get_uint64, (GVariant *value), (value))
FORWARD(gdouble, g_variant_get_double, (GVariant *value), (value))
FORWARD(const gchar *, g_variant_get_string, (GVariant *value, gsize *length), (value, length))
FORWARD(GVariant *, g_variant_new_boolean, (gboolean value), (value))
FORWARD(GVariant *, g_variant_new_byte, (guint8 value), (value))
FORWARD(GVariant *, g_variant_new_int32, (gint32 value), (value))
FORWARD(GVariant *, g_variant_new_uint32, (guint32 value), (value))
FORWARD(GVariant *, g_variant_new_int64, (gint64 value), (value))
FORWARD(GVariant *, g_variant_new_uint64, (guint64 value), (value))
FORWARD(GVariant *, g_variant_new_double, (gdouble value), (value))
FORWARD(GVariant *, g_variant_new_string, (const gchar *string), (string))
FORWARD(GVariant *, g_variant_new_object_path, (const gchar *object_path), (object_path))
FORWARD(GVariant *, g_variant_new_variant, (GVariant *value), (value))
FORWARD(GVariant *, g_variant_new_dict_entry, (GVariant *key, GVariant *value), (key, value))
FORWARD(GVariant *, g_variant_new_tuple, (GVariant *const *children, gsize n_children), (children, n_children))
FORWARD(GVariant *, g_variant_new_array, (const GVariantType *child_type, GVariant *const *children, gsize n_children),
        (child_type, children, n_children))
