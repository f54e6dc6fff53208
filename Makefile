# SPDX-License-Identifier: GPL-3.0-or-later
# MoscowTime Agent: build, test, install.
#
#   make                  release binaries (static Swift runtime), .mo catalogues, man pages, completions
#   make test | run | demo | bench     the scripts in scripts/
#   make install [PREFIX=/usr/local] [DESTDIR=]      make uninstall (removes exactly what install put)
#   make mo | pot | update-po | check-po             translations (po/)
#   make deb              Debian package into out/ (scripts/build-deb)
#
# Swift comes from PATH, else /opt/swift/usr/bin (the toolchain is not a Debian package).

PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR     ?= $(PREFIX)/bin
# moscowtime-calendar (export --ics, import): agent-cli runs it from ../libexec/moscowtime.
LIBEXECDIR ?= $(PREFIX)/libexec
WAKE_HELPER = $(LIBEXECDIR)/moscowtime/moscowtime-wake
# The agent plays every sound in this short-lived child (libpulse stays out of the agent).
SOUND_HELPER = $(LIBEXECDIR)/moscowtime/moscowtime-sound
# `make install` gives the wake helper its one capability when it can (root, no DESTDIR);
# SETCAP= skips that (packages set it in their postinst instead).
SETCAP     ?= $(shell command -v setcap 2>/dev/null || echo /usr/sbin/setcap)
DATADIR    ?= $(PREFIX)/share
# /etc for a /usr install (as distributions do), $(PREFIX)/etc otherwise.
SYSCONFDIR ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
LOCALEDIR  ?= $(DATADIR)/locale
MANDIR     ?= $(DATADIR)/man
SYSTEMDUSERUNITDIR ?= $(PREFIX)/lib/systemd/user
AUTOSTARTDIR ?= $(SYSCONFDIR)/xdg/autostart
DBUSSERVICEDIR ?= $(DATADIR)/dbus-1/services
# The agent's D-Bus interface description, for d-feet, gdbus-codegen and other clients.
DBUSINTERFACEDIR ?= $(DATADIR)/dbus-1/interfaces
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
# Debian's zsh reads vendor-completions under /usr, site-functions elsewhere.
ZSHCOMPDIR ?= $(if $(filter /usr,$(PREFIX)),$(DATADIR)/zsh/vendor-completions,$(DATADIR)/zsh/site-functions)
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d

SWIFT   ?= $(or $(shell command -v swift 2>/dev/null),/opt/swift/usr/bin/swift)
# The wake helper is plain C, built here with the C compiler and the distribution's hardening flags
# (dpkg-buildflags' CFLAGS/LDFLAGS under debian/rules): SwiftPM's release build would link the whole
# static Swift runtime into it (8 MB instead of ~20 kB of code to trust with CAP_WAKE_ALARM).
CC      ?= cc
WAKE_CFLAGS  = -O2 -g -Wall -Wextra -Werror -fstack-protector-strong -D_FORTIFY_SOURCE=2 -fPIE $(CFLAGS)
WAKE_LDFLAGS = -pie -Wl,-z,relro -Wl,-z,now $(LDFLAGS)
SCRATCH ?= .build
CONFIG  ?= release
# Linking the Swift runtime statically keeps the binaries independent of /opt/swift at run time
# (and starts them faster); STATIC= builds against the shared runtime instead.
STATIC  ?= --static-swift-stdlib
# Full RELRO and immediate binding, as Debian's hardening asks (lintian: hardening-no-bindnow).
HARDEN  ?= -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now
# No $ORIGIN run path: the programs load only system libraries (and the static runtime needs none
# of its own), while the loader looked for each library in a dozen folders beside the program first.
RPATH   ?= $(if $(STATIC),--disable-local-rpath)
SWIFT_FLAGS = -c $(CONFIG) $(STATIC) $(HARDEN) $(RPATH) --scratch-path $(SCRATCH)
# Tests install a debug tree: make man completions install CONFIG=debug STATIC= GEN=/tmp/x …
BIN     ?= $(SCRATCH)/$(CONFIG)
GEN     ?= $(SCRATCH)/dist
# Compiled catalogues for install and packaging checks; the programs themselves carry theirs
# (compiled in by the CatalogueCompiler plugin on every swift build).
MO_DIR  = .build/locale
LINGUAS = $(shell grep -v '^\#' po/LINGUAS)
MO_FILES = $(foreach l,$(LINGUAS),$(MO_DIR)/$(l)/LC_MESSAGES/moscowtime.mo)
# SOURCE_DATE_EPOCH (set by dpkg-buildpackage) makes the man page date reproducible.
MAN_DATE = $(shell date -u $(if $(SOURCE_DATE_EPOCH),-d @$(SOURCE_DATE_EPOCH)) +%Y-%m-%d)

ICONS = org.moscowtime.Agent org.moscowtime.Agent-ringing org.moscowtime.Agent-paused
TEMPLATES = $(notdir $(wildcard data/templates/*.json))
APP_ID = org.moscowtime.Agent
DBUS_INTERFACE = org.moscowtime.Agent1

# The agent's own hicolor theme, the tray item's IconThemePath: an index.theme and links to the
# installed icons (see data/icons/index.theme).
OWN_ICONS = $(DATADIR)/moscowtime/icons/hicolor

# Every file `install` writes (without DESTDIR); `uninstall` removes exactly these.
INSTALLED = \
	$(BINDIR)/agent-cli \
	$(BINDIR)/moscowtime-agent \
	$(LIBEXECDIR)/moscowtime/moscowtime-calendar \
	$(WAKE_HELPER) \
	$(SOUND_HELPER) \
	$(SYSTEMDUSERUNITDIR)/moscowtime-agent.service \
	$(AUTOSTARTDIR)/$(APP_ID).desktop \
	$(DBUSSERVICEDIR)/$(APP_ID).service \
	$(DBUSINTERFACEDIR)/$(DBUS_INTERFACE).xml \
	$(DATADIR)/applications/$(APP_ID).desktop \
	$(DATADIR)/metainfo/$(APP_ID).metainfo.xml \
	$(foreach i,$(ICONS),$(DATADIR)/icons/hicolor/scalable/apps/$(i).svg) \
	$(foreach i,$(ICONS),$(DATADIR)/icons/hicolor/symbolic/apps/$(i)-symbolic.svg) \
	$(OWN_ICONS)/index.theme \
	$(foreach i,$(ICONS),$(OWN_ICONS)/scalable/apps/$(i).svg) \
	$(foreach i,$(ICONS),$(OWN_ICONS)/symbolic/apps/$(i)-symbolic.svg) \
	$(MANDIR)/man1/agent-cli.1 \
	$(MANDIR)/man1/moscowtime-agent.1 \
	$(MANDIR)/ru/man1/agent-cli.1 \
	$(MANDIR)/ru/man1/moscowtime-agent.1 \
	$(BASHCOMPDIR)/agent-cli \
	$(ZSHCOMPDIR)/_agent-cli \
	$(FISHCOMPDIR)/agent-cli.fish \
	$(foreach l,$(LINGUAS),$(LOCALEDIR)/$(l)/LC_MESSAGES/moscowtime.mo) \
	$(foreach t,$(TEMPLATES),$(DATADIR)/moscowtime/templates/$(t))

# Directories that belong to this project alone: removed by uninstall when empty.
OWN_DIRS = $(DATADIR)/moscowtime/templates \
	$(OWN_ICONS)/scalable/apps $(OWN_ICONS)/scalable $(OWN_ICONS)/symbolic/apps $(OWN_ICONS)/symbolic $(OWN_ICONS) \
	$(DATADIR)/moscowtime/icons $(DATADIR)/moscowtime $(LIBEXECDIR)/moscowtime

.PHONY: all build binaries wake-helper mo pot update-po check-po man completions test run demo bench \
	install uninstall installed-files deb clean

all: build

build: binaries wake-helper mo man completions

# PREBUILT=1 takes the programs in $(BIN) as they are: the tests' own build, which other tests run
# meanwhile (a build of one product without the tests' flags relinks it: "Text file busy").
binaries:
ifeq ($(PREBUILT),)
	$(SWIFT) build $(SWIFT_FLAGS) --product agent-cli
	$(SWIFT) build $(SWIFT_FLAGS) --product moscowtime-agent
	$(SWIFT) build $(SWIFT_FLAGS) --product moscowtime-calendar
endif

wake-helper: $(GEN)/libexec/moscowtime-wake $(GEN)/libexec/moscowtime-sound

$(GEN)/libexec/moscowtime-wake: Sources/moscowtime-wake/main.c
	@mkdir -p $(dir $@)
	$(CC) $(WAKE_CFLAGS) -o $@ $< $(WAKE_LDFLAGS)

$(GEN)/libexec/moscowtime-sound: Sources/moscowtime-sound/main.c
	@mkdir -p $(dir $@)
	$(CC) $(WAKE_CFLAGS) $$(pkg-config --cflags libcanberra libpulse) -o $@ $< $(WAKE_LDFLAGS) $$(pkg-config --libs libcanberra libpulse)

# --- translations ---------------------------------------------------------------------------
mo: $(MO_FILES)

$(MO_DIR)/%/LC_MESSAGES/moscowtime.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check --output-file=$@ $<

pot:
	po/extract-messages

update-po: pot
	for l in $(LINGUAS); do msgmerge --quiet --update --backup=none --no-fuzzy-matching po/$$l.po po/moscowtime.pot; done

check-po:
	po/extract-messages --check
	for l in $(LINGUAS); do msgfmt --check --output-file=/dev/null po/$$l.po; done

# --- man pages and completions (from the built agent-cli) ------------------------------------
man: $(GEN)/man/agent-cli.1 $(GEN)/man/moscowtime-agent.1 $(GEN)/man/ru/agent-cli.1 $(GEN)/man/ru/moscowtime-agent.1

# swift-argument-parser's generate-manual (the tool behind its GenerateManual plugin), run through
# packaging/tools/make-manpage, which keeps the non-ASCII text the tool would drop.
$(GEN)/man/agent-cli.1: binaries
	$(SWIFT) build $(SWIFT_FLAGS) --product generate-manual
	packaging/tools/make-manpage --tool $(BIN)/agent-cli --generator $(BIN)/generate-manual \
		--date $(MAN_DATE) --output $@

# The Russian agent-cli(1) from the same source: agent-cli's help in its catalogue's Russian.
$(GEN)/man/ru/agent-cli.1: binaries
	$(SWIFT) build $(SWIFT_FLAGS) --product generate-manual
	packaging/tools/make-manpage --lang ru --tool $(BIN)/agent-cli --generator $(BIN)/generate-manual \
		--date $(MAN_DATE) --output $@

$(GEN)/man/moscowtime-agent.1: data/man/moscowtime-agent.1
	@mkdir -p $(dir $@)
	cp $< $@

$(GEN)/man/ru/moscowtime-agent.1: data/man/ru/moscowtime-agent.1
	@mkdir -p $(dir $@)
	cp $< $@

# In English whatever the builder's locale or `language` setting (an empty XDG_DATA_HOME).
COMPLETION_ENV = env LANGUAGE=en LC_ALL=C.UTF-8 XDG_DATA_HOME=/nonexistent
completions: binaries
	@mkdir -p $(GEN)/completions
	@# Completion scripts are sourced, not run: no #! line (lintian: bash-completion-with-hashbang).
	$(COMPLETION_ENV) $(BIN)/agent-cli --generate-completion-script bash | sed '1{/^#!/d}' > $(GEN)/completions/agent-cli.bash
	$(COMPLETION_ENV) $(BIN)/agent-cli --generate-completion-script zsh > $(GEN)/completions/_agent-cli
	$(COMPLETION_ENV) $(BIN)/agent-cli --generate-completion-script fish > $(GEN)/completions/agent-cli.fish

# --- the scripts -------------------------------------------------------------------------------
test:
	scripts/test

run:
	scripts/run

demo:
	scripts/demo

bench:
	@scripts/setup-deps bench
	@set -e; found=; for b in scripts/bench-*; do [ -x "$$b" ] || continue; found=1; echo "== $$b"; "$$b"; done; \
	[ -n "$$found" ] || echo "bench: no scripts/bench-* yet"

deb:
	scripts/build-deb

# --- install -----------------------------------------------------------------------------------
# Substitutes the install paths into the data files' @BINDIR@.
SUBST = sed -e 's|@BINDIR@|$(BINDIR)|g'

install: wake-helper
	@test -x $(BIN)/agent-cli -a -x $(BIN)/moscowtime-agent -a -x $(BIN)/moscowtime-calendar -a -f $(GEN)/man/agent-cli.1 \
		-a -f $(GEN)/completions/_agent-cli || { echo "make install: run make (build) first" >&2; exit 1; }
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 $(BIN)/agent-cli $(BIN)/moscowtime-agent $(DESTDIR)$(BINDIR)/
	install -d $(DESTDIR)$(LIBEXECDIR)/moscowtime
	install -m 0755 $(BIN)/moscowtime-calendar $(DESTDIR)$(LIBEXECDIR)/moscowtime/
	install -m 0755 $(GEN)/libexec/moscowtime-wake $(DESTDIR)$(WAKE_HELPER)
	install -m 0755 $(GEN)/libexec/moscowtime-sound $(DESTDIR)$(SOUND_HELPER)
	@# Only CAP_WAKE_ALARM, as a file capability: never setuid (packaging/README.md, "Waking from suspend").
	@if [ -z "$(DESTDIR)" ] && [ -n "$(SETCAP)" ]; then \
		$(SETCAP) cap_wake_alarm+ep $(WAKE_HELPER) || \
		echo "make install: could not give $(WAKE_HELPER) CAP_WAKE_ALARM (run as root): alarms will not wake the computer from suspend" >&2; \
	fi
	install -d $(DESTDIR)$(SYSTEMDUSERUNITDIR) $(DESTDIR)$(AUTOSTARTDIR) $(DESTDIR)$(DBUSSERVICEDIR) \
		$(DESTDIR)$(DATADIR)/applications $(DESTDIR)$(DATADIR)/metainfo
	$(SUBST) data/systemd/moscowtime-agent.service.in > $(DESTDIR)$(SYSTEMDUSERUNITDIR)/moscowtime-agent.service
	$(SUBST) data/autostart/$(APP_ID).desktop.in > $(DESTDIR)$(AUTOSTARTDIR)/$(APP_ID).desktop
	$(SUBST) data/dbus-services/$(APP_ID).service.in > $(DESTDIR)$(DBUSSERVICEDIR)/$(APP_ID).service
	$(SUBST) data/applications/$(APP_ID).desktop.in > $(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop
	chmod 0644 $(DESTDIR)$(SYSTEMDUSERUNITDIR)/moscowtime-agent.service $(DESTDIR)$(AUTOSTARTDIR)/$(APP_ID).desktop \
		$(DESTDIR)$(DBUSSERVICEDIR)/$(APP_ID).service $(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop
	install -m 0644 data/metainfo/$(APP_ID).metainfo.xml $(DESTDIR)$(DATADIR)/metainfo/
	install -d $(DESTDIR)$(DBUSINTERFACEDIR)
	install -m 0644 data/dbus/$(DBUS_INTERFACE).xml $(DESTDIR)$(DBUSINTERFACEDIR)/
	install -d $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps $(DESTDIR)$(DATADIR)/icons/hicolor/symbolic/apps
	for i in $(ICONS); do \
		install -m 0644 data/icons/$$i.svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/ && \
		install -m 0644 data/icons/$$i-symbolic.svg $(DESTDIR)$(DATADIR)/icons/hicolor/symbolic/apps/ || exit 1; \
	done
	install -d $(DESTDIR)$(OWN_ICONS)/scalable/apps $(DESTDIR)$(OWN_ICONS)/symbolic/apps
	sed '/^#/d' data/icons/index.theme > $(DESTDIR)$(OWN_ICONS)/index.theme
	chmod 0644 $(DESTDIR)$(OWN_ICONS)/index.theme
	for i in $(ICONS); do \
		ln -sf ../../../../../icons/hicolor/scalable/apps/$$i.svg $(DESTDIR)$(OWN_ICONS)/scalable/apps/$$i.svg && \
		ln -sf ../../../../../icons/hicolor/symbolic/apps/$$i-symbolic.svg $(DESTDIR)$(OWN_ICONS)/symbolic/apps/$$i-symbolic.svg || exit 1; \
	done
	install -d $(DESTDIR)$(MANDIR)/man1
	install -m 0644 $(GEN)/man/agent-cli.1 $(GEN)/man/moscowtime-agent.1 $(DESTDIR)$(MANDIR)/man1/
	install -d $(DESTDIR)$(MANDIR)/ru/man1
	install -m 0644 $(GEN)/man/ru/agent-cli.1 $(GEN)/man/ru/moscowtime-agent.1 $(DESTDIR)$(MANDIR)/ru/man1/
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 0644 $(GEN)/completions/agent-cli.bash $(DESTDIR)$(BASHCOMPDIR)/agent-cli
	install -m 0644 $(GEN)/completions/_agent-cli $(DESTDIR)$(ZSHCOMPDIR)/_agent-cli
	install -m 0644 $(GEN)/completions/agent-cli.fish $(DESTDIR)$(FISHCOMPDIR)/agent-cli.fish
	for l in $(LINGUAS); do \
		install -d $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES && \
		msgfmt --check --output-file=$(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/moscowtime.mo po/$$l.po || exit 1; \
	done
	install -d $(DESTDIR)$(DATADIR)/moscowtime/templates
	install -m 0644 $(addprefix data/templates/,$(TEMPLATES)) $(DESTDIR)$(DATADIR)/moscowtime/templates/
	@if [ -z "$(DESTDIR)" ] && command -v gtk-update-icon-cache >/dev/null && [ -f $(DATADIR)/icons/hicolor/index.theme ]; then \
		gtk-update-icon-cache -q -t $(DATADIR)/icons/hicolor || true; fi

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(addprefix $(DESTDIR),$(OWN_DIRS)) 2>/dev/null
	@# Inside a staging DESTDIR, also drop the directories left empty.
	@if [ -n "$(DESTDIR)" ] && [ -d "$(DESTDIR)" ]; then find "$(DESTDIR)" -mindepth 1 -depth -type d -empty -delete; fi

# The list above, for tests and packaging checks.
installed-files:
	@printf '%s\n' $(INSTALLED)

clean:
	rm -rf $(GEN) $(MO_DIR)
