import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import HTTPServer

/// `HeadMemo`: a request head answered again without being parsed or handled is found by its
/// exact bytes, and a connection answers it as it answers the request parsed and handled.
@Suite struct HeadMemoTests {
    /// Generated cases of the differential tests below (`GeneratedCases`).
    static let cases = GeneratedCases.count(default: 2_000)

    /// The twin of `HeadMemo.headLength`: the first CR LF CR LF, looked for a byte at a time.
    static func headLengthByteByByte(_ bytes: [UInt8]) -> Int? {
        let limit = min(bytes.count, HeadMemo.maxHeadBytes)
        guard limit >= 4 else { return nil }
        return (4...limit).first { bytes[($0 - 4)..<$0].elementsEqual([13, 10, 13, 10]) }
    }

    @Test func aHeadEndsAtItsFirstBlankLineWithinTheBound() {
        var random = SeededGenerator(seed: 0x4EAD)
        // Mostly letters, with CRs and LFs in every arrangement; lengths across the bound.
        let alphabet = Array("AAAAAAAAAAAA: \r\r\n\n".utf8)
        for index in 0..<Self.cases {
            let count = index % 10 == 0 ? Int.random(in: 1000...1100, using: &random) : Int.random(in: 0...120, using: &random)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
            let found = bytes.withUnsafeBytes { HeadMemo.headLength($0) }
            #expect(found == Self.headLengthByteByByte(bytes), "\(bytes)")
        }
        for end in [HeadMemo.maxHeadBytes - 1, HeadMemo.maxHeadBytes, HeadMemo.maxHeadBytes + 1] {
            let bytes = [UInt8](repeating: 65, count: end - 4) + [13, 10, 13, 10] + [65]
            let found = bytes.withUnsafeBytes { HeadMemo.headLength($0) }
            #expect(found == (end <= HeadMemo.maxHeadBytes ? end : nil), "a head of \(end) bytes")
        }
    }

    /// The twin of `ResponseHead.Template`: `render`, then the preformatted lines and CRLF. For
    /// generated responses (statuses with and without bodies, fields, preformatted lines), both
    /// versions, the client's ids and ids the server makes, and another second's `Date`.
    @Test func aHeadFromItsTemplateIsTheHeadRendered() {
        var random = SeededGenerator(seed: 0x7E3A)
        let serverLine = Array("Server: Trellis\r\n".utf8)
        for index in 0..<Self.cases {
            let status = [200, 204, 304, 404, 299].randomElement(using: &random)!
            var response = HTTPResponse(status: status, body: Array(repeating: 65, count: Int.random(in: 0...1500, using: &random)))
            for field in 0..<Int.random(in: 0...3, using: &random) { response.headers.add("X-Field-\(field)", "value \(index)") }
            if Bool.random(using: &random) { response.preformattedHeaders = Array("Cache-Control: public, max-age=\(index)\r\n".utf8) }
            let version: HTTPVersion = Bool.random(using: &random) ? .http1_1 : .http1_0
            let clientID = ["client-1", "a-much-longer-client-id-\(index)", nil].randomElement(using: &random)!
            let registered = Array("Date: Fri, 27 Nov 2026 15:18:47 GMT\r\n".utf8), now = Array("Date: Sat, 28 Nov 2026 01:02:03 GMT\r\n".utf8)
            let template = ResponseHead.Template(response, version: version, clientID: clientID, serverLine: serverLine, dateLine: registered)
            let id = clientID ?? RequestID.next()
            var written: [UInt8] = []
            #expect(template.write(into: &written, dateLine: now, requestID: id))
            var rendered: [UInt8] = []
            ResponseHead.render(response, into: &rendered, requestID: id, version: version, closing: false, serverLine: serverLine, dateLine: now)
            rendered += response.preformattedHeaders + [13, 10]
            #expect(written == rendered, "\(String(decoding: written, as: UTF8.self))")
        }
        let template = ResponseHead.Template(HTTPResponse(status: 200), version: .http1_1, clientID: nil, serverLine: serverLine, dateLine: [])
        var written: [UInt8] = []
        #expect(!template.write(into: &written, dateLine: Array("Date: x\r\n".utf8), requestID: RequestID.next()) && written.isEmpty,
                "a Date line of another length does not fit")
    }

    /// An answer that always stands.
    final class Standing: RepeatableAnswer {
        func answersAgain(_ response: inout HTTPResponse) -> Bool { true }
    }

    static func sight(_ memo: HeadMemo, _ text: String) -> HeadMemo.Sighting? {
        Array(text.utf8).withUnsafeBytes { memo.sight($0) }
    }

    @Test func aHeadIsRememberedAtItsSecondSightingAndAnswersOnlyItsOwnBytes() throws {
        let memo = HeadMemo(slots: 1)  // every head in one slot: only the bytes tell them apart
        let head = "GET /a HTTP/1.1\r\nHost: a\r\n\r\n"
        let first = try #require(Self.sight(memo, head))
        #expect(first.entry == nil && first.length == head.utf8.count)
        #expect(!memo.admits(first), "a head seen once is only noted")
        #expect(Self.sight(memo, "GET /b HTTP/1.1\r\nHost: a\r\n\r\n").map(memo.admits) == false, "another head seen in between")
        #expect(!memo.admits(try #require(Self.sight(memo, head))), "so this one was not seen twice in a row")
        let second = try #require(Self.sight(memo, head))
        #expect(memo.admits(second), "seen again in a row at its slot")
        let entry = HeadMemo.Entry(length: second.length, hash: second.hash, request: HTTPRequest(method: "GET", target: "/a"),
                                   response: HTTPResponse(status: 200), answer: Standing(), serverLine: [], dateLine: [])
        Array(head.utf8).withUnsafeBytes { memo.remember(entry, head: $0) }
        #expect(Self.sight(memo, head)?.entry === entry)
        #expect(Self.sight(memo, head + "GET /next")?.entry === entry, "the next request's bytes after it change nothing")
        #expect(Self.sight(memo, "GET /b HTTP/1.1\r\nHost: a\r\n\r\n")?.entry == nil, "one byte else")
        #expect(Self.sight(memo, "GET /a HTTP/1.1\r\nhost: a\r\n\r\n")?.entry == nil, "a name's case")
        #expect(Self.sight(memo, "\r\n" + head)?.entry == nil, "an empty line before it")
        #expect(Self.sight(memo, String(head.dropLast()))?.entry == nil, "not complete yet: nothing to look up")
    }

    /// The oracle: generated pipelined request sequences, sent in random pieces, get the same
    /// bytes (but `Date` and the ids the server makes) and the same exchange records from a
    /// server whose loop answers repeated heads from its memo as from one that parses and
    /// handles every request; and the memo did answer.
    @Test func answersGivenAgainAreTheAnswersOfRequestsHandled() throws {
        let (memoized, memoizedHandler) = try Self.server(repeatedHeads: 16)
        let (plain, plainHandler) = try Self.server(repeatedHeads: 0)
        defer {
            memoized.stop()
            plain.stop()
        }
        var random = SeededGenerator(seed: 0x5EED_4EAD)
        let heads = (0..<14).map { _ in Self.randomRequest(&random) }
        var sent = 0, madeIDs: [String] = []
        while sent < Self.cases {
            if Int.random(in: 0..<8, using: &random) == 0 {
                for handler in [memoizedHandler, plainHandler] { handler.version.add(1, ordering: .relaxed) }
            }
            let count = Int.random(in: 1...24, using: &random)
            let batch = (0..<count).map { _ in heads.randomElement(using: &random)! }.joined() + Self.closing
            sent += count
            let pieces = Self.pieces(Array(batch.utf8), &random)
            let answers = try [memoized, plain].map { server in
                let client = try TestClient(port: server.boundPort)
                for piece in pieces { client.send(piece) }
                return NormalizedAnswers.of(try client.readToEnd())
            }
            #expect(answers[0].text == answers[1].text, "\(batch)")
            madeIDs += answers[0].madeIDs
            #expect(memoizedHandler.records == plainHandler.records, "\(batch)")
        }
        #expect(Set(madeIDs).count == madeIDs.count, "an id the server made is never made again")
        #expect(plainHandler.answeredAgain.load(ordering: .relaxed) == 0)
        let again = memoizedHandler.answeredAgain.load(ordering: .relaxed)
        // Most heads here can't be answered again (other methods, paths or answers given later),
        // and closing requests cut batches short: a tenth of those sent is plenty.
        #expect(again > Self.cases / 20, "the memo answered \(again) of \(Self.cases)")
    }

    /// The oracle of answering where the bytes were read (`Connection.answerRepeatedHeads`):
    /// one keep-alive connection to each server sends rounds of requests, each round once the
    /// answers to the last have come, so a read starts with a new request as an app's do. A
    /// round repeats the request before it or not, sends one or several at once, or leaves its
    /// last head half sent for the next round. The answers and exchange records are those of
    /// the server that parses and handles every request, and the memo answered most of them.
    @Test func aClientSendingItsRequestAgainGetsTheAnswersOfRequestsHandled() throws {
        let (memoized, memoizedHandler) = try Self.server(repeatedHeads: 16)
        let (plain, plainHandler) = try Self.server(repeatedHeads: 0)
        defer {
            memoized.stop()
            plain.stop()
        }
        let clients = try [TestClient(port: memoized.boundPort), TestClient(port: plain.boundPort)]
        var random = SeededGenerator(seed: 0xA6A1_4EAD)
        let heads = ["GET /r1 HTTP/1.1\r\nHost: a\r\nX-Echo: a\r\n\r\n", "GET /r1 HTTP/1.1\r\nHost: a\r\nX-Echo: b\r\n\r\n",
                     "HEAD /r2?q=1 HTTP/1.1\r\nHost: a\r\nX-Echo: a\r\n\r\n", "GET /x HTTP/1.1\r\nHost: a\r\nX-Echo: a\r\n\r\n",
                     "POST /r1 HTTP/1.1\r\nHost: a\r\nX-Echo: a\r\nContent-Length: 3\r\n\r\nabc"]
        var last = heads[0], carried: (head: String, rest: [UInt8])?, answered = 0
        while answered < Self.cases {
            if Int.random(in: 0..<16, using: &random) == 0 {
                for handler in [memoizedHandler, plainHandler] { handler.version.add(1, ordering: .relaxed) }
            }
            var round = carried?.rest ?? [], owed = carried.map { [$0.head] } ?? []
            carried = nil
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if Int.random(in: 0..<4, using: &random) == 0 { last = heads.randomElement(using: &random)! }
                round += Array(last.utf8)
                owed.append(last)
            }
            if Int.random(in: 0..<5, using: &random) == 0 {
                // The last head goes half now, half at the start of the next round.
                let split = Int.random(in: 1..<last.utf8.count, using: &random)
                carried = (owed.removeLast(), Array(round[(round.count - last.utf8.count + split)...]))
                round.removeLast(carried!.rest.count)
            }
            let answers = try clients.map { client in
                client.send(round)
                return try owed.map { head in Self.normalized(try client.readResponse(head: head.hasPrefix("HEAD"))) }
            }
            #expect(answers[0] == answers[1], "\(owed)")
            answered += owed.count
        }
        if let carried {  // the last head's rest
            let answers = try clients.map { client in
                client.send(carried.rest)
                return Self.normalized(try client.readResponse(head: carried.head.hasPrefix("HEAD")))
            }
            #expect(answers[0] == answers[1])
        }
        // Nothing is left in hand: a drain closes both idle connections at once.
        for server in [memoized, plain] { server.drain(grace: .zero, timeout: .seconds(30)) {} }
        for client in clients { #expect(try client.readsEOF()) }
        #expect(memoizedHandler.records == plainHandler.records)
        #expect(plainHandler.answeredAgain.load(ordering: .relaxed) == 0)
        let again = memoizedHandler.answeredAgain.load(ordering: .relaxed)
        #expect(again > answered / 3, "the memo answered \(again) of \(answered)")
    }

    /// Bytes being answered where they were read count as buffered while they are: an answer
    /// given meanwhile knows more requests follow it (in a drain it does not close the
    /// connection before them, `ConnectionStateMachine.responseCloses`).
    @Test func bytesAnsweredWhereTheyWereReadCountAsBuffered() {
        let work = ConnectionWork(limits: RequestLimits())
        #expect(!work.bytesBuffered && work.isEmpty)
        work.unappended = 40
        #expect(work.bytesBuffered && !work.isEmpty)
        work.unappended = 0
        work.inbound = Array("GET".utf8)
        #expect(work.bytesBuffered)
        work.inboundStart = 3
        #expect(!work.bytesBuffered)
    }

    /// A response as text without what differs between two servers (`Date`, a made id).
    static func normalized(_ response: TestClient.Response) -> String {
        NormalizedAnswers.of(Array((["\(response.status)"] + response.headers.map { "\($0.0): \($0.1)" }).joined(separator: "\r\n").utf8)
            + [13, 10] + response.body).text
    }

    static func server(repeatedHeads: Int) throws -> (HTTPServer, RepeatingHandler) {
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.eventLoops = 1
        configuration.repeatedHeads = repeatedHeads
        let handler = RepeatingHandler()
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        return (server, handler)
    }

    /// Every batch ends with a request that closes the connection (unless one before it did).
    static let closing = "GET /end HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"

    /// A request of the kinds a memo must tell apart: methods with and without a body, HTTP/1.0,
    /// closing ones, the client's own ids (valid or not), an empty line before the request,
    /// answers given later, and heads only a case or a value apart.
    static func randomRequest(_ random: inout SeededGenerator) -> String {
        let method = ["GET", "GET", "GET", "HEAD", "POST", "BODY"].randomElement(using: &random)!
        let target = ["/r1", "/r1", "/r2?q=1", "/r3", "/later", "/gone", "/x"].randomElement(using: &random)!
        let version = Int.random(in: 0..<10, using: &random) == 0 ? "HTTP/1.0" : "HTTP/1.1"
        var head = (Int.random(in: 0..<12, using: &random) == 0 ? "\r\n" : "")
            + "\(method == "BODY" ? "GET" : method) \(target) \(version)\r\n"
            + (Bool.random(using: &random) ? "Host: a\r\n" : "host: a\r\n")
            + "X-Echo: \(["a", "b"].randomElement(using: &random)!)\r\n"
        switch Int.random(in: 0..<6, using: &random) {
        case 0: head += "X-Request-Id: client-\(Int.random(in: 0..<3, using: &random))\r\n"
        case 1: head += "X-Request-Id: not valid\r\n"
        default: break
        }
        if version == "HTTP/1.0", Bool.random(using: &random) { head += "Connection: keep-alive\r\n" }
        if Int.random(in: 0..<14, using: &random) == 0 { head += "Connection: close\r\n" }
        guard method == "POST" || method == "BODY" else { return head + "\r\n" }
        return head + "Content-Length: 3\r\n\r\nabc"
    }

    /// `bytes` cut at up to three random places.
    static func pieces(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [[UInt8]] {
        let cuts = (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 0...bytes.count, using: &random) }.sorted()
        return zip([0] + cuts, cuts + [bytes.count]).map { Array(bytes[$0..<$1]) }
    }
}

/// The handler of the differential test: answers each request with what it read of it (method,
/// target, `X-Echo`, the body's size) and its version (which the test moves on between
/// batches), at once but for `/later` (from another thread); an answer to a `GET` or `HEAD` of
/// `/r…` may be given again while its version stands, with the annotation a handled request
/// gets. It records every exchange as text (the ids it made left out).
final class RepeatingHandler: HTTPHandler {
    let version = Atomic<Int>(0)
    let answeredAgain = Atomic<Int>(0)
    private let exchanges = Mutex<[String]>([])

    var records: [String] { exchanges.withLock { $0 } }

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        let response = Self.response(request, version: version.load(ordering: .relaxed))
        guard request.path == "/later" else { return responder.respond(response) }
        DispatchQueue.global().async { responder.respond(response) }
    }

    static func response(_ request: HTTPRequest, version: Int) -> HTTPResponse {
        let text = "v\(version) \(request.method) \(request.target) \(request.headers["X-Echo"] ?? "-") \(request.body.count)"
        var response = HTTPResponse(status: request.path == "/gone" ? 404 : 200, headers: HTTPHeaders([("X-Version", "\(version)")]),
                                    body: Array(text.utf8))
        response.preformattedHeaders = Array("X-Pre: 1\r\n".utf8)
        response.annotation = annotation(request, version: version)
        return response
    }

    static func annotation(_ request: HTTPRequest, version: Int) -> String {
        "v\(version) \(request.target)"
    }

    func repeatable(_ request: HTTPRequest, response: HTTPResponse, loop: Int) -> (any RepeatableAnswer)? {
        guard request.path.hasPrefix("/r") else { return nil }
        let version = version.load(ordering: .relaxed)
        return Again(handler: self, version: version, annotation: Self.annotation(request, version: version))
    }

    func didRespond(_ exchange: HTTPExchange) {
        let id = exchange.requestID.utf8.count == 15 && exchange.requestID.allSatisfy(\.isHexDigit) ? "-" : exchange.requestID
        let record = "\(id) \(exchange.method) \(exchange.path) \(exchange.status) \(exchange.bodyBytes) "
            + "\(exchange.annotation as? String ?? "none") \(exchange.written) \(exchange.requestHeaders.count) "
            + "\(exchange.requestHeaders["X-Echo"] ?? "-")"
        exchanges.withLock { $0.append(record) }
    }

    /// An answer that stands while the handler's version is the one it was given in.
    final class Again: RepeatableAnswer {
        let handler: RepeatingHandler
        let version: Int
        let annotation: String

        init(handler: RepeatingHandler, version: Int, annotation: String) {
            self.handler = handler
            self.version = version
            self.annotation = annotation
        }

        func answersAgain(_ response: inout HTTPResponse) -> Bool {
            guard handler.version.load(ordering: .relaxed) == version else { return false }
            handler.answeredAgain.add(1, ordering: .relaxed)
            response.annotation = annotation
            return true
        }
    }
}
