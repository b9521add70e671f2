/// How log lines are written (`--log-format`, SPEC §13): `text`, swift-log's stream format
/// for the logs and logfmt for the access log, for people reading a terminal; `json`, one JSON
/// object a line on stdout and stderr alike, for a log collector that indexes fields.
public enum LogFormat: String, Sendable, CaseIterable {
    case text, json
}
