// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// What a D-Bus method handler answers: a value (the reply tuple, or nil for no result) or a
/// named D-Bus error with a message for the caller.
public enum DBusReply: Equatable {
    case value(Variant?)
    case error(name: String, message: String)

    /// A reply of the given values (the tuple D-Bus replies are).
    public static func values(_ values: Variant...) -> DBusReply { .value(.tuple(values)) }
}

/// Exports one interface of one object on a bus connection from its introspection XML. GDBus checks
/// argument types against the XML before the handler runs, and answers Introspect, Properties.GetAll
/// and Peer itself. Calls and signals run on the main loop.
@MainActor
public final class DBusObjectExporter {
    public typealias MethodHandler = @MainActor (_ method: String, _ parameters: VariantReader, _ sender: String) -> DBusReply
    /// Returns a readable property's value, or nil for an unknown one.
    public typealias PropertyGetter = @MainActor (_ property: String) -> Variant?

    public struct RegistrationError: Error, CustomStringConvertible {
        public let description: String
    }

    public let objectPath: String
    public let interfaceName: String
    private let connection: BusConnection
    private var registrationID: guint = 0
    private let vtable: UnsafeMutablePointer<GDBusInterfaceVTable>
    fileprivate let handler: MethodHandler
    fileprivate let getter: PropertyGetter

    public init(
        connection: BusConnection, objectPath: String, interfaceXML xml: String, interfaceName: String,
        handler: @escaping MethodHandler, getProperty: @escaping PropertyGetter = { _ in nil }
    ) throws(RegistrationError) {
        self.connection = connection
        self.objectPath = objectPath
        self.interfaceName = interfaceName
        self.handler = handler
        self.getter = getProperty
        vtable = .allocate(capacity: 1)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = exporterMethodCall
        vtable.pointee.get_property = exporterGetProperty

        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
            throw RegistrationError(description: "bad introspection XML: \(GLibError(taking: error).message)")
        }
        defer { g_dbus_node_info_unref(node) }
        guard let info = g_dbus_node_info_lookup_interface(node, interfaceName) else {
            throw RegistrationError(description: "interface \(interfaceName) not in the XML")
        }
        registrationID = g_dbus_connection_register_object(
            connection.pointer, objectPath, info, vtable,
            WeakRef(self).retainedPointer(), releaseRetainedBox, &error)
        if registrationID == 0 {
            throw RegistrationError(description: "cannot export \(objectPath): \(GLibError(taking: error).message)")
        }
    }

    isolated deinit {
        if registrationID != 0 { g_dbus_connection_unregister_object(connection.pointer, registrationID) }
        vtable.deinitialize(count: 1)
        vtable.deallocate()
    }

    /// Broadcasts `signal` of this interface with its arguments (a tuple, or nil for none).
    public func emit(signal: String, parameters: Variant?) {
        if let error = connection.emit(path: objectPath, interface: interfaceName, signal: signal, parameters) {
            Log.warning("cannot emit \(interfaceName).\(signal): \(error)")
        }
    }

    /// org.freedesktop.DBus.Properties.PropertiesChanged for this interface.
    public func emitPropertiesChanged(_ changed: [(String, Variant)]) {
        let arguments = Variant.tuple([.string(interfaceName), .dictionary(changed), .strings([])])
        if let error = connection.emit(
            path: objectPath, interface: "org.freedesktop.DBus.Properties",
            signal: "PropertiesChanged", arguments)
        {
            Log.warning("cannot emit PropertiesChanged: \(error)")
        }
    }
}

private func exporterMethodCall(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?,
    _ interface: UnsafePointer<gchar>?, _ method: UnsafePointer<gchar>?,
    _ parameters: OpaquePointer?, _ invocation: OpaquePointer?, _ data: gpointer?
) {
    guard let data, let method, let parameters, let invocation else { return }
    let methodName = String(cString: method)
    let senderName = sender.map { String(cString: $0) } ?? ""
    let params = SendablePointer(parameters)
    let call = SendablePointer(invocation)
    let ref = WeakRef<DBusObjectExporter>.from(data)  // resolve the box here: only Sendable values enter the closure
    MainActor.assumeIsolated {
        let parameters = params.pointer!
        let invocation = call.pointer!
        guard let exporter = ref?.object else {
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownObject", "object is gone")
            return
        }
        switch exporter.handler(methodName, VariantReader(borrowing: parameters), senderName) {
        case .value(let v): g_dbus_method_invocation_return_value(invocation, v?.make())
        case .error(let name, let message): g_dbus_method_invocation_return_dbus_error(invocation, name, message)
        }
    }
}

private func exporterGetProperty(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?,
    _ interface: UnsafePointer<gchar>?, _ property: UnsafePointer<gchar>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ data: gpointer?
) -> OpaquePointer? {
    guard let data, let property else { return nil }
    let name = String(cString: property)
    let ref = WeakRef<DBusObjectExporter>.from(data)
    let result = MainActor.assumeIsolated { () -> SendablePointer in
        SendablePointer(ref?.object?.getter(name)?.make())
    }
    if result.pointer == nil {
        g_set_error_literal(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue), "unknown property \(name)")
    }
    return result.pointer
}
