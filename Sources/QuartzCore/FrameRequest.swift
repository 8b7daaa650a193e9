/// Counts the changes that leave work for the next frame (Vitrine's own).
///
/// Most turns of the main run loop change nothing on screen (a timer that found nothing new, a touch on a dead
/// area, the poll of an idle panel). A frame answers "did anything happen?" by comparing this count with the one
/// it last acted on — one load — instead of looking at every window's layout and display flags, every
/// compositor and the transaction (which cost several thousand instructions a turn: weak references, actor
/// checks). Every place that leaves frame work calls `note()`: a layer changed, queued for the compositor or for
/// display, a view marked for layout, a compositor told to repaint, a transaction setting made. Running
/// animations and display links are asked directly: they want frames without a change.
///
/// A count rather than a flag: each application compares it with its own last look, so two applications on one
/// run loop (tests) never take each other's request. Debug builds check every skipped frame against the full
/// look (`UIApplication.runFrameIfNeeded`), so a change that forgot to note itself fails the tests that make it.
@preconcurrency @MainActor
package enum FrameRequest {
    // (Private, behind a getter and a function: another module reaching a global's storage checks exclusivity
    // dynamically whatever the declaration says, and that check cost more than the rest of the question.)
    @exclusivity(unchecked) private static var changes: UInt = 0

    /// How many changes were noted since the process started (wrapping).
    package static var count: UInt { changes }

    /// Notes a change the next frame must act on.
    package static func note() { changes &+= 1 }
}
