// The last-level cache size the compositor sizes its bands by, read from sysfs.
import Testing
import Foundation
@testable import VitrinePlatform

@Suite struct ProcessorCacheTests {
    @Test func sizesParseAsSysfsWritesThem() {
        #expect(ProcessorCache.parseSize("32K\n") == 32 * 1024)
        #expect(ProcessorCache.parseSize("32768K") == 32 << 20)
        #expect(ProcessorCache.parseSize("2M") == 2 << 20)
        #expect(ProcessorCache.parseSize("4096") == 4096)
        #expect(ProcessorCache.parseSize("") == nil)
        #expect(ProcessorCache.parseSize("big") == nil)
        #expect(ProcessorCache.parseSize("0K") == nil)
    }

    @Test func theHighestLevelListedIsTheLastLevel() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (i, level, size) in [(0, 1, "32K"), (1, 1, "32K"), (2, 2, "1024K"), (3, 3, "32768K")] {
            try FileManager.default.createDirectory(atPath: "\(dir)/index\(i)", withIntermediateDirectories: true)
            try "\(level)\n".write(toFile: "\(dir)/index\(i)/level", atomically: true, encoding: .utf8)
            try "\(size)\n".write(toFile: "\(dir)/index\(i)/size", atomically: true, encoding: .utf8)
        }
        #expect(ProcessorCache.lastLevelBytes(in: dir) == 32 << 20)
        // An SoC without an L3: its L2.
        try FileManager.default.removeItem(atPath: "\(dir)/index3")
        #expect(ProcessorCache.lastLevelBytes(in: dir) == 1 << 20)
        #expect(ProcessorCache.lastLevelBytes(in: dir + "/missing") == nil)
        #expect(ProcessorCache.lastLevelBytes > 0)
    }
}
