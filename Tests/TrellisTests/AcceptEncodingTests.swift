import HTTPServer
import Testing
@testable import Trellis

@Suite struct AcceptEncodingTests {
    @Test(arguments: [
        ("gzip", ContentCoding.gzip),
        ("GZIP", .gzip),
        ("x-gzip", .gzip),
        ("X-Gzip;q=0.2", .gzip),
        ("gzip;q=0", .identity),
        ("gzip; q=0.5, identity;q=1", .identity),
        ("gzip;q=1, identity;q=1", .gzip),
        ("*", .gzip),
        ("*;q=0", .identity),
        ("*;q=0, gzip", .gzip),
        ("*;q=0.5, gzip;q=0.4", .identity),
        ("br", .identity),
        ("br;q=1, gzip;q=0.001", .gzip),
        ("deflate, gzip;q=0", .identity),
        ("identity;q=0", .identity),
        ("identity;q=0, gzip;q=0.1", .gzip),
        ("", .identity),
        ("   ", .identity),
        (" gzip ", .gzip),
        ("br ,\tgzip ; q=0.7 , identity ;q=0.5", .gzip),
        (",, gzip ,", .gzip),
        ("gzip;q=1.0", .gzip),
        ("gzip;q=1.000", .gzip),
        ("gzip;q=1.5", .identity),
        ("gzip;q=1.001", .identity),
        ("gzip;q=0.0001", .identity),
        ("gzip;q=abc", .identity),
        ("gzip;q=", .identity),
        ("gzip;Q=0.5", .gzip),
        ("gzip;level=9", .gzip),
    ])
    func negotiates(header: String, expected: ContentCoding) {
        #expect(AcceptEncoding.preferredCoding(HTTPHeaders([("Accept-Encoding", header)])) == expected)
    }

    @Test func theFirstFieldIsReadAndAnAbsentOneMeansIdentity() {
        #expect(AcceptEncoding.preferredCoding(HTTPHeaders([("accept-encoding", "gzip"), ("Accept-Encoding", "identity")])) == .gzip)
        #expect(AcceptEncoding.preferredCoding(HTTPHeaders()) == .identity)
        #expect(AcceptEncoding.preferredCoding(HTTPHeaders([("Accept", "*/*")])) == .identity)
    }

    @Test(arguments: [
        ("0", 0), ("1", 1000), ("0.5", 500), ("0.123", 123), ("0.", 0), ("1.", 1000), ("1.000", 1000),
    ])
    func parsesQValues(text: String, thousandths: Int) {
        #expect(AcceptEncoding.qValue(text[...].utf8) == thousandths)
    }

    @Test(arguments: ["", "2", "0.1234", "1.1", ".5", "0,5", "-0", "0.5x"])
    func rejectsMalformedQValues(text: String) {
        #expect(AcceptEncoding.qValue(text[...].utf8) == nil)
    }

    @Test func codingRawValueIsTheHeaderToken() {
        #expect(ContentCoding.gzip.rawValue == "gzip")
    }
}
