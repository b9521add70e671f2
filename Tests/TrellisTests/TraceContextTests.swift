import Testing
@testable import Trellis

/// W3C Trace Context (SPEC §6.3): a valid `traceparent` is continued, anything else starts a
/// new trace, and each upstream call gets a new parent id.
@Suite struct TraceContextTests {
    static let valid = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"

    @Test func aValidTraceparentIsContinued() {
        let trace = TraceContext(traceparent: Self.valid)
        #expect(trace.continued && trace.traceID == "0af7651916cd43dd8448eb211c80319c" && trace.flags == 1)
    }

    @Test(arguments: [
        "", "garbage", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331",  // too short
        "00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01",               // upper case
        "00-00000000000000000000000000000000-b7ad6b7169203331-01",               // zero trace id
        "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",               // zero parent id
        "ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",               // version ff
        "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-extra",         // version 00 with more
        "00_0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    ])
    func aMalformedTraceparentStartsANewTrace(header: String) {
        let trace = TraceContext(traceparent: header)
        #expect(!trace.continued && trace.traceID.count == 32 && trace.traceID != "0af7651916cd43dd8448eb211c80319c")
        #expect(trace.traceID.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    @Test func aLaterVersionMayCarryMoreFields() {
        #expect(TraceContext(traceparent: "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-future").continued)
    }

    @Test func newTracesDifferAndChildrenKeepTheTraceWithANewParent() {
        #expect(TraceContext(traceparent: nil).traceID != TraceContext(traceparent: nil).traceID)
        let trace = TraceContext(traceparent: Self.valid)
        let first = trace.childTraceparent(), second = trace.childTraceparent()
        #expect(first.hasPrefix("00-0af7651916cd43dd8448eb211c80319c-") && first.hasSuffix("-01") && first.count == 55)
        #expect(first != second && !first.contains("b7ad6b7169203331"))
        #expect(TraceContext(traceparent: first).continued)
    }
}
