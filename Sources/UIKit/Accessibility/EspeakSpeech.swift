import Foundation
#if canImport(Glibc)
import Glibc
#endif
import VitrinePlatform

/// The screen reader's voice: espeak-ng (Debian's `libespeak-ng1` with `espeak-ng-data`) synthesizes each utterance
/// on a queue of its own; the samples go to the default ALSA output (`libasound2`) and, in test mode
/// (`VITRINE_SCREEN_READER_WAV`), to a WAV file. Both libraries are opened when the reader starts, not linked: an app
/// without them still runs, its reader silent, and says why once in the log.
///
/// A focus move interrupts what is being said (the synthesis stops at its next block of samples and the output
/// drops what it has queued); an announcement waits its turn.
@MainActor
final class EspeakSpeech: SpeechOutput {
    private let engine: SpeechEngine

    /// The voice, or `nil` (and a logged reason) when espeak-ng cannot be opened.
    init?(wavPath: String?, rate: Int? = nil, variant: String? = nil, device: String? = nil) {
        guard let engine = SpeechEngine(wavPath: wavPath, rate: rate, variant: variant, device: device) else { return nil }
        self.engine = engine
    }

    func speak(_ text: String, language: String, interrupting: Bool, time: TimeInterval) {
        engine.enqueue(text, language: language, interrupting: interrupting)
    }

    func stop() { engine.interrupt() }

    /// Waits until everything asked so far has been spoken (tests, and an app that ends after an announcement).
    func finish() { engine.queue.sync {} }
}

/// Both voices at once: the synthesizer and the log.
@MainActor
final class SpeechFanOut: SpeechOutput {
    let outputs: [any SpeechOutput]
    init(_ outputs: [any SpeechOutput]) { self.outputs = outputs }
    func speak(_ text: String, language: String, interrupting: Bool, time: TimeInterval) {
        for output in outputs { output.speak(text, language: language, interrupting: interrupting, time: time) }
    }
    func stop() { for output in outputs { output.stop() } }
}

/// espeak-ng and ALSA behind a serial queue. (Unchecked sendable: the libraries are only called on `queue`; the
/// interruption count is behind `lock`.)
package final class SpeechEngine: @unchecked Sendable {
    let queue = DispatchQueue(label: "vitrine.speech")
    private let lock = NSLock()
    private var generation = 0
    private let espeak: Espeak
    private let alsa: ALSAOutput?
    private let wav: WAVWriter?
    private var voice = ""
    private let variant: String?

    /// `variant`: an espeak-ng voice variant used with every language (`"f3"`: "en+f3", "ar+f3"); `device`: the ALSA
    /// device to play on (`nil`: `default`).
    init?(wavPath: String?, rate: Int?, variant: String? = nil, device: String? = nil) {
        guard let espeak = Espeak.open() else { return nil }
        self.espeak = espeak
        self.variant = variant
        if let rate { _ = espeak.setParameter(1 /* espeakRATE */, Int32(rate), 0) }
        alsa = ALSAOutput.open(device: device ?? "default", sampleRate: Int(espeak.sampleRate))
        wav = wavPath.flatMap { WAVWriter(path: $0, sampleRate: Int(espeak.sampleRate)) }
        if alsa == nil && wav == nil {
            ScreenReader.log.notice("screen reader: no audio output (ALSA's \(device ?? "default") device could not be opened); speech is synthesized but not heard")
        }
    }

    private var currentGeneration: Int { lock.lock(); defer { lock.unlock() }; return generation }

    /// When the last utterance's samples were handed to the outputs (monotonic microseconds; the latency benchmark
    /// reads it).
    package static var lastOutputMicroseconds: UInt64 {
        outputLock.lock(); defer { outputLock.unlock() }
        return lastOutput
    }
    private static let outputLock = NSLock()
    nonisolated(unsafe) private static var lastOutput: UInt64 = 0
    private static func noteOutput() {
        outputLock.lock(); lastOutput = MonotonicClock.microsecondsNow; outputLock.unlock()
    }

    /// Stops what is being said and drops what is waiting.
    func interrupt() {
        lock.lock(); generation += 1; lock.unlock()
    }

    func enqueue(_ text: String, language: String, interrupting: Bool) {
        if interrupting { interrupt() }
        let mine = currentGeneration
        queue.async { [self] in
            guard mine == currentGeneration else { return }
            if voice != language {
                // espeak-ng knows languages by their ISO 639 code (with a region for some): try the full tag first.
                let primary = String(language.split(separator: "-").first ?? Substring(language))
                let names = (variant.map { ["\(language)+\($0)", "\(primary)+\($0)"] } ?? []) + [language, primary]
                if !names.contains(where: { espeak.setVoice($0) == 0 }) {
                    ScreenReader.log.notice("screen reader: espeak-ng has no voice for \(language); speaking with the last one")
                }
                voice = language
            }
            let samples = espeak.synthesize(text) { [self] in mine != currentGeneration }
            guard mine == currentGeneration, !samples.isEmpty else { return }
            Self.noteOutput()
            wav?.append(samples)
            alsa?.play(samples) { [self] in mine != currentGeneration }
        }
    }
}

/// The few espeak-ng functions the reader uses, from the shared library.
private struct Espeak {
    typealias Callback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutableRawPointer?) -> Int32
    let sampleRate: Int32
    private let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> Int32
    private let synth: @convention(c) (UnsafeRawPointer?, Int, UInt32, Int32, UInt32, UInt32,
                                       UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> Int32
    let setParameter: @convention(c) (Int32, Int32, Int32) -> Int32

    /// Where the synthesis callback puts samples, and whether it should stop (one synthesis at a time: the queue).
    nonisolated(unsafe) static var collected: [Int16] = []
    nonisolated(unsafe) static var shouldStop: () -> Bool = { false }

    static func open() -> Espeak? {
        guard let handle = dlopen("libespeak-ng.so.1", RTLD_NOW) else {
            ScreenReader.log.error("screen reader: espeak-ng is not installed (libespeak-ng1 and espeak-ng-data); the reader is silent")
            return nil
        }
        func symbol<T>(_ name: String, as: T.Type) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: T.self) } }
        typealias Initialize = @convention(c) (Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32
        typealias SetCallback = @convention(c) (Callback?) -> Void
        guard let initialize = symbol("espeak_Initialize", as: Initialize.self),
              let setCallback = symbol("espeak_SetSynthCallback", as: SetCallback.self),
              let setVoice = symbol("espeak_SetVoiceByName", as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
              let synth = symbol("espeak_Synth", as: (@convention(c) (UnsafeRawPointer?, Int, UInt32, Int32, UInt32, UInt32,
                                                                      UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> Int32).self),
              let setParameter = symbol("espeak_SetParameter", as: (@convention(c) (Int32, Int32, Int32) -> Int32).self)
        else {
            ScreenReader.log.error("screen reader: libespeak-ng.so.1 lacks the functions the reader needs; the reader is silent")
            return nil
        }
        // AUDIO_OUTPUT_SYNCHRONOUS (2): samples come to the callback before espeak_Synth returns; 0x8000: do not
        // exit the process when the voice data is missing.
        let rate = initialize(2, 200, nil, 0x8000)
        guard rate > 0 else {
            ScreenReader.log.error("screen reader: espeak-ng could not start (is espeak-ng-data installed?); the reader is silent")
            return nil
        }
        setCallback { samples, count, _ in
            if let samples, count > 0 { Espeak.collected.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count))) }
            return Espeak.shouldStop() ? 1 : 0
        }
        return Espeak(sampleRate: rate, setVoiceByName: setVoice, synth: synth, setParameter: setParameter)
    }

    func setVoice(_ name: String) -> Int32 { setVoiceByName(name) }

    /// The samples of `text` (16-bit mono at `sampleRate`); stops early when `stop` says so.
    func synthesize(_ text: String, stop: @escaping () -> Bool) -> [Int16] {
        Espeak.collected.removeAll(keepingCapacity: true)
        Espeak.shouldStop = stop
        var bytes = Array(text.utf8CString)
        // POS_CHARACTER (1), espeakCHARS_UTF8 (1).
        _ = bytes.withUnsafeMutableBytes { synth($0.baseAddress, $0.count, 0, 1, 0, 1, nil, nil) }
        Espeak.shouldStop = { false }
        return Espeak.collected
    }
}

/// An ALSA playback device (the board's, else `default`), 16-bit mono.
private final class ALSAOutput {
    private let pcm: OpaquePointer
    private let writei: @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt) -> Int
    private let drop: @convention(c) (OpaquePointer?) -> Int32
    private let drain: @convention(c) (OpaquePointer?) -> Int32
    private let recover: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32

    private init(pcm: OpaquePointer, writei: @escaping @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt) -> Int,
                 drop: @escaping @convention(c) (OpaquePointer?) -> Int32, drain: @escaping @convention(c) (OpaquePointer?) -> Int32,
                 recover: @escaping @convention(c) (OpaquePointer?, Int32, Int32) -> Int32) {
        self.pcm = pcm; self.writei = writei; self.drop = drop; self.drain = drain; self.recover = recover
    }

    static func open(device: String, sampleRate: Int) -> ALSAOutput? {
        // A machine without sound devices has nothing to open (and ALSA would print its failure to standard error).
        guard FileManager.default.fileExists(atPath: "/dev/snd"), let handle = dlopen("libasound.so.2", RTLD_NOW) else { return nil }
        func symbol<T>(_ name: String, as: T.Type) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: T.self) } }
        typealias Open = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
        typealias SetParams = @convention(c) (OpaquePointer?, Int32, Int32, UInt32, UInt32, Int32, UInt32) -> Int32
        guard let open = symbol("snd_pcm_open", as: Open.self), let setParams = symbol("snd_pcm_set_params", as: SetParams.self),
              let writei = symbol("snd_pcm_writei", as: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt) -> Int).self),
              let drop = symbol("snd_pcm_drop", as: (@convention(c) (OpaquePointer?) -> Int32).self),
              let drain = symbol("snd_pcm_drain", as: (@convention(c) (OpaquePointer?) -> Int32).self),
              let recover = symbol("snd_pcm_recover", as: (@convention(c) (OpaquePointer?, Int32, Int32) -> Int32).self)
        else { return nil }
        var pcm: OpaquePointer?
        // SND_PCM_STREAM_PLAYBACK (0), blocking; SND_PCM_FORMAT_S16_LE (2), SND_PCM_ACCESS_RW_INTERLEAVED (3), mono,
        // resampling allowed, 100 ms of latency.
        guard open(&pcm, device, 0, 0) == 0, let pcm else { return nil }
        guard setParams(pcm, 2, 3, 1, UInt32(sampleRate), 1, 100_000) == 0 else { return nil }
        return ALSAOutput(pcm: pcm, writei: writei, drop: drop, drain: drain, recover: recover)
    }

    /// Plays `samples` in blocks of 20 ms, stopping (and dropping what is queued) when `stop` says so.
    func play(_ samples: [Int16], stop: () -> Bool) {
        let block = 441
        var start = 0
        samples.withUnsafeBufferPointer { buffer in
            while start < buffer.count {
                if stop() { _ = drop(pcm); return }
                let count = min(block, buffer.count - start)
                let written = writei(pcm, buffer.baseAddress! + start, UInt(count))
                if written < 0 {
                    guard recover(pcm, Int32(written), 1) == 0 else { return }
                    continue
                }
                start += written
            }
            _ = drain(pcm)
        }
    }
}

/// A WAV file of 16-bit mono samples, its header's sizes kept right after every append (a reader that stops at any
/// moment leaves a playable file).
final class WAVWriter {
    private let handle: FileHandle
    private let sampleRate: Int
    private var dataBytes = 0

    init?(path: String, sampleRate: Int) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            ScreenReader.log.error("screen reader: cannot write the WAV file at \(path)")
            return nil
        }
        self.handle = handle
        self.sampleRate = sampleRate
        handle.write(header())
    }

    func append(_ samples: [Int16]) {
        handle.seekToEndOfFile()
        samples.withUnsafeBytes { handle.write(Data($0)) }
        dataBytes += samples.count * 2
        handle.seek(toFileOffset: 0)
        handle.write(header())
    }

    private func header() -> Data {
        var d = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + dataBytes)
        d.append(contentsOf: Array("WAVEfmt ".utf8)); u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(dataBytes)
        return d
    }
}
