// The running executable's path from /proc, as Foundation's main bundle gives it.
import Foundation
import Testing

@testable import ImageBrowserPlatform

extension ImageBrowserPlatformTests {
  @Suite("Running executable")
  struct RunningExecutableTests {
    @Test("the executable's real path, the one Foundation's main bundle resolves to")
    func matchesTheMainBundle() throws {
      let url = try #require(RunningExecutable.url)
      let expected = try #require(Bundle.main.executableURL).resolvingSymlinksInPath()
      #expect(url.path == expected.path)
      #expect(url.isFileURL)
      #expect(FileManager.default.isExecutableFile(atPath: url.path))
    }
  }
}
