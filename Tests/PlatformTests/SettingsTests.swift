// The environment read into one value: every variable's reading, and the defaults when none is set.
import Testing
import VitrinePlatform

@Suite struct SettingsTests {
    @Test func nothingSetGivesTheDefaults() {
        let s = VitrineSettings(environment: [:])
        #expect(s.display == nil && s.board == nil && s.drmDevice == nil && s.scale == nil)
        #expect(!s.legacyKMS && s.planeRotation && s.overlayPlanes && !s.vtSignals)
        #expect(s.inputDevices && !s.inputPathBackend && s.inputReplay == nil)
        #expect(s.sysfs == "/sys" && s.resourcePath.isEmpty && s.writebackDirectory == nil)
    }

    @Test func eachVariableIsRead() {
        let s = VitrineSettings(environment: [
            "VITRINE_DISPLAY": "kms", "VITRINE_BOARD": "rpi4", "VITRINE_BOARD_DIR": "/b", "VITRINE_DRM_DEVICE": "/dev/dri/card1",
            "VITRINE_KMS_API": "legacy", "VITRINE_SCALE": "1.5", "VITRINE_PLANE_ROTATION": "0", "VITRINE_OVERLAY_PLANES": "0",
            "VITRINE_SESSION": "seat", "VITRINE_VT_SIGNALS": "1", "VITRINE_INPUT": "none", "VITRINE_INPUT_BACKEND": "path",
            "VITRINE_INPUT_RECORD": "/r", "VITRINE_INPUT_REPLAY": "/a:/b", "VITRINE_ONSCREEN_KEYBOARD": "always",
            "VITRINE_APPEARANCE": "dark", "VITRINE_LAYOUT_DIRECTION": "rtl", "VITRINE_IDLE_SECONDS": "30",
            "VITRINE_BACKLIGHT": "panel0", "VITRINE_SYSFS": "/fake", "VITRINE_MEMORY_PRESSURE": "off",
            "VITRINE_RESOURCE_PATH": "/x:/y", "VITRINE_LOG": "debug", "VITRINE_WRITEBACK_DIR": "/wb",
        ])
        #expect(s.display == "kms" && s.board == "rpi4" && s.boardDirectory == "/b" && s.drmDevice == "/dev/dri/card1")
        #expect(s.legacyKMS && s.scale == 1.5 && !s.planeRotation && !s.overlayPlanes && s.session == "seat" && s.vtSignals)
        #expect(!s.inputDevices && s.inputPathBackend && s.inputRecording == "/r" && s.inputReplay == "/a:/b")
        #expect(s.onScreenKeyboard == "always" && s.appearance == "dark" && s.layoutDirection == "rtl" && s.idleSeconds == "30")
        #expect(s.backlight == "panel0" && s.sysfs == "/fake" && s.memoryPressure == "off" && s.resourcePath == ["/x", "/y"])
        #expect(s.logLevel == "debug" && s.writebackDirectory == "/wb")
    }

    @Test func aScaleThatIsNotANumberIsIgnored() {
        #expect(VitrineSettings(environment: ["VITRINE_SCALE": "big"]).scale == nil)
    }
}
