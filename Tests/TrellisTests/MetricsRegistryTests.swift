import Dispatch
import Testing
import TestSupport
@testable import Trellis

@Suite struct MetricsRegistryTests {
    @Test func rendersExactTextInRegistrationOrder() {
        let registry = MetricsRegistry()
        let requests = registry.labeledCounter("trellis_requests_total", help: "Page requests.", labelNames: ["page", "status"])
        let bytes = registry.counter("trellis_response_bytes_total", help: "Body bytes sent.")
        let duration = registry.histogram("trellis_request_duration_seconds", help: "Request duration.", buckets: [0.1, 1])
        registry.gauge("trellis_open_connections", help: "Open connections.") { 3 }
        registry.counter("trellis_cache_hits_total", help: "Cache hits.") { 7 }
        requests.increment(["home", "200"])
        requests.increment(["about", "404"], by: 2)
        requests.increment(["home", "200"])
        bytes.increment(by: 3764)
        duration.observe(0.05)
        duration.observe(.milliseconds(1500))
        #expect(registry.render() == """
            # HELP trellis_requests_total Page requests.
            # TYPE trellis_requests_total counter
            trellis_requests_total{page="about",status="404"} 2
            trellis_requests_total{page="home",status="200"} 2
            # HELP trellis_response_bytes_total Body bytes sent.
            # TYPE trellis_response_bytes_total counter
            trellis_response_bytes_total 3764
            # HELP trellis_request_duration_seconds Request duration.
            # TYPE trellis_request_duration_seconds histogram
            trellis_request_duration_seconds_bucket{le="0.1"} 1
            trellis_request_duration_seconds_bucket{le="1"} 1
            trellis_request_duration_seconds_bucket{le="+Inf"} 2
            trellis_request_duration_seconds_sum 1.55
            trellis_request_duration_seconds_count 2
            # HELP trellis_open_connections Open connections.
            # TYPE trellis_open_connections gauge
            trellis_open_connections 3
            # HELP trellis_cache_hits_total Cache hits.
            # TYPE trellis_cache_hits_total counter
            trellis_cache_hits_total 7

            """)
    }

    @Test func escapesLabelValuesAndHelp() {
        let registry = MetricsRegistry()
        let fallbacks = registry.labeledCounter("f_total", help: "a \\ b\nc \"q\"", labelNames: ["type"])
        fallbacks.increment(["back\\slash \"quoted\"\nnext"])
        #expect(registry.render() == """
            # HELP f_total a \\\\ b\\nc "q"
            # TYPE f_total counter
            f_total{type="back\\\\slash \\"quoted\\"\\nnext"} 1

            """)
    }

    /// A combining mark after `"`, `\` or a newline (or `\r` before it) joins them into one
    /// `Character`; each scalar is still escaped, so a label value can't end its quotes early.
    @Test func escapesEachScalarEvenWhenAMarkJoinsItsCharacter() {
        let registry = MetricsRegistry()
        let joined = "\"\u{301}|\\\u{301}|\n\u{301}|\r\n|>\u{301}|\u{600}<|&\u{301}|'\u{301}"
        let counter = registry.labeledCounter("j_total", help: joined, labelNames: ["type"])
        counter.increment([joined])
        let escapedHelp = "\"\u{301}|\\\\\u{301}|\\n\u{301}|\r\\n|>\u{301}|\u{600}<|&\u{301}|'\u{301}"
        let escapedValue = "\\\"\u{301}|\\\\\u{301}|\\n\u{301}|\r\\n|>\u{301}|\u{600}<|&\u{301}|'\u{301}"
        let expected = "# HELP j_total \(escapedHelp)\n# TYPE j_total counter\nj_total{type=\"\(escapedValue)\"} 1\n"
        #expect(Array(registry.render().utf8) == Array(expected.utf8))
    }

    @Test func histogramBucketsAreCumulativeAndInclusive() {
        let registry = MetricsRegistry()
        let histogram = registry.histogram("d", help: "h", buckets: Histogram.requestDurationBuckets)
        for value in [0.0001, 0.0005, 0.0007, 0.003, 0.3, 20] { histogram.observe(value) }
        let lines = registry.render().split(separator: "\n")
        #expect(lines.contains("d_bucket{le=\"0.0005\"} 2"))
        #expect(lines.contains("d_bucket{le=\"0.001\"} 3"))
        #expect(lines.contains("d_bucket{le=\"0.0025\"} 3"))
        #expect(lines.contains("d_bucket{le=\"0.005\"} 4"))
        #expect(lines.contains("d_bucket{le=\"0.5\"} 5"))
        #expect(lines.contains("d_bucket{le=\"10\"} 5"))
        #expect(lines.contains("d_bucket{le=\"+Inf\"} 6"))
        #expect(lines.contains("d_count 6"))
        #expect(lines.filter { $0.hasPrefix("d_bucket") }.count == 15)
    }

    @Test func labelledHistogramsKeepOneSeriesPerLabelValue() {
        let registry = MetricsRegistry()
        let histogram = registry.histogram("u", help: "h", buckets: [0.1, 1], labelNames: ["source"])
        histogram.observe(0.05, labels: ["b"])
        histogram.observe(0.5, labels: ["a"])
        histogram.observe(2, labels: ["a"])
        #expect(registry.render() == """
            # HELP u h
            # TYPE u histogram
            u_bucket{source="a",le="0.1"} 0
            u_bucket{source="a",le="1"} 1
            u_bucket{source="a",le="+Inf"} 2
            u_sum{source="a"} 2.5
            u_count{source="a"} 2
            u_bucket{source="b",le="0.1"} 1
            u_bucket{source="b",le="1"} 1
            u_bucket{source="b",le="+Inf"} 1
            u_sum{source="b"} 0.05
            u_count{source="b"} 1

            """)
    }

    /// The series observed last is kept apart from the others (no hashing for a run of one
    /// page): runs and switches between label values, with reads in between, count every
    /// observation where a plain tally puts it.
    @Test func runsAndSwitchesOfLabelValuesAreAllCounted() {
        let registry = MetricsRegistry()
        let histogram = registry.histogram("r", help: "h", buckets: [1], labelNames: ["page", "section"])
        var random = SeededGenerator(seed: 0x4157)
        var tally: [String: (low: Int, all: Int)] = [:]
        for step in 0..<2_000 {
            let page = ["home", "product", "search"][Int.random(in: 0..<3, using: &random)]
            let section = Bool.random(using: &random) ? "" : "deals"
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let value = Bool.random(using: &random) ? 0.5 : 2
                histogram.observe(value, labels: [page, section])
                tally["page=\"\(page)\",section=\"\(section)\"", default: (0, 0)].low += value <= 1 ? 1 : 0
                tally["page=\"\(page)\",section=\"\(section)\"", default: (0, 0)].all += 1
            }
            if step % 500 == 499 { _ = registry.render() }
        }
        let text = registry.render()
        for (labels, counts) in tally {
            #expect(text.contains("r_bucket{\(labels),le=\"1\"} \(counts.low)\n"), "\(labels)")
            #expect(text.contains("r_count{\(labels)} \(counts.all)\n"), "\(labels)")
        }
        #expect(tally.count == 6)
    }

    /// A child handed out (`LabeledCounter.child`, `Histogram.child`) counts into the same series
    /// as the values given each time; the two ways mixed, in runs, render the total.
    @Test func childrenHandedOutCountIntoTheSeriesOfTheirValues() {
        let registry = MetricsRegistry()
        let counter = registry.labeledCounter("c_total", help: "h", labelNames: ["page", "section", "status"])
        let histogram = registry.histogram("d", help: "h", buckets: [1], labelNames: ["page", "section"])
        var random = SeededGenerator(seed: 0xC41D)
        var counts: [String: Int] = [:], observed: [String: (low: Int, all: Int)] = [:]
        for step in 0..<2_000 {
            let page = ["home", "product"][Int.random(in: 0..<2, using: &random)], section = Bool.random(using: &random) ? "" : "deals"
            let value = Bool.random(using: &random) ? 0.5 : 2
            if Bool.random(using: &random) {
                counter.increment(counter.child(page, section, "200"))
                histogram.observe(nanoseconds: Int64(value * 1e9), in: histogram.child(page, section))
            } else {
                counter.increment(page, section, "200")
                histogram.observe(value, labels: [page, section])
            }
            counts["page=\"\(page)\",section=\"\(section)\",status=\"200\"", default: 0] += 1
            observed["page=\"\(page)\",section=\"\(section)\"", default: (0, 0)].low += value <= 1 ? 1 : 0
            observed["page=\"\(page)\",section=\"\(section)\"", default: (0, 0)].all += 1
            if step % 500 == 499 { _ = registry.render() }
        }
        let text = registry.render()
        for (labels, count) in counts { #expect(text.contains("c_total{\(labels)} \(count)\n"), "\(labels)") }
        for (labels, counts) in observed {
            #expect(text.contains("d_bucket{\(labels),le=\"1\"} \(counts.low)\n"), "\(labels)")
            #expect(text.contains("d_count{\(labels)} \(counts.all)\n"), "\(labels)")
        }
        #expect(counts.count == 4 && observed.count == 4)
    }

    /// A time observed as nanoseconds lands as the same `Duration` does: the same bucket and sum.
    @Test func nanosecondsAreObservedAsTheirDuration() {
        var random = SeededGenerator(seed: 0xD0A7)
        for _ in 0..<GeneratedCases.count(default: 2_000) {
            let nanoseconds = Int64.random(in: 0...20_000_000_000, using: &random) >> Int64.random(in: 0...30, using: &random)
            let (viaDuration, viaNanoseconds) = (MetricsRegistry(), MetricsRegistry())
            viaDuration.histogram("d", help: "h", buckets: Histogram.requestDurationBuckets, labelNames: ["page"])
                .observe(.nanoseconds(nanoseconds), labels: ["home"])
            viaNanoseconds.histogram("d", help: "h", buckets: Histogram.requestDurationBuckets, labelNames: ["page"])
                .observe(nanoseconds: nanoseconds, labels: LabelValues(["home"]))
            #expect(viaDuration.render() == viaNanoseconds.render(), "\(nanoseconds)")
        }
    }

    /// An unlabelled family always shows its one series; a labelled one shows none until observed.
    @Test func onlyAnUnlabelledHistogramRendersASeriesBeforeAnyObservation() {
        let registry = MetricsRegistry()
        _ = registry.histogram("plain", help: "h", buckets: [1])
        _ = registry.histogram("bysource", help: "h", buckets: [1], labelNames: ["source"])
        #expect(registry.render() == """
            # HELP plain h
            # TYPE plain histogram
            plain_bucket{le="1"} 0
            plain_bucket{le="+Inf"} 0
            plain_sum 0
            plain_count 0
            # HELP bysource h
            # TYPE bysource histogram

            """)
    }

    @Test func concurrentIncrementsSumCorrectly() {
        let registry = MetricsRegistry()
        let counter = registry.counter("c_total", help: "c")
        let labeled = registry.labeledCounter("l_total", help: "l", labelNames: ["k"])
        let histogram = registry.histogram("h", help: "h", buckets: [1])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<10_000 {
                counter.increment()
                labeled.increment([worker % 2 == 0 ? "even" : "odd"])
                histogram.observe(0.5)
            }
        }
        #expect(counter.value == 80_000)
        #expect(labeled.value(["even"]) == 40_000 && labeled.value(["odd"]) == 40_000)
        #expect(registry.render().contains("h_count 80000\n"))
    }

    @Test func formatsNumbersLikePrometheus() {
        #expect(PrometheusText.format(3) == "3")
        #expect(PrometheusText.format(0.0005) == "0.0005")
        #expect(PrometheusText.format(2.5) == "2.5")
        #expect(PrometheusText.format(.infinity) == "+Inf")
        #expect(PrometheusText.format(.nan) == "NaN")
    }
}

@Suite struct LabelValuesTests {
    @Test func valuesComeBackInOrderWhateverTheirCount() {
        #expect(LabelValues(["a"]).values == ["a"])
        #expect(LabelValues(["a", "b"]).values == ["a", "b"])
        #expect(LabelValues(["a", "b", "c", "d"]).values == ["a", "b", "c", "d"])
        #expect(LabelValues([]).values == [])
    }

    @Test func valuesWithoutAnArrayAreTheSameKeyAsWithOne() {
        #expect(LabelValues("home", "") == LabelValues(["home", ""]))
        #expect(LabelValues("home", "", "200") == LabelValues(["home", "", "200"]))
        #expect(LabelValues("home", "", "200").hashValue == LabelValues(["home", "", "200"]).hashValue)
        #expect(LabelValues("home", "", "200", rest: ["ios", "ios/5.1.0"]) == LabelValues(["home", "", "200", "ios", "ios/5.1.0"]))
        #expect(LabelValues("home", "", "200", rest: ["ios"]).values == ["home", "", "200", "ios"])
        #expect(LabelValues(["home", ""]) != LabelValues(["home"]), "an empty second value is not a missing one")
        #expect(LabelValues("home", "", "") != LabelValues("home", ""), "nor an empty third one")
    }

    @Test func aCounterCountedBothWaysRendersOneSample() {
        let registry = MetricsRegistry()
        let counter = registry.labeledCounter("t_total", help: "h", labelNames: ["page", "section", "status"])
        counter.increment("home", "", "200")
        counter.increment(["home", "", "200"])
        #expect(counter.value(["home", "", "200"]) == 2)
        #expect(registry.render().contains(#"t_total{page="home",section="",status="200"} 2"#))
    }

    /// The last values counted keep their own running count: runs of one set, switches between
    /// sets, and reads in between all add up.
    @Test func runsOfOneSetAndSwitchesBetweenSetsAllCount() {
        let registry = MetricsRegistry()
        let counter = registry.labeledCounter("r_total", help: "h", labelNames: ["page", "section", "status"])
        for _ in 0..<5 { counter.increment("home", "", "200") }
        counter.increment("home", "", "304")
        #expect(counter.value(["home", "", "200"]) == 5)
        for _ in 0..<3 { counter.increment("home", "", "200") }
        counter.increment("product", "related", "200")
        counter.increment("home", "", "200")
        #expect(counter.value(["home", "", "200"]) == 9)
        #expect(counter.value(["home", "", "304"]) == 1)
        #expect(registry.render().contains(#"r_total{page="product",section="related",status="200"} 1"#))
        #expect(registry.render().contains(#"r_total{page="home",section="",status="200"} 9"#))
    }

    /// An action's two labels and its histogram's one, given without an array, are the same
    /// samples as the arrays give, through runs and switches.
    @Test func twoValuesAndOneValueWithoutAnArrayAreTheArraysSamples() {
        let registry = MetricsRegistry()
        let counter = registry.labeledCounter("a_total", help: "h", labelNames: ["action", "status"])
        for _ in 0..<4 { counter.increment("add-to-cart", "400") }
        counter.increment(["add-to-cart", "400"])
        counter.increment("add-to-cart", "200")
        counter.increment("add-to-cart", "400")
        #expect(counter.value(["add-to-cart", "400"]) == 6 && counter.value(["add-to-cart", "200"]) == 1)
        #expect(LabelValues("add-to-cart") == LabelValues(["add-to-cart"]))
        #expect(LabelValues("add-to-cart", "400").equals("add-to-cart", "400") && !LabelValues(["add-to-cart"]).equals("add-to-cart", ""))
    }
}
