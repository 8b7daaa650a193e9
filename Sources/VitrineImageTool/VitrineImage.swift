// vitrine-image: the golden-image comparison (Sources/ImageComparison) for scripts — the virtual board's
// captures against what the app draws headless, the showcase tour's screens against the headless tour's.
import ArgumentParser
import CoreGraphics
import Foundation
import ImageComparison

@main
struct VitrineImage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine-image",
        abstract: "Compares images by the golden-image rules (per-channel tolerance, a count of pixels allowed to differ).",
        subcommands: [Compare.self, Closest.self])
}

/// Exit status 1: the images differ beyond the rules (2 is ArgumentParser's and ours for bad input).
private let differExit = ExitCode(1)

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compares ACTUAL (PNG, JPEG or PPM) with EXPECTED; exit status 0 when they match by the rules, 1 when not.",
        discussion: """
        Prints one line: "<differing> of <pixels> pixels differ by more than <tolerance> (worst <channel>)". On a failure, \
        with --failures, writes NAME.actual.png, NAME.expected.png and NAME.diff.png (differing pixels in red) there.
        """)

    @Argument(help: "The image to check (a capture: PPM from QEMU's screendump, or PNG).") var actual: String
    @Argument(help: "The reference image.") var expected: String
    @Option(help: "How far each channel (0...255) may differ.") var tolerance = 0
    @Option(help: "How many pixels may differ by more than the tolerance.") var allowedPixels = 0
    @Option(help: "Turn ACTUAL counter-clockwise by this many degrees first (a panel mounted turned clockwise).") var turn = 0
    @Flag(help: "Turn ACTUAL upside down (rows in reverse order) first.") var flipRows = false
    @Flag(help: "Pass when more than half the pixels differ (the screen shows something else).") var expectDifferent = false
    @Option(help: "Where to write the actual, expected and diff images when the check fails.") var failures: String?
    @Option(help: "The file name stem of those images.") var name = "image"

    func validate() throws {
        guard [0, 90, 180, 270].contains(turn) else { throw ValidationError("--turn is 0, 90, 180 or 270, not \(turn)") }
        guard tolerance >= 0, allowedPixels >= 0 else { throw ValidationError("--tolerance and --allowed-pixels are not negative") }
    }

    func run() throws {
        let image = try loadOrExit(actual)
        let reference = try loadOrExit(expected)
        let shown = ImageComparison.turned(image, degrees: turn, flippingRows: flipRows)
        let result = ImageComparison.compare(shown, reference, tolerance: tolerance)
        let pixels = reference.width * reference.height
        let passed = expectDifferent ? result.differingPixels > pixels / 2 : result.differingPixels <= allowedPixels
        if result.sameSize {
            print("\(result.differingPixels) of \(pixels) pixels differ by more than \(tolerance) (worst \(result.worstChannel))")
        } else {
            print("size \(shown.width)x\(shown.height), expected \(reference.width)x\(reference.height)")
        }
        guard !passed else { return }
        if let failures, !expectDifferent {
            try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
            let stem = (failures as NSString).appendingPathComponent(name)
            try ImageComparison.writePNG(shown, to: stem + ".actual.png")
            try ImageComparison.writePNG(reference, to: stem + ".expected.png")
            if let diff = result.diff { try ImageComparison.writePNG(diff, to: stem + ".diff.png") }
        }
        throw differExit
    }
}

struct Closest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints the index (from 0) of the candidate most like REFERENCE — the fewest pixels differing by more "
            + "than the tolerance — and that count.")

    @Argument(help: "The reference image.") var reference: String
    @Argument(help: "The candidates (PPM or PNG).") var candidates: [String]
    @Option(help: "How far each channel (0...255) may differ.") var tolerance = 0

    func run() throws {
        guard !candidates.isEmpty else { throw ValidationError("no candidates") }
        let expected = try loadOrExit(reference)
        var best = (index: 0, differing: Int.max)
        for (index, path) in candidates.enumerated() {
            let differing = ImageComparison.compare(try loadOrExit(path), expected, tolerance: tolerance).differingPixels
            if differing < best.differing { best = (index, differing) }
        }
        print("\(best.index) \(best.differing)")
    }
}

/// Loads an image, or ends with status 2 and the reason (a missing or malformed file is not a difference).
private func loadOrExit(_ path: String) throws -> CGImage {
    do {
        return try ImageComparison.load(path)
    } catch {
        FileHandle.standardError.write(Data("vitrine-image: \(error)\n".utf8))
        throw ExitCode(2)
    }
}
