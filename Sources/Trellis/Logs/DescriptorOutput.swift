import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// Writing whole buffers of log lines to a descriptor (stdout, stderr, a pipe), shared by the
/// access log's writer thread and the JSON log handler.
enum DescriptorOutput {
    /// Writes all of `bytes` to `fileDescriptor`, waiting while a non-blocking one is full;
    /// returns how many were written before it failed (a closed pipe), `bytes.count` when none.
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32) -> Int {
        var offset = 0
        while offset < bytes.count {
            let result = Result { () throws(SystemError) in
                try System.write(fileDescriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            }
            switch result {
            case .success(.processed(let written)):
                offset += written
            case .success(.wouldBlock):
                _ = try? System.poll(fileDescriptor, for: Int16(POLLOUT), timeoutMillis: -1)
            case .failure:
                return offset
            }
        }
        return offset
    }
}
