import FuzzSupport

/// libFuzzer entry point: the request parser and its chunked decoder on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzInput.run(data, size, RequestParserTarget.run) }
