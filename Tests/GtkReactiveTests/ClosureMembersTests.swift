// Generated members that take or give GObject's closures (`Closure`): accelerators
// connected to a real group and fired by a real key press, the closure an accelerator
// label follows, the closures a widget's accelerators made, and Swift closures called
// through GLib with converted arguments and results.
import CGtk
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ClosureMembersTests: GtkTestCase {
  /// Something a closure holds, to see when GLib releases the closure's function.
  private final class Token {}

  /// A shown window with an accelerator group and `child`, and the group.
  @MainActor private static func windowWithGroup(_ child: Widget = Label("accelerators"))
    -> (Window, AccelGroup)
  {
    let window = Window(type: .toplevel)
    let group = AccelGroup()
    window.addAccelGroup(group)
    window.add(child)
    window.showAll()
    MainLoop.iterate(for: .milliseconds(50))
    return (window, group)
  }

  func testAClosureConnectedToAnAcceleratorRunsOnItsKeyUntilDisconnected() {
    gtk {
      let (window, group) = Self.windowWithGroup()
      var keys: [UInt32] = []
      var changes: [Closure] = []
      let subscription = group.rx.accelChanged.subscribe(next: { changes.append($0.accelClosure) })
      let save = Closure { arguments in
        // An accelerator's closure: the group, the window, the key and the modifiers.
        XCTAssertEqual(arguments.count, 4)
        XCTAssertEqual(arguments.value(0, as: AccelGroup.self)?.pointer, group.pointer)
        XCTAssertEqual(arguments.value(1, as: Window.self)?.pointer, window.pointer)
        keys.append(arguments.value(2, as: UInt32.self) ?? 0)
        return true  // handled
      }
      group.connect(Int(GDK_KEY_k), accelMods: .control, accelFlags: .visible, closure: save)
      XCTAssertEqual(changes, [save], "accel-changed reports the very closure connected")
      XCTAssertEqual(AccelGroup.fromAccelClosure(save)?.pointer, group.pointer)
      runUntilIdle()  // the window learns its new keys from an idle handler

      press("k", modifiers: .control, in: window)
      XCTAssertEqual(keys, [UInt32(GDK_KEY_k)], "the key press ran the Swift closure")
      press("k", in: window)
      XCTAssertEqual(keys.count, 1, "without Ctrl it is not the accelerator")

      XCTAssertTrue(group.disconnect(save))
      XCTAssertFalse(group.disconnect(save), "already disconnected")
      press("k", modifiers: .control, in: window)
      XCTAssertEqual(keys.count, 1, "a disconnected closure no longer runs")
      XCTAssertNil(AccelGroup.fromAccelClosure(save))
      subscription.dispose()
      window.destroy()
    }
  }

  func testFindingAnAcceleratorGivesItsKeyOrNilWhenNoneMatches() {
    gtk {
      let (window, group) = Self.windowWithGroup()
      let save = Closure { _ in true }
      group.connect(Int(GDK_KEY_s), accelMods: .control, accelFlags: .visible, closure: save)
      var asked: [Closure] = []
      let found = group.find { key, closure in
        asked.append(closure)
        return key.key == Int(GDK_KEY_s)
      }
      XCTAssertEqual(found?.key, Int(GDK_KEY_s))
      XCTAssertEqual(found?.modifiers, .control)
      XCTAssertEqual(asked, [save], "the function is asked with the connected closure")
      XCTAssertNil(group.find { _, _ in false }, "no entry passes: nil, not a crash")
      XCTAssertTrue(group.disconnect(save))
      window.destroy()
    }
  }

  func testAnAcceleratorPathRunsItsClosureOnceTheMapGivesItAKey() {
    gtk {
      let (window, group) = Self.windowWithGroup()
      var runs = 0
      AccelMap.addEntry("<ClosureTests>/File/Open", accelKey: Int(GDK_KEY_o), accelMods: .control)
      group.connectByPath(
        "<ClosureTests>/File/Open",
        closure: Closure { _ in
          runs += 1
          return true
        })
      runUntilIdle()
      press("o", modifiers: .control, in: window)
      XCTAssertEqual(runs, 1)
      var found: [(String, Int, ModifierType)] = []
      AccelMap.foreachUnfiltered { path, key, modifiers, _ in
        if path.hasPrefix("<ClosureTests>") { found.append((path, key, modifiers)) }
      }
      XCTAssertEqual(found.map(\.0), ["<ClosureTests>/File/Open"])
      XCTAssertEqual(found.first?.1, Int(GDK_KEY_o))
      XCTAssertEqual(found.first?.2, .control)
      window.destroy()
    }
  }

  func testAClosureGtkKeepsIsReleasedOnceWhenItsGroupGoesAway() {
    gtk {
      weak var captured: Token?
      var group: AccelGroup? = AccelGroup()
      do {
        let token = Token()
        captured = token
        group?.connect(
          Int(GDK_KEY_q), accelMods: .control, accelFlags: [],
          closure: Closure { _ in
            _ = token
            return true
          })
      }
      XCTAssertNotNil(captured, "the group keeps the closure, and so its function")
      group = nil
      MainLoop.iterate(for: .milliseconds(20))
      XCTAssertNil(captured, "finalizing the group released the function")

      do {
        let token = Token()
        captured = token
        let closure = Closure { _ in
          _ = token
          return nil
        }
        XCTAssertFalse(closure.isInvalid)
      }
      XCTAssertNil(captured, "a closure nothing connected is released with its Swift object")
    }
  }

  func testAnAcceleratorLabelFollowsTheClosureItIsGiven() {
    gtk {
      let (window, group) = Self.windowWithGroup()
      let quit = Closure { _ in true }
      group.connect(Int(GDK_KEY_w), accelMods: .control, accelFlags: .visible, closure: quit)
      let label = AccelLabel("Close")
      var notified = 0
      let subscription = label.rx.accelClosure.subscribe(next: { _ in notified += 1 })
      let initial = notified
      label.setAccelClosure(quit)
      XCTAssertEqual(label.accelClosure, quit, "the property gives back the same closure")
      XCTAssertEqual(notified, initial + 1, "setting it notifies")
      label.accelClosure = nil
      XCTAssertNil(label.accelClosure)
      label.accelClosure = quit
      XCTAssertEqual(label.accelClosure, quit, "set through the property too")
      subscription.dispose()
      window.destroy()
    }
  }

  func testAWidgetListsTheClosuresItsAcceleratorsMade() {
    gtk {
      let button = Button(label: "Go")
      let (window, group) = Self.windowWithGroup(button)
      XCTAssertEqual(button.listAccelClosures(), [])
      var clicks = 0
      let subscription = button.rx.clicked.subscribe(next: { clicks += 1 })
      button.addAccelerator(
        "clicked", accelGroup: group, accelKey: Int(GDK_KEY_g), accelMods: .control,
        accelFlags: .visible)
      let closures = button.listAccelClosures()
      XCTAssertEqual(closures.count, 1)
      XCTAssertEqual(
        closures.first.flatMap { AccelGroup.fromAccelClosure($0) }?.pointer, group.pointer)
      closures.first?.invoke(
        [group, window, UInt32(GDK_KEY_g), ModifierType.control], returning: Bool.self)
      XCTAssertEqual(clicks, 1, "invoking GTK's closure emits the widget's signal")
      subscription.dispose()
      window.destroy()
    }
  }

  func testASwiftClosureInvokedThroughGLibReadsAndReturnsConvertedValues() {
    gtk {
      let double = Closure { arguments in
        (arguments.value(0, as: Int.self) ?? 0) * 2
      }
      XCTAssertEqual(double.invoke([Int32(21)], returning: Int.self), 42, "gint read as Int")
      XCTAssertEqual(double.invoke([21.0], returning: Double.self), 42, "converted both ways")
      let describe = Closure { arguments in
        "\(arguments.value(0, as: String.self) ?? "-") \(arguments.value(5, as: String.self) ?? "none")"
      }
      XCTAssertEqual(
        describe.invoke(["one"], returning: String.self), "one none",
        "an argument not given reads as nil")
      let silent = Closure { _ in nil }
      XCTAssertNil(silent.invoke([], returning: Object.self), "no result")
      XCTAssertNotEqual(double, describe)
      XCTAssertEqual(Set([double, double, describe]).count, 2)
    }
  }

  func testAnObjectRegisteredWithClosuresAnswersCallsFromAnotherConnection() throws {
    let bus = try PrivateSessionBus()
    let address = bus.address
    try gtk {
      let info = try DBusInterfaceInfo(
        xml: """
          <node><interface name="org.example.Pinger">
            <method name="Ping"/><method name="Fail"/>
          </interface></node>
          """, interface: "org.example.Pinger")
      guard let server = LoopTask({ try await PrivateSessionBus.open(address) }).value(),
        let client = LoopTask({ try await PrivateSessionBus.open(address) }).value()
      else { return }
      weak var captured: Token?
      var calls: [String] = []
      var registration = 0
      do {
        let token = Token()
        captured = token
        let handler = Closure { arguments in
          // The connection, sender, object path, interface, method, parameters, invocation.
          _ = token
          let method = arguments.value(4, as: String.self) ?? "?"
          calls.append("\(arguments.value(2, as: String.self) ?? "?") \(method)")
          let invocation = arguments.value(6, as: DBusMethodInvocation.self)
          if method == "Ping" {
            invocation?.returnValue(nil)
          } else {
            invocation?.returnDbusError("org.example.Error.Refused", errorMessage: "refused")
          }
          return nil
        }
        registration = try server.registerObject(
          "/org/example/Pinger", interfaceInfo: info, methodCallClosure: handler,
          getPropertyClosure: nil, setPropertyClosure: nil)
      }
      XCTAssertGreaterThan(registration, 0)
      let serverName = try XCTUnwrap(server.uniqueName)
      let call = { (method: String) in
        LoopTask {
          try await client.call(
            serverName, objectPath: "/org/example/Pinger", interfaceName: "org.example.Pinger",
            methodName: method, parameters: nil, replyType: nil, flags: [], timeoutMsec: 5000)
        }
      }
      XCTAssertEqual(call("Ping").value()?.typeString, "()", "answered with an empty reply")
      let error = call("Fail").glibError()
      XCTAssertTrue(error?.message.contains("refused") ?? false, "\(String(describing: error))")
      XCTAssertEqual(calls, ["/org/example/Pinger Ping", "/org/example/Pinger Fail"])
      XCTAssertNotNil(captured, "the connection keeps the closure while registered")

      XCTAssertTrue(server.unregisterObject(registration))
      XCTAssertTrue(
        MainLoop.iterate(until: { captured == nil }, timeout: .seconds(5)),
        "unregistering released the closure's function")
      XCTAssertNotNil(call("Ping").glibError(), "no object there any more")
    }
  }
}
