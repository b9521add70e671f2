import Testing
@testable import HTTPServer

@Suite("Parser: versions and methods")
struct VersionAndMethodTests {
    @Test(arguments: ["HTTP/1.2", "HTTP/1.9"])
    func laterMinorVersionsAreServedAsHTTP11(_ version: String) {
        #expect(parseOnce("GET / \(version)\r\nHost: a\r\n\r\n").request?.version == .http1_1)
    }

    @Test func laterMinorVersionsNeedHostLikeHTTP11() {
        #expect(parseOnce("GET / HTTP/1.2\r\n\r\n").errorStatus == 400)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/3.0", "HTTP/0.9", "HTTP/9.9"])
    func otherMajorVersionsAre505(_ version: String) throws {
        let error = try #require(parseOnce("GET / \(version)\r\nHost: a\r\n\r\n").error)
        #expect(error.status == 505)
        #expect(error.code == "http_version_not_supported")
    }

    @Test func http2PrefaceIsAnswered505AtItsFirstLine() throws {
        var parser = RequestParser()
        let error = try #require(parser.parse(Array("PRI * HTTP/2.0\r\n".utf8)).error)
        #expect(error.status == 505)
        #expect(error.message.contains("HTTP/2 is not supported"))
        #expect(error.message.contains("cleartext"))
    }

    @Test(arguments: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH"])
    func knownMethodsReachTheHandler(_ method: String) {
        #expect(parseOnce("\(method) /x HTTP/1.1\r\nHost: a\r\n\r\n").request?.method == method)
    }

    @Test(arguments: ["FISH", "get", "PROPFIND", "BREW"])
    func unknownMethodsAre501(_ method: String) throws {
        let error = try #require(parseOnce("\(method) / HTTP/1.1\r\nHost: a\r\n\r\n").error)
        #expect(error.status == 501)
        #expect(error.code == "not_implemented")
        #expect(error.message.contains(method))
    }

    @Test func unknownMethodIsAnsweredBeforeTheHeadEnds() {
        var parser = RequestParser()
        #expect(parser.parse(Array("FISH / HTTP/1.1\r\n".utf8)).errorStatus == 501)
    }

    @Test func optionsAsteriskReachesTheHandlerWithPathAsterisk() throws {
        let request = try #require(parseOnce("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n").request)
        #expect(request.method == "OPTIONS")
        #expect(request.path == "*")
        #expect(request.query == nil)
    }
}
