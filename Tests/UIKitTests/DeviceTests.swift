import Foundation
import Glibc
import Testing
@testable import UIKit
import VitrinePlatform

/// `UIDevice` as iOS code reads it (idiom, system, a vendor identifier, battery, orientation) and the feedback
/// generators, which run and do nothing on a panel without an actuator.
@MainActor @Suite(.serialized) struct DeviceTests {
    @Test func theSystemAndIdiomAreTheDevicesOwn() {
        freshApp()
        let device = UIDevice.current
        #expect(device.systemName == "Linux")
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #expect(release.hasPrefix(device.systemVersion) && Double(device.systemVersion.split(separator: ".").prefix(2).joined(separator: ".")) != nil)
        #expect(UIDevice.numericVersion("6.12.9+bpo-amd64") == "6.12.9")
        #expect(UIDevice.numericVersion("6.1.0-27-amd64") == "6.1.0")
        #expect(UIDevice.numericVersion("5.15") == "5.15")
        #expect(UIDevice.numericVersion("weird") == "0")
        let window = shownWindow()
        #expect(device.userInterfaceIdiom == window.traitCollection.userInterfaceIdiom)
        #expect(device.model == (DisplaySelection.selectedBoard?.name ?? "Touch panel"))
        #expect(!device.name.isEmpty && device.isMultitaskingSupported)
        device.isProximityMonitoringEnabled = true
        #expect(!device.isProximityMonitoringEnabled && !device.proximityState, "no sensor: it stays off, as UIKit says")
    }

    @Test func theVendorIdentifierIsStableAndPerVendor() throws {
        let a = UIDevice.vendorIdentifier(machineID: "3d1219c7aa", vendor: "com.example")
        #expect(a == UIDevice.vendorIdentifier(machineID: "3d1219c7aa", vendor: "com.example"))
        #expect(a != UIDevice.vendorIdentifier(machineID: "3d1219c7aa", vendor: "com.other"))
        #expect(a != UIDevice.vendorIdentifier(machineID: "3d1219c7ab", vendor: "com.example"))
        let text = a.uuidString
        #expect(Array(text)[14] == "8", "version 8 (custom): \(text)")
        #expect("89AB".contains(Array(text)[19]), "RFC variant: \(text)")
        if let machine = try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8),
           !machine.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let id = try #require(UIDevice.current.identifierForVendor)
            #expect(id == UIDevice.vendorIdentifier(machineID: machine.trimmingCharacters(in: .whitespacesAndNewlines), vendor: UIDevice.vendor))
            #expect(id == UIDevice.current.identifierForVendor)
        }
    }

    /// A fake power supply tree: a mains adapter and a battery.
    func batteryTree(capacity: String, status: String) throws -> String {
        let root = NSTemporaryDirectory() + "vitrine-battery-\(getpid())"
        for (name, type) in [("AC", "Mains"), ("BAT0", "Battery")] {
            let dir = root + "/class/power_supply/" + name
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try (type + "\n").write(toFile: dir + "/type", atomically: true, encoding: .utf8)
        }
        let battery = root + "/class/power_supply/BAT0"
        try (capacity + "\n").write(toFile: battery + "/capacity", atomically: true, encoding: .utf8)
        try (status + "\n").write(toFile: battery + "/status", atomically: true, encoding: .utf8)
        return root
    }

    @Test func theBatteryIsReadWhileMonitoredWithNotificationsForChanges() throws {
        freshApp()
        let device = UIDevice.current
        let root = try batteryTree(capacity: "57", status: "Discharging")
        defer {
            device.isBatteryMonitoringEnabled = false
            UIDevice.sysfsRoot = nil
            try? FileManager.default.removeItem(atPath: root)
        }
        UIDevice.sysfsRoot = root
        #expect(device.batteryLevel == -1 && device.batteryState == .unknown, "not monitored: unknown, as in UIKit")
        device.isBatteryMonitoringEnabled = true
        #expect(abs(device.batteryLevel - 0.57) < 0.0001 && device.batteryState == .unplugged)
        var heard: [Notification.Name] = []
        let names = [UIDevice.batteryStateDidChangeNotification, UIDevice.batteryLevelDidChangeNotification]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { n in
                let name = n.name
                MainActor.assumeIsolated { heard.append(name) }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        _ = try batteryTree(capacity: "58", status: "Charging")
        device.refreshBattery(notify: true)
        #expect(device.batteryState == .charging && abs(device.batteryLevel - 0.58) < 0.0001)
        #expect(heard == names)
        heard = []
        device.refreshBattery(notify: true)
        #expect(heard.isEmpty, "nothing changed, nothing said")
        _ = try batteryTree(capacity: "100", status: "Full")
        device.refreshBattery(notify: true)
        #expect(device.batteryState == .full && device.batteryLevel == 1)
        device.isBatteryMonitoringEnabled = false
        #expect(device.batteryLevel == -1 && device.batteryState == .unknown)
        // No battery at all (a panel on mains): unknown while monitored too.
        try FileManager.default.removeItem(atPath: root + "/class/power_supply/BAT0")
        device.isBatteryMonitoringEnabled = true
        #expect(device.batteryLevel == -1 && device.batteryState == .unknown)
        #expect(Battery.read(sysfs: root) == nil)
    }

    @Test func orientationIsThePanelsMountingWhileGenerated() {
        for (pixels, mounted) in [(CGSize(width: 320, height: 480), UIDeviceOrientation.portrait),
                                  (CGSize(width: 1280, height: 800), .landscapeLeft)] {
            freshApp(pixels: pixels)
            let device = UIDevice.current
            #expect(device.orientation == .unknown && !device.isGeneratingDeviceOrientationNotifications)
            var posted = 0
            let observer = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { _ in
                MainActor.assumeIsolated { posted += 1 }
            }
            device.beginGeneratingDeviceOrientationNotifications()
            device.beginGeneratingDeviceOrientationNotifications()
            #expect(device.orientation == mounted && posted == 1)
            #expect(mounted.isValidInterfaceOrientation && !mounted.isFlat)
            device.endGeneratingDeviceOrientationNotifications()
            #expect(device.orientation == mounted, "the calls nest")
            device.endGeneratingDeviceOrientationNotifications()
            #expect(device.orientation == .unknown)
            NotificationCenter.default.removeObserver(observer)
        }
    }

    @Test func feedbackGeneratorsRunAsIOSCodeCallsThem() {
        freshApp()
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.5)
        UISelectionFeedbackGenerator().selectionChanged()
        UINotificationFeedbackGenerator().notificationOccurred(.success)
        #expect(impact.style == .heavy && UIImpactFeedbackGenerator().style == .medium)
    }
}
