/// The answers of a backend that breaks keep-alive's one-request-one-response order, for
/// `FakeUpstream`'s `.steps`: interim responses before the final one, an extra response after
/// it, bare-LF line ends, a close in the middle. Every final response names the user it is
/// for (the request's `Authorization`), so a client that hands one user's answer to another
/// is caught.
enum HostileAnswer {
    /// `103 Early Hints`, an interim response (RFC 9110 §15.4.1).
    static let earlyHints = "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
    /// `100 Continue`, an interim response.
    static let continueInterim = "HTTP/1.1 100 Continue\r\n\r\n"

    /// The user a request is for: its `Authorization` value.
    static func user(in head: String) -> String {
        FakeUpstream.value(of: "Authorization", in: head)
    }

    /// A keep-alive 200 whose JSON body is `{"user":"<user>"}`.
    static func ok(for user: String) -> String {
        let body = #"{"user":""# + user + #""}"#
        return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// `ok(for:)` with every line ended by a bare LF.
    static func bareLF(for user: String) -> String {
        ok(for: user).replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The user's 200 after a 103, in its own segment (the 200 once the test opens the gate)
    /// or in one segment with it (a 100 too).
    static func hintsFirst(oneSegment: Bool) -> @Sendable (String, Int) -> [FakeUpstream.Step] {
        { head, _ in
            oneSegment ? [.send(earlyHints + continueInterim + ok(for: user(in: head)))]
                       : [.send(earlyHints), .awaitGate, .send(ok(for: user(in: head)))]
        }
    }

    /// The user's 200 followed by an unsolicited 200 for `intruder` on request `number`, in one
    /// segment, or in a segment of its own once the test opens the gate (after the client is
    /// done with the 200); other requests get only their 200.
    static func extraResponse(on number: Int, for intruder: String, oneSegment: Bool) -> @Sendable (String, Int) -> [FakeUpstream.Step] {
        { head, count in
            let answer = ok(for: user(in: head))
            guard count == number else { return [.send(answer)] }
            return oneSegment ? [.send(answer + ok(for: intruder))] : [.send(answer), .awaitGate, .send(ok(for: intruder))]
        }
    }
}
