// SPDX-License-Identifier: GPL-3.0-or-later
/// Introspection XML of org.kde.StatusNotifierItem, kept identical to data/dbus/org.kde.StatusNotifierItem.xml (test_tray.py compares
/// the exported interface with that file).
enum StatusNotifierItemXML {
    static let xml = #"""
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <!--
          org.kde.StatusNotifierItem as moscowtime-agent exports it (freedesktop.org wiki,
          Specifications/StatusNotifierItem). Bus name org.kde.StatusNotifierItem-<pid>-1, object
          /StatusNotifierItem, menu (com.canonical.dbusmenu) at /MenuBar. Registered with
          org.kde.StatusNotifierWatcher.RegisterStatusNotifierItem(bus name) whenever a watcher appears.
          Status: Active, or NeedsAttention while an alarm rings (IconName …-paused while paused).
          Activate shows a notification summarising today; ContextMenu does the same (the menu is for hosts).
        -->
        <node>
          <interface name="org.kde.StatusNotifierItem">
            <property name="Category" type="s" access="read"/>
            <property name="Id" type="s" access="read"/>
            <property name="Title" type="s" access="read"/>
            <property name="Status" type="s" access="read"/>
            <property name="WindowId" type="i" access="read"/>
            <property name="IconThemePath" type="s" access="read"/>
            <property name="Menu" type="o" access="read"/>
            <property name="ItemIsMenu" type="b" access="read"/>
            <property name="IconName" type="s" access="read"/>
            <property name="IconPixmap" type="a(iiay)" access="read"/>
            <property name="OverlayIconName" type="s" access="read"/>
            <property name="OverlayIconPixmap" type="a(iiay)" access="read"/>
            <property name="AttentionIconName" type="s" access="read"/>
            <property name="AttentionIconPixmap" type="a(iiay)" access="read"/>
            <property name="AttentionMovieName" type="s" access="read"/>
            <!-- icon name, icon pixmaps, title, description -->
            <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
            <method name="ContextMenu">
              <arg name="x" type="i" direction="in"/>
              <arg name="y" type="i" direction="in"/>
            </method>
            <method name="Activate">
              <arg name="x" type="i" direction="in"/>
              <arg name="y" type="i" direction="in"/>
            </method>
            <method name="SecondaryActivate">
              <arg name="x" type="i" direction="in"/>
              <arg name="y" type="i" direction="in"/>
            </method>
            <!-- orientation: horizontal or vertical -->
            <method name="Scroll">
              <arg name="delta" type="i" direction="in"/>
              <arg name="orientation" type="s" direction="in"/>
            </method>
            <signal name="NewTitle"/>
            <signal name="NewIcon"/>
            <signal name="NewAttentionIcon"/>
            <signal name="NewOverlayIcon"/>
            <signal name="NewToolTip"/>
            <signal name="NewStatus">
              <arg name="status" type="s"/>
            </signal>
          </interface>
        </node>
        """#
}
