import CXKBCommon
import Foundation

/// A keyboard layout and its state (which modifiers are held, Caps Lock) through xkbcommon: turns evdev key
/// codes into the characters they type under the board's layout (`us`, `de`, `fr(azerty)`...).
@MainActor
public final class KeyboardLayout {
    /// What one key press or release means.
    public struct Key: Sendable, Equatable {
        /// The evdev code (KEY_A is 30); the USB HID usage is derived from it above.
        public var code: UInt32
        /// The text the key types with the modifiers held ("A" with Shift), empty for keys that type nothing.
        public var characters: String
        /// The text without modifiers (Shift and Caps Lock aside, as UIKit's `charactersIgnoringModifiers`).
        public var charactersIgnoringModifiers: String
        /// The modifiers held when the key went down or up.
        public var modifiers: Modifiers
        /// The key's keysym (XKB_KEY_*), for keys with no text (arrows, F-keys).
        public var keysym: UInt32
    }

    /// Held modifiers, in UIKit's order (`UIKeyModifierFlags` is built from these).
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let capsLock = Modifiers(rawValue: 1 << 0)
        public static let shift = Modifiers(rawValue: 1 << 1)
        public static let control = Modifiers(rawValue: 1 << 2)
        public static let alternate = Modifiers(rawValue: 1 << 3)
        public static let command = Modifiers(rawValue: 1 << 4)
        public static let numericPad = Modifiers(rawValue: 1 << 5)
    }

    /// The layout's names (rules, model, layout, variant, options), as in `/etc/default/keyboard`.
    public let layout: String
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// A state with nothing held, for `charactersIgnoringModifiers`.
    private let plainState: OpaquePointer
    /// Dead keys and compose sequences (`dead_acute` then `e` types "é"; Compose, `o`, `c` types "©"), from the
    /// locale's Compose file or the user's (`XCOMPOSEFILE`, `~/.XCompose`, as xkbcommon reads them). `nil` where
    /// the locale has no Compose file: dead keys then type nothing, as in X without one.
    private let composeTable: OpaquePointer?
    private let composeState: OpaquePointer?
    /// Whether a dead key or compose sequence has begun and not finished.
    public private(set) var isComposing = false

    /// Compiles the keymap for `layout` (e.g. "us", "de", "fr"), `variant` ("azerty", "nodeadkeys"), `model`
    /// and `options` ("ctrl:nocaps"). Throws when xkbcommon has no such layout or its data is missing.
    public init(layout: String = "us", variant: String? = nil, model: String? = nil, options: String? = nil) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw DisplayError("xkb_context_new failed")
        }
        let map: OpaquePointer? = layout.withCString { l in
            (variant ?? "").withCString { v in
                (model ?? "").withCString { m in
                    (options ?? "").withCString { o in
                        var names = xkb_rule_names(rules: nil, model: model == nil ? nil : m, layout: l,
                                                   variant: variant == nil ? nil : v, options: options == nil ? nil : o)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let map, let state = xkb_state_new(map), let plain = xkb_state_new(map) else {
            xkb_context_unref(context)
            throw DisplayError("no keyboard layout '\(layout)'\(variant.map { " variant '\($0)'" } ?? "") (is xkb-data installed, /usr/share/X11/xkb?)")
        }
        self.context = context
        keymap = map
        self.state = state
        plainState = plain
        composeTable = Self.composeLocale().withCString { xkb_compose_table_new_from_locale(context, $0, XKB_COMPOSE_COMPILE_NO_FLAGS) }
        composeState = composeTable.flatMap { xkb_compose_state_new($0, XKB_COMPOSE_STATE_NO_FLAGS) }
        self.layout = layout + (variant.map { "(\($0))" } ?? "")
    }

    /// The locale whose Compose file applies: the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set, as
    /// setlocale(3) picks; plain "C"/"POSIX" (whose Compose file is Latin-1, not UTF-8) and no locale at all mean
    /// "C.UTF-8" (the en_US.UTF-8 sequences).
    static func composeLocale(_ env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { env[$0] }.first { !$0.isEmpty } ?? "C"
        return name == "C" || name == "POSIX" ? "C.UTF-8" : name
    }

    isolated deinit {
        if let composeState { xkb_compose_state_unref(composeState) }
        if let composeTable { xkb_compose_table_unref(composeTable) }
        xkb_state_unref(state)
        xkb_state_unref(plainState)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Feeds one key press or release; returns what it means (read before the state changes, so a press of
    /// Shift itself reports no Shift, and "a" pressed with Shift held reports "A").
    public func handle(code: UInt32, pressed: Bool) -> Key {
        let keycode = xkb_keycode_t(code + 8) // evdev codes are offset by 8 in XKB
        var key = Key(code: code, characters: text(state, keycode), charactersIgnoringModifiers: text(plainState, keycode),
                      modifiers: modifiers, keysym: xkb_state_key_get_one_sym(state, keycode))
        if pressed { compose(&key) }
        xkb_state_update_key(state, keycode, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return key
    }

    /// Runs a key press through the compose state: a key inside a sequence types nothing, the last one types the
    /// sequence's result, and a key that breaks a sequence is swallowed with it (as xkbcommon advises).
    /// Modifier keys do not touch a sequence.
    private func compose(_ key: inout Key) {
        guard let composeState, key.keysym != 0,
              xkb_compose_state_feed(composeState, key.keysym) == XKB_COMPOSE_FEED_ACCEPTED else { return }
        switch xkb_compose_state_get_status(composeState) {
        case XKB_COMPOSE_COMPOSING:
            isComposing = true
            key.characters = ""
        case XKB_COMPOSE_COMPOSED:
            var buffer = [CChar](repeating: 0, count: 64)
            let n = xkb_compose_state_get_utf8(composeState, &buffer, buffer.count)
            key.characters = n > 0 ? String(cString: buffer) : ""
            let sym = xkb_compose_state_get_one_sym(composeState)
            if sym != 0 { key.keysym = sym }
            xkb_compose_state_reset(composeState)
            isComposing = false
        case XKB_COMPOSE_CANCELLED:
            key.characters = ""
            xkb_compose_state_reset(composeState)
            isComposing = false
        default:
            isComposing = false
        }
    }

    /// The modifiers held now.
    public var modifiers: Modifiers {
        var m: Modifiers = []
        func active(_ name: String, _ kind: xkb_state_component) -> Bool { xkb_state_mod_name_is_active(state, name, kind) > 0 }
        if active(XKB_MOD_NAME_CAPS, XKB_STATE_MODS_LOCKED) { m.insert(.capsLock) }
        if active(XKB_MOD_NAME_SHIFT, XKB_STATE_MODS_EFFECTIVE) { m.insert(.shift) }
        if active(XKB_MOD_NAME_CTRL, XKB_STATE_MODS_EFFECTIVE) { m.insert(.control) }
        if active(XKB_MOD_NAME_ALT, XKB_STATE_MODS_EFFECTIVE) { m.insert(.alternate) }
        if active(XKB_MOD_NAME_LOGO, XKB_STATE_MODS_EFFECTIVE) { m.insert(.command) }
        return m
    }

    private func text(_ state: OpaquePointer, _ keycode: xkb_keycode_t) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = xkb_state_key_get_utf8(state, keycode, &buffer, buffer.count)
        guard n > 0 else { return "" }
        let s = String(cString: buffer)
        // Control characters (Ctrl+C is U+0003) are not text; UIKit reports the letter.
        return s.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) || s == "\r" || s == "\t" || s == "\u{1b}" || s == "\u{8}"
            ? s : ""
    }
}
