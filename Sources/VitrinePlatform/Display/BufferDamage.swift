/// Buffer age as regions: what each buffer of a swap chain has not received yet, in the output's logical pixels.
///
/// A frame's damage goes to every buffer; the buffer about to be shown is brought up to date with exactly its own
/// missed rectangles — this frame's and whatever changed while the other buffer was on screen — and starts clean.
/// Overlapping rectangles are merged as they come, so a list stays short and no pixel is copied twice. (A pure value:
/// KMSOutput keeps one beside its dumb buffers; the tests drive it alone.)
struct BufferDamage {
    /// Per buffer, what it has not received.
    private(set) var missed: [[PixelRect]]

    /// `count` buffers, each missing `everything` (a new buffer holds nothing yet).
    init(buffers count: Int, everything: PixelRect) {
        missed = Array(repeating: [everything], count: count)
    }

    /// What scanout shows is unknown (the VT was away, the display was off, a black frame went out): every buffer
    /// needs everything.
    mutating func missEverything(_ everything: PixelRect) {
        for i in missed.indices {
            missed[i].removeAll(keepingCapacity: true)
            missed[i].append(everything)
        }
    }

    /// A frame's damage: every buffer misses it.
    mutating func add(_ damage: [PixelRect]) {
        for i in missed.indices {
            for r in damage { Self.merge(r, into: &missed[i]) }
        }
    }

    /// Rectangles one buffer still needs (what a flip that did not happen was to bring it).
    mutating func add(_ rects: [PixelRect], to buffer: Int) {
        for r in rects { Self.merge(r, into: &missed[buffer]) }
    }

    /// Moves `buffer`'s missed rectangles into `rects` (its old contents dropped) and leaves the buffer clean; the
    /// two arrays trade storage, so a frame allocates nothing.
    mutating func take(_ buffer: Int, into rects: inout [PixelRect]) {
        rects.removeAll(keepingCapacity: true)
        swap(&rects, &missed[buffer])
    }

    /// Adds `r` to `list`, merged with every rectangle it overlaps (and those with what the merge then overlaps).
    static func merge(_ r: PixelRect, into list: inout [PixelRect]) {
        guard !r.isEmpty else { return }
        var rect = r
        var i = 0
        while i < list.count {
            if list[i].intersects(rect) { rect = rect.union(list.remove(at: i)); i = 0 } else { i += 1 }
        }
        list.append(rect)
    }
}

/// Flips no faster than the mode refreshes: virtual GPUs (and some panels) complete a flip at once, and frames
/// made as fast as flips complete would spin.
struct FlipPacer {
    /// Seconds between refreshes.
    let interval: Double
    /// When the last flip was submitted (monotonic seconds).
    private(set) var lastSubmit = -Double.infinity

    /// How long to wait from `now` before the next flip may go; `nil`: it may go now. (A flip is let go up to 5 %
    /// of a refresh early: timers wake a little late or early, and a frame must not wait a whole refresh for it.)
    func wait(at now: Double) -> Double? {
        now - lastSubmit < interval * 0.95 ? lastSubmit + interval - now : nil
    }

    /// A flip went at `now`.
    mutating func submitted(at now: Double) { lastSubmit = now }

    /// The next flip may go at once (everything is to be shown again).
    mutating func reset() { lastSubmit = -.infinity }
}
