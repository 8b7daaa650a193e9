import Foundation
@_exported import CoreGraphics

/// One element as the agent reported it.
struct XCUIElementSnapshot {
    var type: XCUIElement.ElementType
    var label: String
    var value: String?
    var identifier: String
    var frame: CGRect
    var isEnabled: Bool
    var isSelected: Bool
    var isHittable: Bool

    init(_ entry: [String: Any]) {
        type = XCUIElement.ElementType(rawValue: entry["type"] as? String ?? "") ?? .other
        label = entry["label"] as? String ?? ""
        value = entry["value"] as? String
        identifier = entry["identifier"] as? String ?? ""
        let f = entry["frame"] as? [Double] ?? [0, 0, 0, 0]
        frame = f.count == 4 ? CGRect(x: f[0], y: f[1], width: f[2], height: f[3]) : .zero
        isEnabled = entry["enabled"] as? Bool ?? true
        isSelected = entry["selected"] as? Bool ?? false
        isHittable = entry["hittable"] as? Bool ?? false
    }
}

/// A description of elements, resolved against the app's tree each time it is used (XCUITest's queries are lazy too).
public struct XCUIElementQuery {
    let application: XCUIApplication
    let type: XCUIElement.ElementType
    /// Conditions, in order; an index picks one of the matches so far.
    enum Filter { case identifierOrLabel(String), identifier(String), within(CGRect), index(Int) }
    let filters: [Filter]

    func with(type: XCUIElement.ElementType) -> XCUIElementQuery {
        XCUIElementQuery(application: application, type: type, filters: filters)
    }
    private func adding(_ filter: Filter) -> XCUIElementQuery {
        XCUIElementQuery(application: application, type: type, filters: filters + [filter])
    }

    func resolve() -> [XCUIElementSnapshot] {
        var matches = application.snapshot().filter { type == .any || $0.type == type }
        for filter in filters {
            switch filter {
            case let .identifierOrLabel(key): matches = matches.filter { $0.identifier == key || $0.label == key }
            case let .identifier(key): matches = matches.filter { $0.identifier == key }
            case let .within(rect): matches = matches.filter { rect.contains($0.frame) && $0.frame != rect }
            case let .index(i): matches = matches.indices.contains(i) ? [matches[i]] : []
            }
        }
        return matches
    }

    /// The element whose identifier or label is `key`.
    public subscript(key: String) -> XCUIElement { XCUIElement(query: adding(.identifierOrLabel(key))) }
    /// The elements whose identifier is `identifier`.
    public func matching(identifier: String) -> XCUIElementQuery { adding(.identifier(identifier)) }
    /// The `index`th match, in reading order.
    public func element(boundBy index: Int) -> XCUIElement { XCUIElement(query: adding(.index(index))) }
    /// The first match.
    public var firstMatch: XCUIElement { element(boundBy: 0) }
    /// The only match (`exists` is false unless there is exactly one).
    public var element: XCUIElement { XCUIElement(query: self, mustBeUnique: true) }
    /// How many elements match now.
    public var count: Int { resolve().count }
    /// The matches now, each as an element.
    public var allElementsBoundByIndex: [XCUIElement] { (0..<count).map { element(boundBy: $0) } }

    /// What the query asks for, as a failure names it: `buttons["Join"]`, `cells.element(boundBy: 2)`.
    var summary: String {
        var text: String
        switch type {
        case .any: text = "descendants(matching: .any)"
        case .other: text = "otherElements"
        case .switch: text = "switches"
        default: text = "\(type.rawValue)s"
        }
        for filter in filters {
            switch filter {
            case let .identifierOrLabel(key): text += "[\"\(key)\"]"
            case let .identifier(key): text += ".matching(identifier: \"\(key)\")"
            case let .within(rect): text = "(inside \(rect)) " + text
            case let .index(i): text += ".element(boundBy: \(i))"
            }
        }
        return text
    }
}

/// An element of the app, found by its query whenever it is used.
public final class XCUIElement: XCUIElementQueryProviding {
    private let query: XCUIElementQuery
    private let mustBeUnique: Bool
    /// The query that finds this element (tests of the library).
    var rootQueryForTests: XCUIElementQuery { query }

    init(query: XCUIElementQuery, mustBeUnique: Bool = false) {
        self.query = query
        self.mustBeUnique = mustBeUnique
    }

    /// The elements inside this one's frame.
    public var rootQuery: XCUIElementQuery {
        XCUIElementQuery(application: query.application, type: .any, filters: [.within(resolved().frame)])
    }

    private func find() -> XCUIElementSnapshot? {
        let matches = query.resolve()
        if mustBeUnique && matches.count != 1 { return nil }
        return matches.first
    }

    private func resolved(_ function: String = #function) -> XCUIElementSnapshot {
        guard let found = find() else {
            let matches = query.resolve().count
            fatalError("XCUIElement.\(function): \(query.summary) " + (mustBeUnique && matches > 1
                ? "matches \(matches) elements, not one" : "matches no element (it does not exist)"))
        }
        return found
    }

    /// Whether an element matches now.
    public var exists: Bool { find() != nil }

    /// Waits up to `timeout` seconds for the element to exist; whether it does.
    public func waitForExistence(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if exists { return true }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return exists
    }

    public var label: String { resolved().label }
    public var value: Any? { resolved().value }
    public var identifier: String { resolved().identifier }
    /// The frame in screen points.
    public var frame: CGRect { resolved().frame }
    public var isEnabled: Bool { resolved().isEnabled }
    public var isSelected: Bool { resolved().isSelected }
    /// Whether a tap at the element reaches it.
    public var isHittable: Bool { find()?.isHittable ?? false }
    public var elementType: ElementType { resolved().type }

    /// The centre, as JSON numbers (JSONSerialization takes Double, not CGFloat).
    private var centre: (x: Double, y: Double) { let f = resolved().frame; return (Double(f.midX), Double(f.midY)) }

    /// Taps the element's centre (a finger through the app's input path).
    public func tap() { let c = centre; _ = query.application.call("tap", ["x": c.x, "y": c.y]) }
    public func doubleTap() { let c = centre; _ = query.application.call("doubleTap", ["x": c.x, "y": c.y]) }
    public func press(forDuration duration: TimeInterval) {
        let c = centre
        _ = query.application.call("press", ["x": c.x, "y": c.y, "duration": duration])
    }
    public func swipeUp() { swipe(dx: 0, dy: -1) }
    public func swipeDown() { swipe(dx: 0, dy: 1) }
    public func swipeLeft() { swipe(dx: -1, dy: 0) }
    public func swipeRight() { swipe(dx: 1, dy: 0) }

    private func swipe(dx: CGFloat, dy: CGFloat) {
        let f = frame
        let from = CGPoint(x: f.midX - dx * f.width * 0.3, y: f.midY - dy * f.height * 0.3)
        let to = CGPoint(x: f.midX + dx * f.width * 0.3, y: f.midY + dy * f.height * 0.3)
        _ = query.application.call("swipe", ["from": [Double(from.x), Double(from.y)], "to": [Double(to.x), Double(to.y)],
                                             "duration": 0.15])
    }

    /// Types `text` into the element, tapping it first when it does not have the keyboard focus.
    public func typeText(_ text: String) {
        tap()
        _ = query.application.call("type", ["text": text])
    }

    /// A point at `offset` of the element's size from its top-left corner (0.5, 0.5: its centre).
    public func coordinate(withNormalizedOffset offset: CGVector) -> XCUICoordinate {
        let f = frame
        return XCUICoordinate(application: query.application,
                              screenPoint: CGPoint(x: f.minX + f.width * offset.dx, y: f.minY + f.height * offset.dy))
    }

    /// Drags a slider's thumb to `position` (0 to 1) of its width.
    public func adjust(toNormalizedSliderPosition position: CGFloat) {
        let f = frame
        let value = Double((resolved().value ?? "0%").trimmingCharacters(in: CharacterSet(charactersIn: "%"))) ?? 0
        let from = CGPoint(x: f.minX + f.width * CGFloat(value / 100), y: f.midY)
        let to = CGPoint(x: f.minX + f.width * min(max(position, 0), 1), y: f.midY)
        _ = query.application.call("swipe", ["from": [Double(from.x), Double(from.y)], "to": [Double(to.x), Double(to.y)],
                                             "duration": 0.3])
    }
}

/// A point on the screen, from an element (`coordinate(withNormalizedOffset:)`), touched as a finger would.
public struct XCUICoordinate {
    let application: XCUIApplication
    /// The point, in screen points.
    public let screenPoint: CGPoint

    /// The point moved by `offset` points.
    public func withOffset(_ offset: CGVector) -> XCUICoordinate {
        XCUICoordinate(application: application, screenPoint: CGPoint(x: screenPoint.x + offset.dx, y: screenPoint.y + offset.dy))
    }
    public func tap() { _ = application.call("tap", ["x": Double(screenPoint.x), "y": Double(screenPoint.y)]) }
    public func doubleTap() { _ = application.call("doubleTap", ["x": Double(screenPoint.x), "y": Double(screenPoint.y)]) }
    public func press(forDuration duration: TimeInterval) {
        _ = application.call("press", ["x": Double(screenPoint.x), "y": Double(screenPoint.y), "duration": duration])
    }
    /// Touches here for `duration`, then drags to `other` and lifts.
    public func press(forDuration duration: TimeInterval, thenDragTo other: XCUICoordinate) {
        _ = application.call("swipe", ["from": [Double(screenPoint.x), Double(screenPoint.y)],
                                       "to": [Double(other.screenPoint.x), Double(other.screenPoint.y)],
                                       "duration": 0.3, "hold": max(0, duration)])
    }
}
