import FuzzSupport

/// libFuzzer entry point: the JSON parser on arbitrary bytes, and its writers on what parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzInput.run(data, size, JSONTarget.run) }
