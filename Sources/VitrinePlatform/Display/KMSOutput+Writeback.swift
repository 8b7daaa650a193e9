import CDRM
import CVitrineShims
import Foundation
import Glibc
import Logging

// Test and diagnostic code, kept out of the production paths: captures through the CRTC's writeback connector on
// request (VITRINE_WRITEBACK_DIR), read back from the kernel's own composition (vkms on the virtual board).
extension KMSOutput {
    /// Takes capture requests: `directory/requests` is a FIFO (the test makes it) whose lines name captures; each is
    /// taken at the next quiet moment (no flip in flight) through the CRTC's writeback connector, written to
    /// `directory/NAME.ppm`, and its name appended to `directory/captured`. Without a writeback connector, says so
    /// once and takes none.
    func listenForCaptureRequests(directory: String, crtcIndex: Int) {
        guard let capture = WritebackCapture(card: card, crtcIndex: crtcIndex, width: mode.width, height: mode.height) else {
            log.notice("VITRINE_WRITEBACK_DIR is set but \(card.driverName) has no writeback connector for this CRTC")
            return
        }
        let fifo = directory + "/requests"
        // Read-write so that the FIFO never reads end-of-file when a writer closes it.
        let fd = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            log.error("writeback captures: cannot open \(fifo): \(String(cString: strerror(errno)))")
            return
        }
        writeback = capture
        captureDirectory = directory
        var pending = ""
        captureSource = loop.watchReadable(fd: fd) { [weak self] in
            var chunk = [UInt8](repeating: 0, count: 512)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return }
            pending += String(decoding: chunk[0..<n], as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                let name = pending[..<newline].trimmingCharacters(in: .whitespaces)
                pending.removeSubrange(...newline)
                if !name.isEmpty { self?.captureRequests.append(name) }
            }
            self?.captureIfQuiet()
        }
        log.info("writeback captures from \(fifo) (connector \(capture.connector))")
    }

    /// Takes the waiting captures if nothing is in flight: a blocking commit of the buffer on screen with the
    /// writeback attached, then the fence, then the file.
    func captureIfQuiet() {
        guard !captureRequests.isEmpty, let writeback, let directory = captureDirectory, let props = atomicProps,
              modeSet, !flipPending, !isReleased else { return }
        let name = captureRequests.removeFirst()
        let front = buffers[1 - back]
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
        if captureRequests.isEmpty { submitIfReady() } else { captureIfQuiet() }
    }

    /// After a capture with the writeback alone on the CRTC: the panel's connector back, the writeback off.
    func reattachPanel(props: AtomicProperties, front: DumbBuffer, writeback: WritebackCapture) -> Bool {
        guard let req = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(req) }
        drmModeAtomicAddProperty(req, props.plane, props.planeFB, UInt64(front.framebufferID))
        drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, UInt64(props.crtc))
        let wb = card.properties(object: writeback.connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        if let id = wb["CRTC_ID"]?.id { drmModeAtomicAddProperty(req, writeback.connector, id, 0) }
        return drmModeAtomicCommit(card.fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0
    }
}
