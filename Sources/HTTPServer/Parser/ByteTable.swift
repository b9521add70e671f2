/// A class for every byte value, looked up in one load: for the loops that read every byte of
/// a request or a log line, where a few comparisons per byte add up.
package enum ByteTable {
    /// The 256 classes `classify` gives, made once by the caller's `static let` and never
    /// written again (so shared by every thread), never freed.
    package static func make(_ classify: (UInt8) -> UInt8) -> UnsafePointer<UInt8> {
        let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0...255 { classes[byte] = classify(UInt8(byte)) }
        return UnsafePointer(classes)
    }
}
