// Where the bundled sample images are: beside the executable's package, or the source tree.
import Foundation

/// Finds `resources/samples`, shown when the app starts without arguments.
enum Samples {
  /// The samples folder, looked for in this order:
  /// 1. `$IMAGE_BROWSER_SAMPLES`, when set (an installed copy, a packager's choice);
  /// 2. walking up from the executable (`.build/debug/image-browser` sits two or three
  ///    levels below the package root, which holds `resources/samples`);
  /// 3. relative to this source file (`#filePath`), which works for any development
  ///    build on the machine that compiled it.
  /// Falls back to the last candidate, so a missing folder produces the usual "does not
  /// exist" message in the window.
  static func folder() -> URL {
    let environment = ProcessInfo.processInfo.environment["IMAGE_BROWSER_SAMPLES"]
    if let environment, !environment.isEmpty { return URL(fileURLWithPath: environment) }
    var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
      .resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
      let candidate = directory.appendingPathComponent("resources/samples", isDirectory: true)
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // App
      .deletingLastPathComponent()  // ImageBrowser
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()  // the package root
      .appendingPathComponent("resources/samples", isDirectory: true)
  }

  /// The translations, `resources/locale/<lang>/LC_MESSAGES/image-browser.mo`: beside the
  /// samples folder, or `$IMAGE_BROWSER_LOCALE` when set.
  static func catalogues() -> URL {
    let environment = ProcessInfo.processInfo.environment["IMAGE_BROWSER_LOCALE"]
    if let environment, !environment.isEmpty { return URL(fileURLWithPath: environment) }
    return folder().deletingLastPathComponent().appendingPathComponent("locale", isDirectory: true)
  }
}
