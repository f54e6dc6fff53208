// SPDX-License-Identifier: GPL-3.0-or-later
/// Introspection XML of org.moscowtime.Agent1, kept identical to data/dbus/org.moscowtime.Agent1.xml
/// (a test compares them).
extension AgentInterface {
    public static let xml = #"""
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <!--
          org.moscowtime.Agent1: control interface of moscowtime-agent, on the session bus only.
          Bus name org.moscowtime.Agent, object /org/moscowtime/Agent.
          Instants are Unix seconds (int64); 0 means "none". An empty alarm id means "all ringing alarms".
          Errors: org.moscowtime.Agent1.Error.UnknownAlarm, .NotRinging, .InvalidArgument, .NothingToSkip.
        -->
        <node>
          <interface name="org.moscowtime.Agent1">
            <!-- running-since (x), version (s), zone (s), paused-until (x), ringing (u), snoozed (u),
                 alarms (u), next-trigger (x), next-label (s), next-id (s), notification-server (s),
                 notification-capabilities (as), sound-backend (s), store (s), store-problem (s),
                 tray (s): shown, no-watcher (no StatusNotifierWatcher: nothing shows the icon),
                 not-registered, no-bus-name or pending; next-calendar-reminder (x), next-calendar-summary (s),
                 next-calendar-name (s): the next reminder of a calendar set to remind (0: none) -->
            <method name="GetStatus">
              <arg name="status" type="a{sv}" direction="out"/>
            </method>
            <!-- id, label, due, rings-until, late -->
            <method name="ListRinging">
              <arg name="alarms" type="a(ssxxb)" direction="out"/>
            </method>
            <!-- id, label, until, due -->
            <method name="ListSnoozed">
              <arg name="alarms" type="a(ssxx)" direction="out"/>
            </method>
            <!-- id, label, at, snoozed; count is capped at 1000 -->
            <method name="NextTriggers">
              <arg name="count" type="u" direction="in"/>
              <arg name="triggers" type="a(ssxb)" direction="out"/>
            </method>
            <!-- minutes 0: the alarm's own snooze minutes. Errors: InvalidArgument (minutes not 0 or 1–120,
                 id longer than 64 bytes), UnknownAlarm, NotRinging -->
            <method name="Snooze">
              <arg name="id" type="s" direction="in"/>
              <arg name="minutes" type="u" direction="in"/>
              <arg name="snoozed" type="as" direction="out"/>
            </method>
            <!-- stops a ringing alarm or cancels a pending snooze. Errors: InvalidArgument (id longer than
                 64 bytes), UnknownAlarm, NotRinging -->
            <method name="Stop">
              <arg name="id" type="s" direction="in"/>
              <arg name="stopped" type="as" direction="out"/>
            </method>
            <!-- skips the alarm's next count rings (1–100), the ones NextTriggers shows, as agent-cli skip
                 does; returns the days skipped (YYYY-MM-DD). Errors: InvalidArgument (count, id longer than
                 64 bytes), UnknownAlarm, NothingToSkip (off, a timer, or no ring left) -->
            <method name="Skip">
              <arg name="id" type="s" direction="in"/>
              <arg name="count" type="u" direction="in"/>
              <arg name="days" type="as" direction="out"/>
            </method>
            <!-- do-not-disturb until the instant: due alarms are reported, not rung. Errors: InvalidArgument
                 (not in the future, or more than 31 days ahead) -->
            <method name="Pause">
              <arg name="until" type="x" direction="in"/>
            </method>
            <method name="Resume"/>
            <method name="Reload"/>
            <method name="Quit"/>
            <signal name="AlarmRinging">
              <arg name="id" type="s"/>
              <arg name="label" type="s"/>
              <arg name="due" type="x"/>
              <arg name="late" type="b"/>
            </signal>
            <signal name="AlarmSnoozed">
              <arg name="id" type="s"/>
              <arg name="until" type="x"/>
            </signal>
            <!-- reason: stopped, unanswered, sleep, withdrawn -->
            <signal name="AlarmStopped">
              <arg name="id" type="s"/>
              <arg name="reason" type="s"/>
            </signal>
            <!-- reason: tooLate, paused, unanswered, sleep, interrupted (the agent died while it rang) -->
            <signal name="AlarmMissed">
              <arg name="id" type="s"/>
              <arg name="label" type="s"/>
              <arg name="due" type="x"/>
              <arg name="reason" type="s"/>
            </signal>
            <signal name="HabitReminderShown">
              <arg name="id" type="s"/>
              <arg name="name" type="s"/>
              <arg name="due" type="x"/>
            </signal>
            <!-- key: first, completions-100, streak-7/30/100/365, strength-80; earned: YYYY-MM-DD -->
            <signal name="AchievementEarned">
              <arg name="habitId" type="s"/>
              <arg name="habitName" type="s"/>
              <arg name="key" type="s"/>
              <arg name="earned" type="s"/>
            </signal>
            <property name="Version" type="s" access="read"/>
          </interface>
        </node>
        """#
}
