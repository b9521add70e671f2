import COpenSSL

extension TLSError {
    /// The oldest queued OpenSSL error as text (`ERR_error_string_n`); clears the queue.
    public static func openSSLReason() -> String {
        var code = ERR_get_error()
        guard code != 0 else { return "unknown OpenSSL error" }
        // The first error is usually the root cause; the queue is drained so it doesn't leak.
        let first = code
        repeat { code = ERR_get_error() } while code != 0
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(first, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
