// Where the bundled sample images are: beside the executable's package, or the source tree.
import Foundation
import ImageBrowserCore
import ImageBrowserPlatform

/// Finds `resources/samples`, shown when the app starts without arguments.
enum Samples {
  /// The samples folder, looked for in this order:
  /// 1. `$IMAGE_BROWSER_SAMPLES`, when set (a packager's choice);
  /// 2. walking up from the executable (its real path, not the link or name it was
  ///    started by): `.build/debug/image-browser` sits two or three levels below the
  ///    package root, which holds `resources/samples`; an installed
  ///    `PREFIX/libexec/image-browser/image-browser` two below `PREFIX`, which holds
  ///    `share/image-browser/samples` (`make install`);
  /// 3. relative to this source file (`#filePath`), which works for any development
  ///    build on the machine that compiled it.
  /// Falls back to the last candidate, so a missing folder produces the usual "does not
  /// exist" message in the window.
  static func folder() -> URL {
    let environment = EnvironmentVariable.value(of: "IMAGE_BROWSER_SAMPLES")
    if let environment, !environment.isEmpty { return URL(fileURLWithPath: environment) }
    let executable =
      RunningExecutable.url
      ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    for _ in 0..<6 {
      for place in ["resources/samples", installedSamples] {
        let candidate = directory.appendingPathComponent(place, isDirectory: true)
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      }
      directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // App
      .deletingLastPathComponent()  // ImageBrowser
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()  // the package root
      .appendingPathComponent("resources/samples", isDirectory: true)
  }

  /// Where `make install` puts the samples, below the prefix.
  static let installedSamples = "share/image-browser/samples"

  /// The translations, `<lang>/LC_MESSAGES/image-browser.mo` in: `$IMAGE_BROWSER_LOCALE`
  /// when set; `PREFIX/share/locale` for an installed app (its samples in
  /// `PREFIX/share/image-browser`); `resources/locale`, beside the samples, in the
  /// source tree.
  static func catalogues() -> URL {
    let environment = EnvironmentVariable.value(of: "IMAGE_BROWSER_LOCALE")
    if let environment, !environment.isEmpty { return URL(fileURLWithPath: environment) }
    let shared = folder().deletingLastPathComponent()
    if shared.path.hasSuffix("/share/image-browser") {
      return shared.deletingLastPathComponent().appendingPathComponent("locale", isDirectory: true)
    }
    return shared.appendingPathComponent("locale", isDirectory: true)
  }
}
