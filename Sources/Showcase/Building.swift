import UIKit

/// What the panel controls: the lobby of a small office building. A real kiosk would talk to the building's
/// management system here; the showcase keeps the state in memory so every screen has something to change.
@MainActor
public final class Building {
    public static let shared = Building()

    public enum ClimateMode: Int, CaseIterable {
        case heat, cool, auto
        var title: String { ["Heat", "Cool", "Auto"][rawValue] }
    }

    /// The heating schedules a facilities manager picks from.
    public static let schedules = ["Comfort", "Eco", "Away", "Frost protection"]

    public var name = "Atrium House"
    public var targetTemperature: Double = 21.5
    public var climateMode: ClimateMode = .auto
    public var fanOn = false
    public var lobbyLights = true
    public var doorChime = true
    public var dimWhenIdle = true
    public var brightness: Float = 0.8
    public var schedule = 0
    public var joinedNetwork: String?
    public var appearance: UIUserInterfaceStyle = .unspecified

    /// Shown on the home screen's climate tile.
    var climateSummary: String {
        String(format: "%.1f° · %@", targetTemperature, climateMode.title)
    }
}
