import Foundation

// The system keyboard's layouts, as data: pages of rows of keys. A letters page per language (with the long-press
// accents iOS offers for its keys), the numbers and symbols pages, and the pads for numeric keyboard types.

/// One key of the system keyboard.
struct KeySpec: Equatable {
    enum Kind: Equatable {
        /// Types `output` (its shifted form on the shifted letters page).
        case character
        case shift
        case backspace
        case space
        case returnKey
        /// Goes to another page of the layout.
        case page(KeyboardPage)
        /// The next language.
        case language
        /// An empty place (a pad's corner).
        case blank
    }
    var kind: Kind
    var label: String
    var output: String
    /// Width in key units (a letter key is 1).
    var width: CGFloat = 1
    /// Accented variants offered on a long press (the first is the key's own character).
    var variants: [String] = []

    static func char(_ s: String, _ variants: String = "") -> KeySpec {
        KeySpec(kind: .character, label: s, output: s, variants: variants.isEmpty ? [] : [s] + variants.split(separator: " ").map(String.init))
    }
    static func special(_ kind: Kind, _ label: String, width: CGFloat) -> KeySpec {
        KeySpec(kind: kind, label: label, output: "", width: width)
    }
}

/// The pages a keyboard shows.
enum KeyboardPage: Equatable {
    case letters, numbers, symbols, pad
}

/// A language's letters page and the name its switch key shows.
struct KeyboardLanguage: Equatable {
    /// The code the board file and locale use ("en", "de", "fr", "es", "ru").
    let code: String
    let name: String
    /// Three rows of letters (the shift and backspace keys go at the ends of the third).
    let rows: [[KeySpec]]

    /// The languages the keyboard has.
    static let all: [KeyboardLanguage] = [english, german, french, spanish, russian]

    static func named(_ code: String) -> KeyboardLanguage? {
        let c = code.lowercased()
        return all.first { c == $0.code || c.hasPrefix($0.code + "_") || c.hasPrefix($0.code + "-") }
    }

    private static func row(_ letters: String, variants: [String: String] = [:]) -> [KeySpec] {
        letters.map { ch in KeySpec.char(String(ch), variants[String(ch)] ?? "") }
    }

    /// The accents iOS offers on the Latin letters.
    private static let latinAccents: [String: String] = [
        "a": "à á â ä æ ã å ā", "c": "ç ć č", "e": "è é ê ë ē ė ę", "i": "î ï í ī į ì", "l": "ł",
        "n": "ñ ń", "o": "ô ö ò ó œ ø ō õ", "s": "ß ś š", "u": "û ü ù ú ū", "y": "ÿ", "z": "ž ź ż",
    ]

    static let english = KeyboardLanguage(code: "en", name: "English", rows: [
        row("qwertyuiop", variants: latinAccents), row("asdfghjkl", variants: latinAccents), row("zxcvbnm", variants: latinAccents),
    ])
    static let german = KeyboardLanguage(code: "de", name: "Deutsch", rows: [
        row("qwertzuiopü", variants: latinAccents), row("asdfghjklöä", variants: latinAccents), row("yxcvbnm", variants: latinAccents),
    ])
    static let french = KeyboardLanguage(code: "fr", name: "Français", rows: [
        row("azertyuiop", variants: latinAccents), row("qsdfghjklm", variants: latinAccents), row("wxcvbn", variants: latinAccents)
            + [KeySpec.char("'", "’ ‘")],
    ])
    static let spanish = KeyboardLanguage(code: "es", name: "Español", rows: [
        row("qwertyuiop", variants: latinAccents), row("asdfghjklñ", variants: latinAccents), row("zxcvbnm", variants: latinAccents),
    ])
    static let russian = KeyboardLanguage(code: "ru", name: "Русский", rows: [
        row("йцукенгшщзх", variants: ["е": "ё", "ь": "ъ"]), row("фывапролджэ", variants: ["е": "ё"]), row("ячсмитьбю", variants: ["ь": "ъ"]),
    ])
}

/// The rows of one page of the keyboard for a text input's traits: the language's letters (with shift,
/// backspace, the page, language and return keys), numbers and symbols, or a numeric pad.
struct KeyboardPageLayout: Equatable {
    var rows: [[KeySpec]]

    /// The bottom row of the character pages: page switch, language, space, return (and `.`/`@` for URLs and
    /// email addresses, as iOS's).
    private static func bottomRow(page: KeyboardPage, type: UIKeyboardType, returnLabel: String, languages: Int) -> [KeySpec] {
        var row: [KeySpec] = [.special(.page(page == .letters ? .numbers : .letters), page == .letters ? "123" : "ABC", width: 1.5)]
        if languages > 1 { row.append(.special(.language, "🌐", width: 1)) }
        switch type {
        case .URL: row += [.char("/"), .char(".", ".com .org .net"), KeySpec(kind: .space, label: "space", output: " ", width: 3)]
        case .emailAddress: row += [KeySpec(kind: .space, label: "space", output: " ", width: 3.5), .char("@"), .char(".")]
        default: row.append(KeySpec(kind: .space, label: "space", output: " ", width: 5))
        }
        row.append(.special(.returnKey, returnLabel, width: 2))
        return row
    }

    /// The page `page` for `type` in `language`; `shifted` gives the letters' capitals.
    static func make(_ page: KeyboardPage, type: UIKeyboardType, language: KeyboardLanguage, shifted: Bool, returnLabel: String,
                     languages: Int) -> KeyboardPageLayout {
        switch type {
        case .numberPad, .asciiCapableNumberPad:
            return pad(["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], last: [nil, "0"])
        case .decimalPad:
            let separator = Locale.current.decimalSeparator ?? "."
            return pad(["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], last: [separator, "0"])
        case .phonePad:
            return pad(["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], last: ["+*#", "0"])
        case .namePhonePad where page == .numbers:
            return pad(["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], last: ["+*#", "0"])
        default:
            break
        }
        // ASCII-capable keyboards, URLs and email addresses type Latin letters.
        let lang = type == .asciiCapable || type == .URL || type == .emailAddress || type == .twitter || type == .webSearch
            ? (language.rows[0].first?.output.unicodeScalars.first.map { $0.isASCII } == true ? language : .english) : language
        var rows: [[KeySpec]]
        switch page {
        case .letters, .pad:
            rows = lang.rows.map { row in
                row.map { key in
                    guard shifted else { return key }
                    var k = key
                    k.label = key.label.uppercased(); k.output = key.output.uppercased()
                    k.variants = key.variants.map { $0.uppercased() }
                    return k
                }
            }
            rows[2].insert(.special(.shift, "⇧", width: 1.5), at: 0)
        case .numbers:
            rows = [
                "1234567890".map { KeySpec.char(String($0)) },
                [.char("-", "– — •"), .char("/"), .char(":"), .char(";"), .char("("), .char(")"), .char("$", "€ £ ¥ ₩ ₽"),
                 .char("&", "§"), .char("@"), .char("\"", "” “ „ » «")],
                [.special(.page(.symbols), "#+=", width: 1.5), .char("."), .char(","), .char("?", "¿"), .char("!", "¡"), .char("'", "’ ‘ `")],
            ]
        case .symbols:
            rows = [
                "[]{}#%^*+=".map { KeySpec.char(String($0)) },
                "_\\|~<>€£¥•".map { KeySpec.char(String($0)) },
                [.special(.page(.numbers), "123", width: 1.5), .char("."), .char(","), .char("?"), .char("!"), .char("'")],
            ]
        }
        rows[2].append(.special(.backspace, "⌫", width: 1.5))
        rows.append(bottomRow(page: page, type: type, returnLabel: returnLabel, languages: languages))
        return KeyboardPageLayout(rows: rows)
    }

    /// A telephone-style pad: three columns of digits and a last row of `last` (nil: blank), 0 and backspace.
    private static func pad(_ a: [String], _ b: [String], _ c: [String], last: [String?]) -> KeyboardPageLayout {
        func keys(_ r: [String]) -> [KeySpec] { r.map { KeySpec(kind: .character, label: $0, output: $0, width: 1) } }
        var bottom: [KeySpec] = []
        if let extra = last[0] {
            // "+*#": one key that types +, with * and # on a long press.
            bottom.append(extra.count > 1 ? KeySpec(kind: .character, label: "+ * #", output: "+", variants: extra.map(String.init))
                          : KeySpec(kind: .character, label: extra, output: extra))
        } else {
            bottom.append(KeySpec(kind: .blank, label: "", output: ""))
        }
        bottom.append(KeySpec(kind: .character, label: last[1] ?? "0", output: last[1] ?? "0"))
        bottom.append(.special(.backspace, "⌫", width: 1))
        return KeyboardPageLayout(rows: [keys(a), keys(b), keys(c), bottom])
    }

    /// The return key's label for `type`, as iOS words it.
    static func returnLabel(_ type: UIReturnKeyType) -> String {
        switch type {
        case .default: return "return"
        case .go: return "go"
        case .google, .yahoo, .search: return "search"
        case .join: return "join"
        case .next: return "next"
        case .route: return "route"
        case .send: return "send"
        case .done: return "done"
        case .emergencyCall: return "Emergency"
        case .continue: return "continue"
        }
    }
}
