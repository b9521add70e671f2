import FuzzSupport

/// libFuzzer entry point: the client's response parser on arbitrary bytes from a peer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUpstreamReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzInput.run(data, size, UpstreamReaderTarget.run) }
