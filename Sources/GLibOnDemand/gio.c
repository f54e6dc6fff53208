// SPDX-License-Identifier: GPL-3.0-or-later
// The GIO and GObject functions agent-cli's modules call (the D-Bus client, GError's remote names,
// the zlib decompressor of the habit import), each with GIO's own prototype: see loader.h.
#include <gio/gio.h>

#include "loader.h"

#define REAL(name) REAL_IN(gio, "libgio-2.0.so.0", name)

static void *gio;

HIDDEN GDBusConnection *g_bus_get_sync(GBusType bus_type, GCancellable *cancellable, GError **error) {
    REAL(g_bus_get_sync) return f(bus_type, cancellable, error);
}

HIDDEN guint g_bus_watch_name_on_connection(GDBusConnection *connection, const gchar *name, GBusNameWatcherFlags flags,
                                     GBusNameAppearedCallback name_appeared_handler,
                                     GBusNameVanishedCallback name_vanished_handler, gpointer user_data,
                                     GDestroyNotify user_data_free_func) {
    REAL(g_bus_watch_name_on_connection)
    return f(connection, name, flags, name_appeared_handler, name_vanished_handler, user_data, user_data_free_func);
}

HIDDEN void g_bus_unwatch_name(guint watcher_id) {
    REAL(g_bus_unwatch_name) f(watcher_id);
}

HIDDEN void g_dbus_connection_call(GDBusConnection *connection, const gchar *bus_name, const gchar *object_path,
                            const gchar *interface_name, const gchar *method_name, GVariant *parameters,
                            const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec,
                            GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data) {
    REAL(g_dbus_connection_call)
    f(connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags, timeout_msec,
      cancellable, callback, user_data);
}

HIDDEN GVariant *g_dbus_connection_call_finish(GDBusConnection *connection, GAsyncResult *res, GError **error) {
    REAL(g_dbus_connection_call_finish) return f(connection, res, error);
}

HIDDEN GVariant *g_dbus_connection_call_sync(GDBusConnection *connection, const gchar *bus_name, const gchar *object_path,
                                      const gchar *interface_name, const gchar *method_name, GVariant *parameters,
                                      const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec,
                                      GCancellable *cancellable, GError **error) {
    REAL(g_dbus_connection_call_sync)
    return f(connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags,
             timeout_msec, cancellable, error);
}

HIDDEN gboolean g_dbus_connection_emit_signal(GDBusConnection *connection, const gchar *destination_bus_name,
                                       const gchar *object_path, const gchar *interface_name,
                                       const gchar *signal_name, GVariant *parameters, GError **error) {
    REAL(g_dbus_connection_emit_signal)
    return f(connection, destination_bus_name, object_path, interface_name, signal_name, parameters, error);
}

HIDDEN const gchar *g_dbus_connection_get_unique_name(GDBusConnection *connection) {
    REAL(g_dbus_connection_get_unique_name) return f(connection);
}

HIDDEN GDBusConnection *g_dbus_connection_new_for_address_sync(const gchar *address, GDBusConnectionFlags flags,
                                                        GDBusAuthObserver *observer, GCancellable *cancellable,
                                                        GError **error) {
    REAL(g_dbus_connection_new_for_address_sync) return f(address, flags, observer, cancellable, error);
}

HIDDEN gchar *g_dbus_error_get_remote_error(const GError *error) {
    REAL(g_dbus_error_get_remote_error) return f(error);
}

HIDDEN gboolean g_dbus_error_strip_remote_error(GError *error) {
    REAL(g_dbus_error_strip_remote_error) return f(error);
}

HIDDEN GZlibDecompressor *g_zlib_decompressor_new(GZlibCompressorFormat format) {
    REAL(g_zlib_decompressor_new) return f(format);
}

HIDDEN GConverterResult g_converter_convert(GConverter *converter, const void *inbuf, gsize inbuf_size, void *outbuf,
                                     gsize outbuf_size, GConverterFlags flags, gsize *bytes_read,
                                     gsize *bytes_written, GError **error) {
    REAL(g_converter_convert)
    return f(converter, inbuf, inbuf_size, outbuf, outbuf_size, flags, bytes_read, bytes_written, error);
}

// g_object_ref is also a macro (it keeps the argument's type): the parentheses name the function.
HIDDEN gpointer (g_object_ref)(gpointer object) {
    REAL(g_object_ref) return f(object);
}

HIDDEN void g_object_unref(gpointer object) {
    REAL(g_object_unref) f(object);
}
