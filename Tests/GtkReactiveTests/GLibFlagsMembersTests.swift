// Generated members that take or give GLib's own enumerations and flags (`GLib.IOCondition`,
// `GLib.OptionFlags`, `GLib.OptionArg`).
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class GLibFlagsMembersTests: GtkTestCase {
  func testASocketReportsTheConditionsItIsReadyFor() throws {
    try gtk {
      let socket = try XCTUnwrap(try Socket(family: .ipv4, type: .datagram, protocol: .udp))
      XCTAssertEqual(socket.conditionCheck([.out, .in]), .out, "writable, nothing to read")
      XCTAssertTrue(try socket.conditionTimedWait(.out, timeoutUs: 0, cancellable: nil))
      XCTAssertThrowsError(
        try socket.conditionTimedWait(.in, timeoutUs: 1_000, cancellable: nil),
        "nothing arrives: the wait times out")
    }
  }

  func testAnApplicationsMainOptionIsKnownToItsCommandLine() {
    gtk {
      // A run with these arguments of a new application that knows `--verbose`/`-v`.
      @MainActor func run(_ arguments: [String]) -> Int {
        let application = Gio.Application(applicationId: nil, flags: .nonUnique)
        application.addMainOption(
          "verbose", shortName: Int(UInt8(ascii: "v")), flags: [], arg: .none,
          description: "Say more", argDescription: nil)
        let activated = application.rx.activate.subscribe(next: {})
        defer { activated.dispose() }
        return Int(application.run(arguments: arguments))
      }
      XCTAssertEqual(run(["app", "--verbose"]), 0)
      XCTAssertEqual(run(["app", "-v"]), 0)
      XCTAssertEqual(run(["app", "--no-such-option"]), 1, "GLib refuses it")
    }
  }
}
