/// The one thing every `LLVMFuzzerTestOneInput` does: hand libFuzzer's bytes to a target.
public enum FuzzInput {
    /// Runs `target` on the `size` bytes at `data` (nil when empty); 0 is libFuzzer's "go on".
    public static func run(_ data: UnsafePointer<UInt8>?, _ size: Int, _ target: ([UInt8]) -> Void) -> Int32 {
        target(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
