import Testing
@testable import HTTPServer

@Suite("ResponseHead: the server's part of a response head")
struct ResponseHeadTests {
    static func head(_ response: HTTPResponse, version: HTTPVersion = .http1_1, closing: Bool = false) -> String {
        var out: [UInt8] = []
        ResponseHead.render(response, into: &out, requestID: "0123456789abcde", version: version, closing: closing,
                            serverLine: Array("Server: t\r\n".utf8), dateLine: Array("Date: d\r\n".utf8))
        return String(decoding: out, as: UTF8.self)
    }

    @Test func linesComeInOrderWithTheLengthAndTheHandlersFields() {
        var response = HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain")]), body: Array("hello".utf8))
        response.headers.add("Content-Length", "99")  // the server's own: dropped
        #expect(Self.head(response) == "HTTP/1.1 200 OK\r\nDate: d\r\nServer: t\r\nX-Request-Id: 0123456789abcde\r\n"
            + "Content-Length: 5\r\nContent-Type: text/plain\r\n")
    }

    @Test func bodilessStatusesCloseAndHTTP10KeepAlive() {
        #expect(Self.head(HTTPResponse(status: 304), closing: true)
            == "HTTP/1.1 304 Not Modified\r\nDate: d\r\nServer: t\r\nX-Request-Id: 0123456789abcde\r\nConnection: close\r\n")
        #expect(Self.head(HTTPResponse(status: 204), version: .http1_0).hasSuffix("0123456789abcde\r\nConnection: keep-alive\r\n"))
    }

    @Test func everyStatusLineNamesItsCodeAndAnUnlistedOneIsUnknown() {
        for status in 100...599 {
            let line = ResponseHead.statusLine(status).map { $0.description }
            #expect(line.map { $0.hasPrefix("HTTP/1.1 \(status) ") && $0.hasSuffix("\r\n") } ?? true, "\(status)")
        }
        #expect(Self.head(HTTPResponse(status: 299)).hasPrefix("HTTP/1.1 299 Unknown\r\nDate: d\r\n"))
        #expect(Self.head(HTTPResponse(status: 431)).hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
    }
}
