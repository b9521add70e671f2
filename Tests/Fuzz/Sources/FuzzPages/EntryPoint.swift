import FuzzSupport

/// libFuzzer entry point: one file of the sample Pages folder replaced by arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzInput.run(data, size, PagesTarget.run) }
