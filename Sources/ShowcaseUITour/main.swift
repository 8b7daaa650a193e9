// The showcase's tour as a UI test: the same screens as Recordings/showcase-tour.txt, reached through the app's
// accessibility tree with VitrineUITesting (XCUITest's names) by identifiers and labels, never by coordinates the
// test works out itself. Each action waits for the app to be idle, so the tour keeps pace with a slow board (the
// AArch64 virtual board runs a debug build under emulation) where a replayed recording would run ahead of it.
//
// usage: showcase-ui-tour (--attach SOCKET | --launch SHOWCASE) [--shot COMMAND] [--shots DIR]
//   --attach: the showcase already runs with VITRINE_UI_AGENT=SOCKET (on a board, under fbrun).
//   --launch: starts it on a headless 1280x800 screen with its clock stopped as the recorded tour's.
//   --shot: a shell command run with each settled screen's name appended (the board's capture of its panel).
//   --shots: also writes the app's own picture of each settled screen there as NAME.png.
// Prints "ok"/"FAIL" per step; the status is the number of failed steps (0: the tour went through).
import Foundation
import VitrineUITesting

let arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let app: XCUIApplication
if let socket = option("--attach") {
    app = XCUIApplication(attachingTo: socket)
} else if let showcase = option("--launch") {
    app = XCUIApplication(executable: URL(fileURLWithPath: showcase))
    app.launchArguments = ["--vitrine-screen", "1280x800@1"]
    // The recorded tour's moment and keyboard (Tools/virtual-board/tour.py), so the screens compare.
    app.launchEnvironment = ["SHOWCASE_CLOCK": "1780309800", "VITRINE_ONSCREEN_KEYBOARD": "always"]
} else {
    FileHandle.standardError.write(Data("usage: showcase-ui-tour (--attach SOCKET | --launch SHOWCASE) [--shot COMMAND] [--shots DIR]\n".utf8))
    exit(2)
}
let shotCommand = option("--shot")
let shotsDirectory = option("--shots")

var failures = 0
@MainActor func check(_ condition: @autoclosure () -> Bool, _ what: String) {
    let ok = condition()
    if !ok { failures += 1 }
    // (Unbuffered: a board's console shows each step as it happens.)
    FileHandle.standardOutput.write(Data("\(ok ? "ok  " : "FAIL") \(what)\n".utf8))
}

/// A settled screen: the board's capture (its command waits for the host), the app's own picture if asked.
@MainActor func shot(_ name: String) {
    if let directory = shotsDirectory {
        try? app.screenshot().pngRepresentation.write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).png"))
    }
    guard let command = shotCommand else { return }
    // system(3), not Foundation's Process: Process waits on a CFRunLoop source, which a minimal guest without a
    // working socket pair for its wakeups leaves hanging.
    let status = system("\(command) \(name)")
    check(status == 0, "the \(name) screen captured")
}

app.launch()
let timeout: TimeInterval = 60 // a debug build on an emulated board is slow to push a screen

// Home.
check(app.buttons["tile.climate"].waitForExistence(timeout: timeout), "the home screen shows its tiles")
shot("home")

// Climate: the target slider dragged to 24.5°, back.
app.buttons["tile.climate"].tap()
let target = app.sliders["climate.target"]
check(target.waitForExistence(timeout: timeout), "Climate opens on its tile")
target.adjust(toNormalizedSliderPosition: (24.5 - 16) / (28 - 16))
check(app.steppers["climate.stepper"].value as? String == "24.5", "the slider set the target to 24.5°")
shot("climate")
app.buttons["Home"].tap()

// Settings: dark appearance, the heating schedule's picker opened.
app.buttons["tile.settings"].tap()
check(app.buttons["Dark"].waitForExistence(timeout: timeout), "Settings opens on its tile")
app.buttons["Dark"].tap()
check(app.buttons["Dark"].isSelected, "Dark is the selected appearance")
app.cells["settings.schedule"].tap()
check(app.pickerWheels.firstMatch.waitForExistence(timeout: timeout), "the schedule's picker is open")
shot("settings-dark")
app.buttons["Home"].tap()
check(app.buttons["tile.wifi"].waitForExistence(timeout: timeout), "back home")
shot("home-dark")

// Wi-Fi: a network, its password typed on the on-screen keyboard's keys, Join, the alert's OK.
app.buttons["tile.wifi"].tap()
check(app.cells["Atrium-Guest"].waitForExistence(timeout: timeout), "Wi-Fi lists Atrium-Guest")
app.cells["Atrium-Guest"].tap()
check(app.textFields["join.password"].waitForExistence(timeout: timeout), "the join screen asks for a password")
check(app.keys["w"].waitForExistence(timeout: timeout), "the on-screen keyboard is up")
for character in "welcomehome" { app.keys[String(character)].tap() }
check(app.textFields["join.password"].value as? String == String(repeating: "•", count: 11), "eleven characters typed")
shot("wifi-password")
app.buttons["join.button"].tap()
check(app.buttons["OK"].waitForExistence(timeout: timeout), "the connected alert is shown")
shot("wifi-connected")
app.buttons["OK"].tap()
check(app.cells["Atrium-Guest"].waitForExistence(timeout: timeout), "back on the network list")
app.buttons["Home"].tap()

// Directory: the list swiped up, then floor 4 picked on the section index (its titles are the floors, 12 down to 1:
// "4" is the ninth of twelve).
app.buttons["tile.directory"].tap()
let index = app.otherElements["Table index"]
check(index.waitForExistence(timeout: timeout), "the directory shows its index")
app.cells.element(boundBy: 2).swipeUp()
index.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: (8 + 0.5) / 12)).tap()
check(index.value as? String == "4", "the index jumped to floor 4 (its value: \(index.value ?? "none"), at \(index.frame))")
shot("directory")
app.buttons["Home"].tap()

// The Arabic reception screen, laid out right to left.
app.buttons["tile.reception"].tap()
check(app.buttons["Home"].waitForExistence(timeout: timeout) && !app.buttons["tile.reception"].exists, "the reception screen opens")
shot("reception-arabic")
app.buttons["Home"].tap()

// Security: the alert, cancelled.
app.buttons["tile.security"].tap()
check(app.buttons["Cancel"].waitForExistence(timeout: timeout), "Security shows its alert")
shot("security-alert")
app.buttons["Cancel"].tap()
check(app.buttons["tile.security"].waitForExistence(timeout: timeout) && !app.buttons["Cancel"].exists, "the alert is gone")
shot("end")

print(failures == 0 ? "the tour went through" : "the tour: \(failures) steps failed")
if option("--launch") != nil { app.terminate() }
exit(Int32(min(failures, 100)))
