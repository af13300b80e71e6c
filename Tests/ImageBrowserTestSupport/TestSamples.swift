// The bundled sample images, found from the source tree for tests below the app.
import Foundation

/// The package's `resources/samples`, for tests of the layers below the app (which
/// finds them through `Samples`, beside its executable or an installed prefix).
enum TestSamples {
  /// `resources/samples` of the package these tests were compiled from.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ImageBrowserTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .appendingPathComponent("resources/samples", isDirectory: true)
}
