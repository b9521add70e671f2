import Glibc

/// A minimal blocking HTTP/1.1 client for the served-hit benchmark: one keep-alive
/// connection to 127.0.0.1, requests pipelined `depth` at a time, answers framed by
/// `Content-Length` (the server always sends it, for a page, an action or an error).
enum LoopbackClient {
    /// Sends `request` `count` times to `port` and returns how many answers with `status` came
    /// back (fewer when the connection fails or an answer has another status).
    static func exchange(port: Int, request: [UInt8], count: Int, depth: Int, status: Int = 200) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return 0 }
        var reader = ResponseReader(fd: fd)
        var answered = 0
        while answered < count {
            let batch = min(depth, count - answered)
            let bytes = (0..<batch).flatMap { _ in request }
            guard sendAll(fd, bytes) else { return answered }
            for _ in 0..<batch {
                guard reader.nextStatus() == status else { return answered }
                answered += 1
            }
        }
        return answered
    }

    private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    /// Reads whole responses off a socket (this server's: `Content-Length` as it writes it).
    private struct ResponseReader {
        let fd: Int32
        var buffer: [UInt8] = []
        var start = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)

        /// The status of the next response, after reading its body; nil on EOF or garbage.
        mutating func nextStatus() -> Int? {
            while true {
                if let (status, length) = head(), buffer.count - start >= length {
                    start += length
                    return status
                }
                if start == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                }
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { return nil }
                buffer.append(contentsOf: chunk[..<n])
            }
        }

        /// The status and head-plus-body length of the response at `start`, once its head is in.
        private func head() -> (status: Int, length: Int)? {
            let crlfcrlf: [UInt8] = [13, 10, 13, 10]
            let marker = Array("\r\nContent-Length: ".utf8)
            guard buffer.count - start >= 16, let end = find(crlfcrlf, from: start) else { return nil }
            let status = buffer[start + 9..<start + 12].reduce(0) { $0 * 10 + Int($1) - 48 }
            var body = 0
            if let field = find(marker, from: start), field < end {
                var index = field + marker.count
                while buffer[index] != 13 {
                    body = body * 10 + Int(buffer[index]) - 48
                    index += 1
                }
            }
            return (status, end + 4 + body - start)
        }

        private func find(_ needle: [UInt8], from: Int) -> Int? {
            guard buffer.count >= needle.count else { return nil }
            var index = from
            while index <= buffer.count - needle.count {
                if buffer[index] == needle[0], buffer[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
    }
}
