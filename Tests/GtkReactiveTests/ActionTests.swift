// Commands bound to GActions: buttons, accelerators, parameters, toggles and disposal.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

/// Counts a command's executions and remembers their inputs.
@MainActor
private final class Runs<Input> {
  var inputs: [Input] = []
  lazy var command = Command<Input, Void, Never> { [weak self] input in
    self?.inputs.append(input)
    return .empty()
  }
}

/// A registered application (non-unique, no D-Bus needed) and one of its windows.
@MainActor
private func makeApplication() throws -> (Application, ApplicationWindow) {
  let application = Application(applicationId: nil, flags: .nonUnique)
  _ = try application.register(nil)
  return (application, ApplicationWindow(application: application))
}

final class ActionTests: GtkTestCase {
  func testClickingAButtonWithTheActionNameExecutesTheCommand() throws {
    try gtk {
      let (application, window) = try makeApplication()
      let runs = Runs<Void>()
      let binding = application.addAction("save", command: runs.command)
      let button = Button(label: "Save")
      button.actionName = "app.save"
      window.add(button)
      click(button)
      XCTAssertEqual(runs.inputs.count, 1)
      binding.dispose()
      window.destroy()
    }
  }

  func testTheAcceleratorExecutesTheCommand() throws {
    try gtk {
      let (application, window) = try makeApplication()
      let runs = Runs<Void>()
      let binding = window.addAction(
        "close", command: runs.command, accelerators: ["<Primary>w"])
      XCTAssertEqual(application.accelerators(for: "win.close"), ["<Primary>w"])
      window.showAll()
      press("w", modifiers: .control, in: window)
      XCTAssertEqual(runs.inputs.count, 1)
      press("q", modifiers: .control, in: window)
      XCTAssertEqual(runs.inputs.count, 1)
      binding.dispose()
      window.destroy()
    }
  }

  func testAnApplicationsAcceleratorsWaitForItsStartup() throws {
    try gtk {
      // Before `startup` GTK has no display to read <Primary> from (GDK_IS_DISPLAY).
      let application = Application(applicationId: nil, flags: .nonUnique)
      let runs = Runs<Void>()
      let quit = application.addAction("quit", command: runs.command, accelerators: ["<Primary>q"])
      let about = application.addAction("about", command: runs.command, accelerators: ["F1"])
      about.dispose()
      application.setAccelerators(["<Primary>comma"], for: "app.preferences")
      XCTAssertEqual(application.accelerators(for: "app.quit"), [], "GTK not asked yet")
      _ = try application.register(nil)
      XCTAssertEqual(application.accelerators(for: "app.quit"), ["<Primary>q"])
      XCTAssertEqual(application.accelerators(for: "app.about"), [], "disposed before startup")
      XCTAssertEqual(application.accelerators(for: "app.preferences"), ["<Primary>comma"])
      let window = ApplicationWindow(application: application)
      window.showAll()
      press("q", modifiers: .control, in: window)
      XCTAssertEqual(runs.inputs.count, 1)
      quit.dispose()
      XCTAssertEqual(application.accelerators(for: "app.quit"), [])
      window.destroy()
    }
  }

  func testAWindowJoiningAnApplicationLaterGetsTheAccelerators() throws {
    try gtk {
      let application = Application(applicationId: nil, flags: .nonUnique)
      _ = try application.register(nil)
      let window = ApplicationWindow(
        retaining: g_object_new_with_properties(gtk_application_window_get_type(), 0, nil, nil))
      let runs = Runs<Void>()
      let binding = window.addAction("find", command: runs.command, accelerators: ["<Primary>f"])
      XCTAssertEqual(application.accelerators(for: "win.find"), [])
      application.addWindow(window)
      XCTAssertEqual(application.accelerators(for: "win.find"), ["<Primary>f"])
      binding.dispose()
      XCTAssertEqual(application.accelerators(for: "win.find"), [])
      window.destroy()
    }
  }

  func testADisabledCommandMakesTheButtonInsensitive() throws {
    try gtk {
      let (application, window) = try makeApplication()
      let enabled = MutableProperty(false)
      let command = Command<Void, Void, Never>(enabledIf: Property(enabled)) { _ in .empty() }
      let binding = application.addAction("open", command: command)
      let button = Button(label: "Open")
      button.actionName = "app.open"
      window.add(button)
      XCTAssertFalse(application.actionEnabled("open"))
      XCTAssertFalse(button.isSensitive)
      enabled.value = true
      XCTAssertTrue(application.actionEnabled("open"))
      XCTAssertTrue(button.isSensitive)
      binding.dispose()
      window.destroy()
    }
  }

  func testTheActionIsDisabledWhileTheCommandExecutes() throws {
    try gtk {
      let (application, window) = try makeApplication()
      let work = PublishSubject<Void, Never>()
      let command = Command<Void, Void, Never> { _ in work.signal }
      let binding = application.addAction("export", command: command)
      application.activateAction("export")
      XCTAssertTrue(command.isExecuting.value)
      XCTAssertFalse(application.actionEnabled("export"))
      work.sendCompleted()
      XCTAssertTrue(application.actionEnabled("export"))
      binding.dispose()
      window.destroy()
    }
  }

  func testParametersReachTheCommandTyped() throws {
    try gtk {
      let (_, window) = try makeApplication()
      let zooms = Runs<Int32>()
      let names = Runs<String>()
      let flags = Runs<Bool>()
      let scales = Runs<Double>()
      let bindings = CompositeDisposable([
        window.addAction("zoom", command: zooms.command, accelerators: [2: ["<Primary>2"]]),
        window.addAction("open", command: names.command),
        window.addAction("flag", command: flags.command),
        window.addAction("scale", command: scales.command),
      ])
      let button = Button(label: "2×")
      button.setAction("win.zoom", target: Int32(2))
      window.add(button)
      click(button)
      window.activateAction("zoom", parameter: Int32(3))
      window.activateAction("open", parameter: "a b.png")
      window.activateAction("flag", parameter: true)
      window.activateAction("scale", parameter: 1.5)
      XCTAssertEqual(zooms.inputs, [2, 3])
      XCTAssertEqual(names.inputs, ["a b.png"])
      XCTAssertEqual(flags.inputs, [true])
      XCTAssertEqual(scales.inputs, [1.5])
      XCTAssertEqual(window.application?.accelerators(for: "win.zoom(2)"), ["<Primary>2"])
      bindings.dispose()
      window.destroy()
    }
  }

  func testAToggleActionFollowsItsPropertyBothWays() throws {
    try gtk {
      let (application, window) = try makeApplication()
      let dark = MutableProperty(false)
      let binding = application.addToggleAction("dark", state: dark, accelerators: ["<Primary>d"])
      XCTAssertEqual(application.actionState("dark", as: Bool.self), false)
      application.activateAction("dark")
      XCTAssertTrue(dark.value)
      XCTAssertEqual(application.actionState("dark", as: Bool.self), true)
      dark.value = false
      XCTAssertEqual(application.actionState("dark", as: Bool.self), false)
      let toggle = ToggleButton(label: "Dark")
      toggle.actionName = "app.dark"
      window.add(toggle)
      click(toggle)
      XCTAssertTrue(dark.value)
      XCTAssertTrue(toggle.isActive)
      binding.dispose()
      window.destroy()
    }
  }

  func testAStateActionIsARadioChoiceBoundToItsProperty() throws {
    try gtk {
      let (_, window) = try makeApplication()
      let order = MutableProperty("name")
      let binding = window.addStateAction("sort", state: order)
      XCTAssertEqual(window.actionState("sort", as: String.self), "name")
      window.activateAction("sort", parameter: "size")
      XCTAssertEqual(order.value, "size", "activating with a target chooses it")
      XCTAssertEqual(window.actionState("sort", as: String.self), "size")
      order.value = "date"
      XCTAssertEqual(window.actionState("sort", as: String.self), "date")
      let radio = RadioButton(radioGroupMember: nil, label: "By name")
      radio.setAction("win.sort", target: "name")
      let other = RadioButton(radioGroupMember: radio, label: "By date")
      other.setAction("win.sort", target: "date")
      let box = Box(orientation: .vertical, spacing: 0)
      box.add(radio)
      box.add(other)
      window.add(box)
      window.showAll()
      XCTAssertTrue(other.isActive, "the radio of the state is checked")
      XCTAssertFalse(radio.isActive)
      click(radio)
      XCTAssertEqual(order.value, "name")
      XCTAssertTrue(radio.isActive)
      XCTAssertFalse(other.isActive)
      binding.dispose()
      XCTAssertFalse(window.hasAction("sort"))
      window.destroy()
    }
  }

  func testDisposingRemovesTheActionAndItsAcceleratorsAndFreesEverything() throws {
    try gtk {
      let boxes = GtkBoxes.count
      let (application, window) = try makeApplication()
      do {
        let runs = Runs<Void>()
        let binding = application.addAction(
          "quit", command: runs.command, accelerators: ["<Primary>q"])
        XCTAssertTrue(application.hasAction("quit"))
        binding.dispose()
        binding.dispose()
        XCTAssertFalse(application.hasAction("quit"))
        XCTAssertEqual(application.accelerators(for: "app.quit"), [])
        application.activateAction("quit")
        XCTAssertEqual(runs.inputs.count, 0)
      }
      window.destroy()
      MainLoop.drain()
      XCTAssertEqual(GtkBoxes.count, boxes, "handler boxes freed")
    }
  }

  func testDisposingLeavesAnActionThatReplacedOurs() throws {
    try gtk {
      let (application, window) = try makeApplication()
      let first = Runs<Void>()
      let second = Runs<Void>()
      let old = application.addAction("print", command: first.command)
      let new = application.addAction("print", command: second.command)
      old.dispose()
      XCTAssertTrue(application.hasAction("print"))
      application.activateAction("print")
      XCTAssertEqual(first.inputs.count, 0)
      XCTAssertEqual(second.inputs.count, 1)
      new.dispose()
      XCTAssertFalse(application.hasAction("print"))
      window.destroy()
    }
  }

  func testDestroyingTheWindowFreesTheCommandWithoutADispose() throws {
    try gtk {
      let boxes = GtkBoxes.count
      let (_, window) = try makeApplication()
      weak var released: Command<Void, Void, Never>?
      var binding: Disposable?
      do {
        let command = Command<Void, Void, Never> { _ in .empty() }
        released = command
        binding = window.addAction("close", command: command, accelerators: ["<Primary>w"])
      }
      XCTAssertNotNil(released, "the action's handler owns the command")
      let probe = FinalizationProbe()
      probe.watch(window.lookupAction("close")!)
      window.destroy()
      runUntilIdle()
      XCTAssertEqual(probe.finalized, 1, "action finalized")
      runUntilIdle()
      XCTAssertNil(released)
      binding?.dispose()  // harmless once the window is gone
      binding = nil
      XCTAssertEqual(GtkBoxes.count, boxes)
    }
  }
}
