/// Where to cut an input into pieces, as a network would: derived from the input's own bytes
/// (FNV-1a, then xorshift), so the same input always splits the same way and a saved crash
/// replays exactly, while the fuzzer's mutations keep trying new cuts.
public enum SplitPoints {
    /// Up to `maxCuts` sorted, distinct offsets strictly inside `0..<count`.
    public static func cuts(of input: [UInt8], maxCuts: Int) -> [Int] {
        guard input.count > 1, maxCuts > 0 else { return [] }
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in input { state = (state ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state |= 1
        var cuts = Set<Int>()
        for _ in 0..<Int(state % UInt64(maxCuts + 1)) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            cuts.insert(1 + Int(state % UInt64(input.count - 1)))
        }
        return cuts.sorted()
    }

    /// The input cut at `cuts` into consecutive, non-empty pieces.
    public static func pieces(of input: [UInt8], at cuts: [Int]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        for cut in cuts + [input.count] where cut > start {
            pieces.append(input[start..<cut])
            start = cut
        }
        return pieces
    }
}
