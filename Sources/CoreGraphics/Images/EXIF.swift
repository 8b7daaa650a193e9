import Foundation

/// Reads the orientation tag from a JPEG's EXIF (APP1) segment, with every offset bounds-checked: a malformed
/// segment means "no orientation", never a crash.
enum EXIF {
    static func orientation(inJPEG data: Data) -> Int? {
        let bytes = [UInt8](data.prefix(256 * 1024))
        var i = 2 // after SOI
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xD9 || marker == 0xDA { return nil } // end of image, start of scan: no EXIF before data
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, length >= 8, Array(bytes[(i + 4)..<(i + 10)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return orientation(inTIFF: Array(bytes[(i + 10)..<(i + 2 + length)]))
            }
            i += 2 + length
        }
        return nil
    }

    private static func orientation(inTIFF t: [UInt8]) -> Int? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for n in 0..<count {
            let entry = ifd + 2 + n * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let value = u16(entry + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}
