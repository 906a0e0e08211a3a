/// The package's version: the one place it is written. The front ends print it for
/// `--version`; `CHANGELOG.md` has a section for it; a package depending on this one names it
/// (`.package(url: …, from: "0.17.0")`). Semantic versioning: before 1.0 a minor version may
/// change the public API, which `Docs/api/` records and CI compares.
public enum ViewModelKitVersion {
  /// `0.17.0`.
  public static let current = "0.17.0"
}
