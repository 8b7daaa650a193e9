import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A connection to an app's UI-test agent (`VITRINE_UI_AGENT`): one JSON request per line, one reply per line.
/// Synchronous, as XCUITest's calls are: each call waits for its reply (at most 60 s). For tools that speak the
/// protocol themselves (`vitrine-ui`); tests use `XCUIApplication`.
public final class UIAgentConnection {
    private let fd: Int32
    private var pending = Data()
    private var nextID = 1

    /// Why a call failed: the agent's error, or a lost connection.
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// Connects to the agent listening at `path`.
    public init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw Failure(description: "the socket path is too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot reach the app's UI agent at \(path): \(reason)")
        }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends `command` with `fields` and returns the reply's fields; throws the agent's error.
    public func call(_ command: String, _ fields: [String: Any] = [:]) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var request = fields
        request["command"] = command
        request["id"] = id
        var data = try JSONSerialization.data(withJSONObject: request)
        data.append(0x0A)
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw Failure(description: "the app closed its UI agent connection") }
                offset += n
            }
        }
        while true {
            let reply = try readLine()
            guard reply["id"] as? Int == id else { continue }
            if let error = reply["error"] as? String { throw Failure(description: "the app refused \(command): \(error)") }
            return reply
        }
    }

    private func readLine() throws -> [String: Any] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                    throw Failure(description: "the app's UI agent sent a malformed reply")
                }
                return object
            }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "no reply from the app's UI agent (it ended or timed out)") }
            pending.append(contentsOf: buffer[0..<n])
        }
    }
}
