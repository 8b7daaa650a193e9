// Board files: every board in the repository is valid; every kind of mistake is refused with the file and
// the field named. The scale rule for panels without a board scale.
import Foundation
import Testing
import VitrinePlatform

@Suite struct BoardTests {
    /// The repository's Board/ folder (tests run from the package root, or find it from this file).
    static let boardDir: String = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return here.appendingPathComponent("Board").path
    }()

    /// Every board folder in the repository (a new board is checked without a change here).
    static let boardNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: boardDir)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: "\(boardDir)/\($0)/board.json") }.sorted()
    }()

    @Test func theRepositoryHasItsBoards() {
        for name in ["qemu-virt", "generic-1080p", "portrait-hidpi", "rpi-touch-display", "rpi-touch-display-2",
                     "imx8mp-evk-dsi-oled"] {
            #expect(Self.boardNames.contains(name), "Board/\(name)/board.json")
        }
    }

    @Test(arguments: boardNames)
    func theRepositorysBoardsAreValid(_ name: String) throws {
        let board = try BoardDescription.load(path: "\(Self.boardDir)/\(name)/board.json")
        #expect(board.name == name)
    }

    @Test func aBoardDescribesItsPanel() throws {
        let board = try BoardDescription.load(path: "\(Self.boardDir)/portrait-hidpi/board.json")
        #expect(board.modeWidth == 800 && board.modeHeight == 1280 && board.modeRefresh == nil)
        #expect(board.rotation == 90 && board.scale == 2)
        let full = try BoardDescription.parse(Data("""
            {"name": "x", "display": {"device": "/dev/dri/card1", "connector": "DSI-1", "mode": "1024x600@59.5"},
             "touch": {"device": "Goodix", "calibration": [0, 1, 0, -1, 0, 1]}}
            """.utf8), file: "x.json")
        #expect(full.device == "/dev/dri/card1" && full.connector == "DSI-1" && full.modeRefresh == 59.5)
        #expect(full.touchDevice == "Goodix" && full.touchCalibration == [0, 1, 0, -1, 0, 1])
        #expect(full.kmsConfiguration.connectorName == "DSI-1")
        let power = try BoardDescription.parse(Data(#"{"name": "p", "power": {"backlight": "lcd0", "idleSeconds": 90, "blank": "dpms"}}"#.utf8),
                                               file: "p.json")
        #expect(power.backlight == "lcd0" && power.idleSeconds == 90 && power.blankMethod == .dpms)
        let bezel = try BoardDescription.parse(Data(#"{"name": "r", "display": {"safeAreaInsets": {"top": 24, "bottom": 12}}}"#.utf8),
                                               file: "r.json")
        #expect(bezel.safeAreaInsets == [24, 0, 12, 0])
        let spoken = try BoardDescription.parse(Data(#"{"name": "s", "accessibility": {"screenReader": true, "speechRate": 220}}"#.utf8),
                                                file: "s.json")
        #expect(spoken.screenReader && spoken.speechRate == 220)
        let headset = try BoardDescription.parse(Data(#"{"name": "h", "accessibility": {"voice": "f3", "audioDevice": "plughw:CARD=Headphones"}}"#.utf8),
                                                 file: "h.json")
        #expect(headset.voice == "f3" && headset.audioDevice == "plughw:CARD=Headphones" && !headset.screenReader)
        #expect(try !BoardDescription.parse(Data(#"{"name": "q"}"#.utf8), file: "q.json").screenReader)
    }

    @Test(arguments: [
        (#"{"name": "b", "display": {"rotation": 45}}"#, "display.rotation"),
        (#"{"name": "b", "display": {"rotation": true}}"#, "display.rotation"),
        (#"{"name": "b", "display": {"rotation": 90.5}}"#, "display.rotation"),
        (#"{"name": "b", "display": {"scale": "2"}}"#, "display.scale"),
        (#"{"name": "b", "display": {"scale": 0}}"#, "display.scale"),
        (#"{"name": "b", "display": {"safeAreaInsets": {"top": -4}}}"#, "display.safeAreaInsets.top"),
        (#"{"name": "b", "display": {"safeAreaInsets": {"middle": 4}}}"#, "display.safeAreaInsets.middle"),
        (#"{"name": "b", "display": {"rotaton": 90}}"#, "display.rotaton"),
        (#"{"name": "b", "display": {"mode": "big"}}"#, "display.mode"),
        (#"{"name": "b", "display": {"device": "card0"}}"#, "display.device"),
        (#"{"name": "b", "touch": {"calibration": [1, 0, 0, 0, 1]}}"#, "touch.calibration"),
        (#"{"name": "b", "colour": "red"}"#, "colour"),
        (#"{"display": {}}"#, "name"),
        (#"{"name": "b", "display": [1]}"#, "display"),
        ("not json", "(file)"),
        (#"{"name": "b", "power": {"idleSeconds": 0}}"#, "power.idleSeconds"),
        (#"{"name": "b", "power": {"idleSeconds": "long"}}"#, "power.idleSeconds"),
        (#"{"name": "b", "power": {"blank": "off"}}"#, "power.blank"),
        (#"{"name": "b", "power": {"backlight": ""}}"#, "power.backlight"),
        (#"{"name": "b", "power": {"idle": 5}}"#, "power.idle"),
        (#"{"name": "b", "accessibility": {"screenReader": "yes"}}"#, "accessibility.screenReader"),
        (#"{"name": "b", "accessibility": {"speechRate": 1000}}"#, "accessibility.speechRate"),
        (#"{"name": "b", "accessibility": {"voice": "../../etc"}}"#, "accessibility.voice"),
        (#"{"name": "b", "accessibility": {"audioDevice": "hw:0 ; rm"}}"#, "accessibility.audioDevice"),
        (#"{"name": "b", "accessibility": {"voices": "en"}}"#, "accessibility.voices"),
    ])
    func mistakesAreRefusedNamingTheField(_ text: String, _ field: String) {
        do {
            _ = try BoardDescription.parse(Data(text.utf8), file: "Board/bad/board.json")
            Issue.record("accepted \(text)")
        } catch let error as BoardDescription.Invalid {
            #expect(error.field == field, "\(error)")
            #expect(error.description.hasPrefix("Board/bad/board.json: \(field): "))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aMissingBoardSaysWhereItLooked() {
        #expect(throws: BoardDescription.Invalid.self) { try BoardDescription.find("no-such-board") }
        #expect(throws: BoardDescription.Invalid.self) { try BoardDescription.load(path: "/nonexistent/board.json") }
    }

    @Test func panelScaleComesFromAPlausiblePhysicalSize() {
        // A 7" 1024x600 panel (154x86 mm, ~169 ppi): scale 1.
        #expect(panelScale(pixelWidth: 1024, pixelHeight: 600, widthMillimetres: 154, heightMillimetres: 86) == 1)
        // A 10" 2560x1600 panel (217x136 mm, ~300 ppi): scale 2.
        #expect(panelScale(pixelWidth: 2560, pixelHeight: 1600, widthMillimetres: 217, heightMillimetres: 136) == 2)
        // A 5.5" 1080x1920 phone-class panel (68x121 mm, ~403 ppi, 2.5x): the nearest of 1, 1.5, 2 and 3 is 3.
        #expect(panelScale(pixelWidth: 1080, pixelHeight: 1920, widthMillimetres: 68, heightMillimetres: 121) == 3)
        // Nonsense is ignored: 0 mm, an aspect-ratio-only 16x9 "mm", a TV-sized 1600x900 mm, non-square pixels.
        #expect(panelScale(pixelWidth: 1920, pixelHeight: 1080, widthMillimetres: 0, heightMillimetres: 0) == 1)
        #expect(panelScale(pixelWidth: 1920, pixelHeight: 1080, widthMillimetres: 16, heightMillimetres: 9) == 1)
        #expect(panelScale(pixelWidth: 1920, pixelHeight: 1080, widthMillimetres: 1600, heightMillimetres: 900) == 1)
        #expect(panelScale(pixelWidth: 1920, pixelHeight: 1080, widthMillimetres: 300, heightMillimetres: 300) == 1)
    }
}
