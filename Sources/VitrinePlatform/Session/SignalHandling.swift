import Dispatch
import Glibc

/// Handles signal `number` with `body` on `queue`, instead of the signal's default action. The signal's
/// disposition is set to ignore (so it no longer ends the process) and a dispatch source delivers it; cancel the
/// returned source to stop handling it (the disposition stays ignored).
public func handleSignal(_ number: Int32, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> DispatchSourceSignal {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
    source.setEventHandler(handler: body)
    source.resume()
    return source
}
