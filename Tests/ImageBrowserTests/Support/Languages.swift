// Running a test in another language: the app's catalogues, LANGUAGE, and back.
import Foundation

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// Runs `body` with the app's messages (and GTK's) in `language` (`de`, `he`), read from
/// the package's `resources/locale` as the app reads them, then restores the language
/// and the catalogue folder the process had. gettext is process-wide: only for tests
/// that do not overlap (the suites are serialized, XCTest runs one test at a time).
@MainActor
func withLanguage<Result>(_ language: String, _ body: () throws -> Result) rethrows -> Result {
  let previousPath = Localization.cataloguesPath
  let previousLanguage = getenv("LANGUAGE").map { String(cString: $0) }
  Localization.bind(to: Samples.catalogues().path)
  Localization.use(language: language)
  defer {
    if let previousPath { Localization.bind(to: previousPath) }
    Localization.use(language: previousLanguage)
  }
  return try body()
}
