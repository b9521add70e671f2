/// The version of Trellis, defined here only: `trellis --version` prints it and
/// `trellis_build_info{version}` exposes it.
public enum TrellisVersion {
    /// The release, SemVer.
    public static let current = "0.3.0"
}
