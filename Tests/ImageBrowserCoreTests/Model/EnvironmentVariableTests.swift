// One environment variable read with getenv, as ProcessInfo's whole environment has it.
import Foundation
import Testing

@testable import ImageBrowserCore

extension ImageBrowserCoreTests {
  @Suite("Environment variable")
  struct EnvironmentVariableTests {
    // Read only: setting a variable here would race with the tests reading theirs.
    @Test("each variable reads as ProcessInfo's whole environment has it; a missing one is nil")
    func readsOneVariable() throws {
      let environment = ProcessInfo.processInfo.environment
      try #require(environment["PATH"] != nil, "a test process has a PATH")
      for (name, value) in environment {
        #expect(EnvironmentVariable.value(of: name) == value, "\(name)")
      }
      #expect(
        EnvironmentVariable.value(of: "IMAGE_BROWSER_NOT_SET_\(UInt64.random(in: 1...(1 << 60)))")
          == nil)
    }
  }
}
