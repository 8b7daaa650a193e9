import CoreGraphics
import Foundation
import VitrinePlatform

/// The system keyboard's keys, drawn and touched: a page of rows from `KeyboardPageLayout`, keys that pop up as a
/// finger lands and type when it lifts, long presses that offer a key's accents, shift (tap once, double tap for
/// caps lock), backspace that deletes as it lands and repeats while held, page and language keys. Typing goes to
/// the text input system, which hands it to the first responder.
@MainActor
final class SystemKeyboardView: UIView {
    /// What the keyboard is for.
    struct Traits: Equatable {
        var type: UIKeyboardType = .default
        var returnKey: UIReturnKeyType = .default
        var dark = false
        var enablesReturnKeyAutomatically = false
    }
    enum Shift: Equatable { case off, once, locked }

    weak var system: TextInputSystem?
    var traits = Traits() { didSet { if traits != oldValue { page = .letters; rebuild() } } }
    var languages: [KeyboardLanguage] = [.english] { didSet { languageIndex = 0; rebuild() } }
    private(set) var languageIndex = 0
    private(set) var page: KeyboardPage = .letters
    private(set) var shift: Shift = .off
    /// Whether the return key can be used (off for an empty text when `enablesReturnKeyAutomatically`).
    var returnEnabled = true { didSet { if returnEnabled != oldValue { restyle() } } }
    private(set) var layout = KeyboardPageLayout(rows: [])
    /// The key views, row by row, with their specs.
    private(set) var keys: [(spec: KeySpec, view: KeyView)] = []
    private var lastShiftTap: TimeInterval = -1
    /// The finger on each key.
    private var pressed: [ObjectIdentifier: Press] = [:]
    private var popup: KeyPopupView?

    /// A finger on a key: its key, and its long-press and repeat timers.
    private final class Press {
        var key: Int
        var timer: EventLoopTimer?
        var variants: KeyVariantsView?
        init(key: Int) { self.key = key }
    }

    static let gap: CGFloat = 6
    /// A row's height: about a tenth of the width, between a phone's 42 points and 60.
    static func rowHeight(forWidth width: CGFloat) -> CGFloat { min(60, max(42, (width * 0.09).rounded())) }
    static func height(forWidth width: CGFloat, rows: Int = 4) -> CGFloat {
        CGFloat(rows) * rowHeight(forWidth: width) + CGFloat(rows + 1) * gap + 2
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        rebuild()
    }
    required init?(coder: NSCoder) { nil }

    var language: KeyboardLanguage { languages.isEmpty ? .english : languages[languageIndex % languages.count] }

    /// Makes the key views for the current page, shift and traits.
    func rebuild() {
        for k in keys { k.view.removeFromSuperview() }
        layout = KeyboardPageLayout.make(page, type: traits.type, language: language, shifted: shift != .off,
                                     returnLabel: KeyboardPageLayout.returnLabel(traits.returnKey), languages: languages.count)
        keys = []
        for row in layout.rows {
            for spec in row {
                let v = KeyView(spec: spec)
                addSubview(v)
                keys.append((spec, v))
            }
        }
        backgroundColor = traits.dark ? UIColor(white: 0.17, alpha: 1) : UIColor(red: 0.82, green: 0.83, blue: 0.85, alpha: 1)
        restyle()
        // Laid out at once: the next touch finds its key among these.
        setNeedsLayout()
        layoutIfNeeded()
    }

    private func restyle() {
        for k in keys {
            k.view.style(dark: traits.dark, shift: shift, enabled: k.spec.kind != .returnKey || returnEnabled)
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width, gap = Self.gap
        let rowHeight = Self.rowHeight(forWidth: w)
        // Every character row is laid out in the units of the widest row, centred.
        let units = layout.rows.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 1
        let unit = (w - gap) / units
        var i = 0
        for (r, row) in layout.rows.enumerated() {
            let rowUnits = row.reduce(0) { $0 + $1.width }
            // A shorter letter row is centred; rows with wide keys at the ends stretch those.
            let stretch = row.contains { $0.width != 1 } && rowUnits < units ? (units - rowUnits) : 0
            let stretchable = row.filter { $0.width != 1 && $0.kind != .character }.count
            var x = gap / 2 + (stretch == 0 ? (units - rowUnits) * unit / 2 : 0)
            let y = gap + CGFloat(r) * (rowHeight + gap)
            for spec in row {
                var width = spec.width * unit
                if stretch > 0, spec.width != 1, spec.kind != .character, stretchable > 0 { width += stretch * unit / CGFloat(stretchable) }
                keys[i].view.frame = CGRect(x: x + gap / 2, y: y, width: width - gap, height: rowHeight).integral
                x += width
                i += 1
            }
        }
    }

    // MARK: Touches

    private func keyIndex(at point: CGPoint) -> Int? {
        // The key under the finger, else the nearest on its row (the gaps between keys still type).
        if let i = keys.firstIndex(where: { $0.view.frame.insetBy(dx: -Self.gap / 2, dy: -Self.gap / 2).contains(point) }) { return i }
        return keys.indices.min { distance(point, keys[$0].view.frame) < distance(point, keys[$1].view.frame) }
    }

    private func distance(_ p: CGPoint, _ r: CGRect) -> CGFloat {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return hypot(dx, dy)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            // A new finger commits the key of a finger still down (fast typing overlaps touches).
            for (id, press) in pressed where keys[press.key].spec.kind == .character && press.variants == nil {
                commit(press, at: nil)
                pressed[id] = nil
            }
            guard let i = keyIndex(at: touch.location(in: self)), keys[i].spec.kind != .blank else { continue }
            let press = Press(key: i)
            pressed[ObjectIdentifier(touch)] = press
            keyDown(press, touch: touch)
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let press = pressed[ObjectIdentifier(touch)] else { continue }
            let p = touch.location(in: self)
            if let variants = press.variants {
                variants.select(at: convert(p, to: variants))
                continue
            }
            // Sliding to another character key moves the press there (as iOS does).
            if keys[press.key].spec.kind == .character, let i = keyIndex(at: p), i != press.key, keys[i].spec.kind == .character {
                press.timer?.invalidate()
                press.key = i
                showPopup(for: i)
                armLongPress(press)
            }
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let press = pressed.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            commit(press, at: touch.location(in: self))
        }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let press = pressed.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            press.timer?.invalidate()
            press.variants?.removeFromSuperview()
            hidePopup()
            keys[press.key].view.isPressed = false
        }
    }

    private func keyDown(_ press: Press, touch: UITouch) {
        let spec = keys[press.key].spec
        keys[press.key].view.isPressed = true
        switch spec.kind {
        case .character:
            showPopup(for: press.key)
            armLongPress(press)
        case .backspace:
            // Deletes as the finger lands, then repeats while it stays: slowly, then by words after a while.
            system?.keyboardBackspace()
            var count = 0
            press.timer = UIApplication.shared.runLoop.schedule(after: 0.5, repeating: 0.1) { [weak self] _ in
                count += 1
                self?.system?.keyboardBackspace()
            }
        default:
            break
        }
    }

    private func armLongPress(_ press: Press) {
        let spec = keys[press.key].spec
        guard spec.variants.count > 1 else { return }
        press.timer = UIApplication.shared.runLoop.schedule(after: 0.45) { [weak self, weak press] _ in
            guard let self, let press else { return }
            self.showVariants(press)
        }
    }

    /// Ends a press: types the key (or the variant chosen), or does what a special key does.
    private func commit(_ press: Press, at point: CGPoint?) {
        press.timer?.invalidate()
        let index = press.key
        keys[index].view.isPressed = false
        hidePopup()
        if let variants = press.variants {
            variants.removeFromSuperview()
            if let chosen = variants.selected { type(chosen) }
            return
        }
        let spec = keys[index].spec
        // A special key acts only if the finger lifts on it.
        if spec.kind != .character, let point, keyIndex(at: point) != index { return }
        switch spec.kind {
        case .character: type(spec.output)
        case .space: type(" ")
        case .returnKey: if returnEnabled { system?.keyboardReturn() }
        case .backspace: break // (acted on landing)
        case .shift: shiftTapped()
        case .page(let p):
            page = p
            rebuild()
        case .language:
            languageIndex = (languageIndex + 1) % max(1, languages.count)
            page = .letters
            rebuild()
        case .blank: break
        }
    }

    private func type(_ text: String) {
        system?.keyboardTyped(text)
        // Shift once lasts one letter; numbers and symbols go back to letters after a space or an apostrophe, as iOS.
        if shift == .once { shift = .off; rebuild() }
        if page != .letters, text == " " || text == "'" { page = .letters; rebuild() }
    }

    private func shiftTapped() {
        let now = UIApplication.shared.runLoop.clock.now
        if shift == .once, now - lastShiftTap < 0.35 {
            shift = .locked
        } else {
            shift = shift == .off ? .once : .off
        }
        lastShiftTap = now
        rebuild()
    }

    /// Turns shift on for the next letter (auto-capitalisation), unless caps lock is on.
    func setAutomaticShift(_ on: Bool) {
        guard shift != .locked, page == .letters else { return }
        let wanted: Shift = on ? .once : .off
        if shift != wanted { shift = wanted; rebuild() }
    }

    // MARK: Popups

    private func showPopup(for index: Int) {
        hidePopup()
        let key = keys[index]
        guard key.spec.kind == .character, key.spec.width == 1 else { return }
        let p = KeyPopupView(label: key.spec.label, dark: traits.dark)
        let f = key.view.frame
        p.frame = CGRect(x: f.midX - f.width * 0.75, y: f.minY - f.height * 1.15, width: f.width * 1.5, height: f.height * 1.1)
        addSubview(p)
        popup = p
    }

    private func hidePopup() {
        popup?.removeFromSuperview()
        popup = nil
    }

    private func showVariants(_ press: Press) {
        hidePopup()
        let key = keys[press.key]
        let v = KeyVariantsView(variants: key.spec.variants, dark: traits.dark)
        let f = key.view.frame
        let width = CGFloat(key.spec.variants.count) * f.width
        var x = f.minX
        if x + width > bounds.maxX { x = max(0, f.maxX - width) }
        v.frame = CGRect(x: x, y: f.minY - f.height - Self.gap, width: width, height: f.height)
        addSubview(v)
        press.variants = v
        v.select(at: convert(CGPoint(x: f.midX, y: f.midY), to: v))
    }
}

/// One key: a rounded face with its label, lighter for characters, darker for the other keys.
@MainActor
final class KeyView: UIView {
    let spec: KeySpec
    let label = UILabel()
    var isPressed = false { didSet { if isPressed != oldValue { applyColors() } } }
    private var dark = false, shift = SystemKeyboardView.Shift.off, enabled = true

    init(spec: KeySpec) {
        self.spec = spec
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        layer.cornerRadius = 5
        label.text = spec.label
        label.textAlignment = .center
        label.font = spec.kind == .character && spec.label.count == 1 ? .systemFont(ofSize: 22) : .systemFont(ofSize: 16)
        addSubview(label)
        isHidden = spec.kind == .blank
    }
    required init?(coder: NSCoder) { nil }

    func style(dark: Bool, shift: SystemKeyboardView.Shift, enabled: Bool) {
        self.dark = dark; self.shift = shift; self.enabled = enabled
        if spec.kind == .shift { label.text = shift == .locked ? "⇪" : "⇧" }
        applyColors()
    }

    private var isLight: Bool {
        switch spec.kind {
        case .character, .space: return true
        case .shift: return shift != .off
        case .returnKey: return false
        default: return false
        }
    }

    private func applyColors() {
        let light = isLight != isPressed
        if dark {
            backgroundColor = light ? UIColor(white: 0.42, alpha: 1) : UIColor(white: 0.27, alpha: 1)
            label.textColor = .white
        } else {
            backgroundColor = light ? .white : UIColor(red: 0.67, green: 0.69, blue: 0.73, alpha: 1)
            label.textColor = .black
        }
        if spec.kind == .returnKey, enabled, !isPressed { backgroundColor = .systemBlue; label.textColor = .white }
        if spec.kind == .returnKey, !enabled { label.textColor = .secondaryLabel }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }

    // Read as a key, by the name VoiceOver gives it (the keyboard view takes the touches: the reader's double tap
    // lands on it at the key's centre, and UI tests find keys by these labels, as `app.keys["q"]`).
    override var defaultIsAccessibilityElement: Bool { spec.kind != .blank }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        var traits: UIAccessibilityTraits = .keyboardKey
        if spec.kind == .shift, shift != .off { traits.insert(.selected) }
        if !enabled { traits.insert(.notEnabled) }
        return traits
    }
    override var defaultAccessibilityLabel: String? {
        switch spec.kind {
        case .character: return label.text
        case .shift: return "shift"
        case .backspace: return "delete"
        case .space: return "space"
        case .returnKey: return label.text.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        case .page(.numbers): return "more, numbers"
        case .page(.symbols): return "more, symbols"
        case .page: return "more, letters"
        case .language: return "next keyboard"
        case .blank: return nil
        }
    }
}

/// The enlarged key shown above a finger.
@MainActor
final class KeyPopupView: UIView {
    init(label: String, dark: Bool) {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        backgroundColor = dark ? UIColor(white: 0.42, alpha: 1) : .white
        layer.cornerRadius = 8
        layer.shadowOpacity = 0.3
        layer.shadowRadius = 2
        layer.shadowOffset = CGSize(width: 0, height: 1)
        let l = UILabel()
        l.text = label
        l.font = .systemFont(ofSize: 30)
        l.textAlignment = .center
        l.textColor = dark ? .white : .black
        l.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(l)
        self.labelView = l
    }
    private var labelView: UILabel?
    required init?(coder: NSCoder) { nil }
    override func layoutSubviews() {
        super.layoutSubviews()
        labelView?.frame = bounds
    }
}

/// A long-pressed key's accents in a strip; the one under the finger is chosen.
@MainActor
final class KeyVariantsView: UIView {
    let variants: [String]
    private var labels: [UILabel] = []
    private(set) var selectedIndex: Int?
    var selected: String? { selectedIndex.map { variants[$0] } }
    private let dark: Bool

    init(variants: [String], dark: Bool) {
        self.variants = variants
        self.dark = dark
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        backgroundColor = dark ? UIColor(white: 0.42, alpha: 1) : .white
        layer.cornerRadius = 8
        layer.shadowOpacity = 0.3
        layer.shadowRadius = 3
        for v in variants {
            let l = UILabel()
            l.text = v
            l.font = .systemFont(ofSize: 22)
            l.textAlignment = .center
            l.textColor = dark ? .white : .black
            l.layer.cornerRadius = 5
            addSubview(l)
            labels.append(l)
        }
    }
    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width / CGFloat(max(1, labels.count))
        for (i, l) in labels.enumerated() { l.frame = CGRect(x: CGFloat(i) * w, y: 0, width: w, height: bounds.height).insetBy(dx: 2, dy: 2) }
    }

    /// Chooses the variant across from `point` (this view's coordinates), the nearest at either end.
    func select(at point: CGPoint) {
        guard !labels.isEmpty else { return }
        let w = bounds.width / CGFloat(labels.count)
        let i = min(labels.count - 1, max(0, Int(point.x / max(1, w))))
        selectedIndex = i
        for (k, l) in labels.enumerated() {
            l.backgroundColor = k == i ? .systemBlue : .clear
            l.textColor = k == i ? .white : (dark ? .white : .black)
        }
    }
}
