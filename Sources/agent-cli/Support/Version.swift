// SPDX-License-Identifier: GPL-3.0-or-later
enum Version {
    static let text = "0.1.0"
}
