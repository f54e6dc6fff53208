// SPDX-License-Identifier: GPL-3.0-or-later
/// Introspection XML of com.canonical.dbusmenu, kept identical to data/dbus/com.canonical.dbusmenu.xml (test_tray.py compares
/// the exported interface with that file).
enum DBusMenuXML {
    static let xml = #"""
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <!--
          com.canonical.dbusmenu (libdbusmenu's protocol, Version 3) as moscowtime-agent exports it at
          /MenuBar for its StatusNotifierItem. Item 0 is the root. Item properties used: label (s; "_" is
          the mnemonic marker, a literal underscore is "__"), enabled (b), visible (b), type (s:
          "standard" or "separator"), icon-name (s), children-display (s: "submenu").
          Event(id, "clicked", data, timestamp) runs the item's action. Every change of the menu increments
          the revision and emits LayoutUpdated(revision, 0).
        -->
        <node>
          <interface name="com.canonical.dbusmenu">
            <property name="Version" type="u" access="read"/>
            <property name="TextDirection" type="s" access="read"/>
            <property name="Status" type="s" access="read"/>
            <property name="IconThemePath" type="as" access="read"/>
            <!-- recursionDepth -1: the whole subtree; propertyNames empty: every property -->
            <method name="GetLayout">
              <arg name="parentId" type="i" direction="in"/>
              <arg name="recursionDepth" type="i" direction="in"/>
              <arg name="propertyNames" type="as" direction="in"/>
              <arg name="revision" type="u" direction="out"/>
              <arg name="layout" type="(ia{sv}av)" direction="out"/>
            </method>
            <!-- ids empty: every item -->
            <method name="GetGroupProperties">
              <arg name="ids" type="ai" direction="in"/>
              <arg name="propertyNames" type="as" direction="in"/>
              <arg name="properties" type="a(ia{sv})" direction="out"/>
            </method>
            <method name="GetProperty">
              <arg name="id" type="i" direction="in"/>
              <arg name="name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <!-- eventId: clicked, hovered, opened, closed -->
            <method name="Event">
              <arg name="id" type="i" direction="in"/>
              <arg name="eventId" type="s" direction="in"/>
              <arg name="data" type="v" direction="in"/>
              <arg name="timestamp" type="u" direction="in"/>
            </method>
            <method name="EventGroup">
              <arg name="events" type="a(isvu)" direction="in"/>
              <arg name="idErrors" type="ai" direction="out"/>
            </method>
            <method name="AboutToShow">
              <arg name="id" type="i" direction="in"/>
              <arg name="needUpdate" type="b" direction="out"/>
            </method>
            <method name="AboutToShowGroup">
              <arg name="ids" type="ai" direction="in"/>
              <arg name="updatesNeeded" type="ai" direction="out"/>
              <arg name="idErrors" type="ai" direction="out"/>
            </method>
            <signal name="ItemsPropertiesUpdated">
              <arg name="updatedProps" type="a(ia{sv})"/>
              <arg name="removedProps" type="a(ias)"/>
            </signal>
            <signal name="LayoutUpdated">
              <arg name="revision" type="u"/>
              <arg name="parent" type="i"/>
            </signal>
            <signal name="ItemActivationRequested">
              <arg name="id" type="i"/>
              <arg name="timestamp" type="u"/>
            </signal>
          </interface>
        </node>
        """#
}
