import CDRM
import CVitrineShims
import Foundation
import Glibc
import Logging

/// Captures of what a `KMSOutput` shows, taken on request through its CRTC's writeback connector and read back from
/// the kernel's own composition (vkms on the virtual board). Test and diagnostic code: the output holds one only
/// when `VITRINE_WRITEBACK_DIR` asks for it, and asks it for nothing but "take what is waiting" after each flip.
@MainActor
final class WritebackCaptures {
    private unowned let output: KMSOutput
    let writeback: WritebackCapture
    private let directory: String
    private var requests: [String] = []
    private var source: FileDescriptorSource?
    private var card: DRMCard { output.card }
    private var log: Logger { output.log }
    /// Whether captures wait to be taken (the output takes them before its next frame).
    var hasRequests: Bool { !requests.isEmpty }

    /// Takes capture requests: `directory/requests` is a FIFO (the test makes it) whose lines name captures; each is
    /// taken at the next quiet moment (no flip in flight) through the CRTC's writeback connector, written to
    /// `directory/NAME.ppm`, and its name appended to `directory/captured`. Without a writeback connector, says so
    /// once and takes none.
    /// `nil` (having said why) when the card has no writeback connector for the CRTC or the FIFO cannot be opened.
    init?(output: KMSOutput, directory: String, crtcIndex: Int) {
        self.output = output
        self.directory = directory
        let card = output.card, log = output.log
        guard let capture = WritebackCapture(card: card, crtcIndex: crtcIndex, width: output.mode.width, height: output.mode.height) else {
            log.notice("VITRINE_WRITEBACK_DIR is set but \(card.driverName) has no writeback connector for this CRTC")
            return nil
        }
        writeback = capture
        let fifo = directory + "/requests"
        // Read-write so that the FIFO never reads end-of-file when a writer closes it.
        let fd = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            log.error("writeback captures: cannot open \(fifo): \(String(cString: strerror(errno)))")
            return nil
        }
        var pending = ""
        source = output.loop.watchReadable(fd: fd) { [weak self] in
            var chunk = [UInt8](repeating: 0, count: 512)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return }
            pending += String(decoding: chunk[0..<n], as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                let name = pending[..<newline].trimmingCharacters(in: .whitespaces)
                pending.removeSubrange(...newline)
                if !name.isEmpty { self?.requests.append(name) }
            }
            self?.takeIfQuiet()
        }
        log.info("writeback captures from \(fifo) (connector \(capture.connector))")
    }

    /// Takes the waiting captures if nothing is in flight: a blocking commit of the buffer on screen with the
    /// writeback attached, then the fence, then the file.
    func takeIfQuiet() {
        guard !requests.isEmpty, let props = (output.committer as? AtomicCommitter)?.properties,
              output.modeSet, !output.flipPending, !output.isReleased else { return }
        let name = requests.removeFirst()
        let front = output.buffers[1 - output.back]
        var fence: Int32 = -1
        // Cloned: the writeback beside the panel's connector. Drivers whose encoders cannot be cloned (vkms in 6.12
        // sets no possible_clones: the kernel's clone check refuses the pair) get the writeback alone on the CRTC
        // for the capture — a modeset away from the panel and one back.
        func commit(alone: Bool, testOnly: Bool) -> Bool {
            guard let req = drmModeAtomicAlloc() else { return false }
            defer { drmModeAtomicFree(req) }
            drmModeAtomicAddProperty(req, props.plane, props.planeFB, UInt64(front.framebufferID))
            var modeset = writeback.add(to: req, crtc: props.crtc, fence: &fence)
            if alone {
                drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, 0)
                modeset = true
            }
            let flags = (modeset ? UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) : 0) | (testOnly ? UInt32(DRM_MODE_ATOMIC_TEST_ONLY) : 0)
            return drmModeAtomicCommit(card.fd, req, flags, nil) == 0
        }
        let alone = !commit(alone: false, testOnly: true)
        let ok = commit(alone: alone, testOnly: false)
        if ok && !alone { writeback.committed() }
        var result = "failed"
        if ok {
            if writeback.wait(fence: fence) {
                do {
                    try writeback.writePPM(to: "\(directory)/\(name).ppm")
                    result = "ok"
                } catch {
                    log.error("writeback capture \(name): \(error)")
                }
            } else {
                log.error("writeback capture \(name): the fence did not signal")
            }
        } else {
            log.error("writeback capture \(name): commit refused: \(String(cString: strerror(errno)))")
        }
        if ok && alone && !reattachPanel(props: props, front: front, writeback: writeback) {
            log.error("writeback capture \(name): the panel's connector could not be routed back: \(String(cString: strerror(errno)))")
        }
        // One line per capture, appended (O_APPEND: whole lines even with a reader polling the file).
        let log = open("\(directory)/captured", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if log >= 0 {
            let line = Array("\(name) \(result)\n".utf8)
            _ = line.withUnsafeBytes { write(log, $0.baseAddress, $0.count) }
            close(log)
        }
        if requests.isEmpty { output.submitIfReady() } else { takeIfQuiet() }
    }

    /// Stops taking requests.
    func stop() {
        source?.cancel()
        source = nil
    }

    /// After a capture with the writeback alone on the CRTC: the panel's connector back, the writeback off.
    private func reattachPanel(props: AtomicProperties, front: DumbBuffer, writeback: WritebackCapture) -> Bool {
        guard let req = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(req) }
        drmModeAtomicAddProperty(req, props.plane, props.planeFB, UInt64(front.framebufferID))
        drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, UInt64(props.crtc))
        let wb = card.properties(object: writeback.connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        if let id = wb["CRTC_ID"]?.id { drmModeAtomicAddProperty(req, writeback.connector, id, 0) }
        return drmModeAtomicCommit(card.fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0
    }
}
