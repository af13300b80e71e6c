// Permission tests that mean something when the tests run as root (as CI does).
import Foundation
import Testing

/// Runs `body` as the user `nobody` when the process is root, so that permission bits
/// refuse access as they do for a person; otherwise just runs it. The effective user
/// changes for the whole process, so only serialized suites may use it (they all are:
/// the root suite is `.serialized`), and the saved user id brings root back.
@discardableResult
func asUnprivilegedUser<Result>(_ body: () throws -> Result) rethrows -> Result {
  guard geteuid() == 0 else { return try body() }
  let nobody: uid_t = 65534
  #expect(seteuid(nobody) == 0, "dropping to nobody")
  defer { #expect(seteuid(0) == 0, "back to root") }
  return try body()
}
