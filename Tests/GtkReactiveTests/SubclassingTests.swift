// Classes declared in Swift as GObject classes: properties, signals, virtual methods,
// instances made by C and GtkBuilder, lifetime, and the mistakes registration refuses.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

/// A widget declared in Swift: two properties, two signals, and the widget methods.
final class Gauge: DrawingArea, WidgetSubclass {
  override class var gType: GType { registeredType }
  static var typeName: String { "TestGauge" }

  static let level = ObjectProperty(\Gauge.level, "level", blurb: "How full", range: 0...1)
  static let caption = ObjectProperty(\Gauge.caption, "caption")
  static let properties: [PropertyDeclaration] = [level, caption]

  static let tapped = ObjectSignal<Gauge, Double, Void>("tapped")
  static let shouldReset = ObjectSignal<Gauge, Void, Bool>("should-reset", returning: Bool.self)
  static let signals: [SignalDeclaration] = [tapped, shouldReset]

  var level = 0.0 {
    didSet { notify(Self.level) }
  }
  var caption = "" {
    didSet { notify(Self.caption) }
  }

  // What GTK asked, for the tests.
  var constructions = 0
  var draws = 0
  var allocations: [Rectangle] = []
  var presses: [ButtonEvent] = []
  var disposals = 0

  func constructed() { constructions += 1 }
  func dispose() { disposals += 1 }

  func measure(_ orientation: Orientation, for size: Int) -> SizeRequest {
    orientation == .horizontal
      ? SizeRequest(minimum: 40, natural: 120) : SizeRequest(minimum: 30, natural: 60)
  }

  func allocate(_ allocation: Rectangle) {
    allocations.append(allocation)
    parentAllocate(allocation)
  }

  func draw(in context: CairoContext) -> Bool {
    draws += 1
    context.setSource(RGBA(red: 1, green: 0, blue: 0))
    context.rectangle(x: 0, y: 0, width: Double(allocatedWidth) * level, height: 10)
    context.fill()
    return false
  }

  func buttonPressed(_ event: ButtonEvent) -> Bool {
    presses.append(event)
    emit(Self.tapped, event.x)
    return true
  }
}

/// A plain GObject declared in Swift: the item type of a `Gio.ListStore`.
final class Fruit: GtkReactive.Object, ObjectSubclass {
  override class var gType: GType { registeredType }
  static let name = ObjectProperty(\Fruit.name, "name")
  static let properties: [PropertyDeclaration] = [name]
  var name = "" {
    didSet { notify(Self.name) }
  }

  /// A fruit called `name`.
  static func named(_ name: String) -> Fruit {
    let fruit = Fruit()
    fruit.name = name
    return fruit
  }
}

/// A box built from a composite template, with a typed child and a callback.
final class Panel: Box, CompositeTemplate {
  override class var gType: GType { registeredType }
  static var typeName: String { "TestPanel" }
  static let template = TemplateSource.string(
    """
    <interface>
      <template class="TestPanel" parent="GtkBox">
        <property name="orientation">vertical</property>
        <child>
          <object class="GtkLabel" id="caption"><property name="label">Ready</property></object>
        </child>
        <child>
          <object class="GtkButton" id="go">
            <property name="label">Go</property>
            <signal name="clicked" handler="go-clicked"/>
          </object>
        </child>
      </template>
    </interface>
    """)
  static let caption = TemplateChild<Label>("caption")
  static let go = TemplateChild<Button>("go")
  static let templateChildren: [AnyTemplateChild] = [caption, go]
}

final class SubclassingTests: GtkTestCase {
  func testAPropertyDeclaredInSwiftIsAGObjectProperty() throws {
    try gtk {
      let gauge = Gauge()
      XCTAssertEqual(String(cString: g_type_name(Gauge.gType)), "TestGauge")
      XCTAssertEqual(gauge.typeName, "TestGauge", "the instance is of the Swift class's GType")
      XCTAssertTrue(gauge.isA(DrawingArea.self))
      XCTAssertEqual(gauge.constructions, 1, "constructed once")

      var seen: [Double] = []
      let watch = gauge.rx.property(Gauge.level).subscribe(next: { seen.append($0) })
      gauge.level = 0.25  // from Swift
      var value = GValue()
      g_value_init(&value, cgtk_type_double())
      g_value_set_double(&value, 0.75)
      g_object_set_property(gauge.pointer, "level", &value)  // from C
      XCTAssertEqual(gauge.level, 0.75, "C wrote the Swift property")
      g_value_set_double(&value, 0)
      g_object_get_property(gauge.pointer, "level", &value)
      XCTAssertEqual(g_value_get_double(&value), 0.75, "C reads the Swift property")
      g_value_unset(&value)
      XCTAssertEqual(seen, [0, 0.25, 0.75], "notify:: for writes from Swift and from C")

      // GBinding between a Swift-declared and a GTK property, both ways.
      let adjustment = Adjustment(
        value: 0, lower: 0, upper: 1, stepIncrement: 0.1, pageIncrement: 0.1, pageSize: 0)
      let binding = try gauge.rx.bind(
        "level", to: adjustment, "value", flags: [.syncCreate, .bidirectional])
      XCTAssertEqual(adjustment.value, 0.75)
      adjustment.value = 0.5
      XCTAssertEqual(gauge.level, 0.5)
      XCTAssertEqual(seen.last, 0.5)

      // The sink sets it without echo.
      var captions: [String] = []
      let captionWatch = gauge.rx.property(Gauge.caption).subscribe(next: { captions.append($0) })
      gauge.rx.property(Gauge.caption).on("full")
      XCTAssertEqual(gauge.caption, "full", "the sink set it")
      XCTAssertEqual(captions, [""], "without echo")
      gauge.caption = "empty"
      XCTAssertEqual(captions, ["", "empty"])
      captionWatch.dispose()
      binding.dispose()
      watch.dispose()
    }
  }

  func testSignalsDeclaredInSwiftAreEmittedAndObservedTyped() throws {
    gtk {
      let gauge = Gauge()
      var taps: [Double] = []
      var completed = false
      let watch = gauge.rx.signal(Gauge.tapped).subscribe(
        next: { taps.append($0) }, completed: { completed = true })
      gauge.emit(Gauge.tapped, 3.5)
      XCTAssertEqual(taps, [3.5])
      XCTAssertTrue(g_signal_lookup("tapped", Gauge.gType) != 0, "GObject knows the signal")

      XCTAssertFalse(gauge.emit(Gauge.shouldReset), "no handler: false")
      let first = gauge.connect(Gauge.shouldReset) { false }
      let second = gauge.connect(Gauge.shouldReset) { true }
      XCTAssertTrue(gauge.emit(Gauge.shouldReset), "a handler that returns true decides")
      second.dispose()
      XCTAssertFalse(gauge.emit(Gauge.shouldReset))
      first.dispose()

      gauge.destroy()
      XCTAssertTrue(completed, "the signal completes when the widget is destroyed")
      watch.dispose()
    }
  }

  func testGTKCallsTheWidgetMethodsOfTheSwiftClass() throws {
    try gtk {
      let window = Window(type: .toplevel)
      let box = Box(orientation: .vertical, spacing: 0)
      let gauge = Gauge()
      gauge.level = 0.5
      box.packStart(gauge, expand: false, fill: false, padding: 0)
      window.add(box)
      window.showAll()
      runUntilIdle()

      var minimum: gint = 0
      var natural: gint = 0
      gtk_widget_get_preferred_width(gauge.pointer(as: GtkWidget.self), &minimum, &natural)
      XCTAssertEqual([minimum, natural], [40, 120], "measure answers the width")
      gtk_widget_get_preferred_height(gauge.pointer(as: GtkWidget.self), &minimum, &natural)
      XCTAssertEqual([minimum, natural], [30, 60], "and the height")
      let last = try XCTUnwrap(gauge.allocations.last, "allocate ran")
      XCTAssertEqual(last.height, 60, "the box gave the natural height")
      XCTAssertEqual(gauge.allocatedHeight, 60, "the parent's allocate recorded it")
      XCTAssertTrue(gauge.isRealized)
      gauge.queueDraw()
      MainLoop.iterate(for: .milliseconds(100))
      XCTAssertGreaterThan(gauge.draws, 0, "draw ran")

      var taps: [Double] = []
      let watch = gauge.rx.signal(Gauge.tapped).subscribe(next: { taps.append($0) })
      let event = gdk_event_new(GDK_BUTTON_PRESS)!
      event.pointee.button.window = OpaquePointer(
        g_object_ref(
          UnsafeMutableRawPointer(gtk_widget_get_window(gauge.pointer(as: GtkWidget.self)))))
      event.pointee.button.button = 1
      event.pointee.button.x = 12
      event.pointee.button.y = 5
      gdk_event_set_device(
        event, gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default())))
      let handled = gtk_widget_event(gauge.pointer(as: GtkWidget.self), event)
      gdk_event_free(event)
      XCTAssertEqual(handled, 1, "buttonPressed handled it")
      XCTAssertEqual(gauge.presses.map(\.x), [12])
      XCTAssertEqual(taps, [12], "and emitted its signal")
      watch.dispose()
      window.destroy()
      runUntilIdle()
      XCTAssertEqual(gauge.disposals, 1, "dispose ran when the window destroyed it")
    }
  }

  func testInstancesMadeByCAndUIFilesAreTheSwiftObject() throws {
    try gtk {
      _ = Gauge.gType
      let builder = try Builder.parsing(
        """
        <interface>
          <object class="GtkWindow" id="window">
            <child>
              <object class="TestGauge" id="gauge">
                <property name="level">0.5</property>
                <property name="caption">from a UI file</property>
              </object>
            </child>
          </object>
        </interface>
        """)
      let gauge = try builder.get("gauge", as: Gauge.self)
      XCTAssertEqual(gauge.level, 0.5, "the UI file set the Swift property")
      XCTAssertEqual(gauge.caption, "from a UI file")
      XCTAssertEqual(gauge.constructions, 1, "constructed once")
      let again = try builder.get("gauge", as: Gauge.self)
      XCTAssertTrue(gauge === again, "one Swift object per instance")
      let window = try builder.get("window", as: Window.self)
      let child = try XCTUnwrap(window.child?.cast(to: Gauge.self))
      XCTAssertTrue(child === gauge, "any wrapper look-up returns the same object")
      XCTAssertTrue(window.child === gauge, "even typed as a plain Widget")

      let raw = g_object_new_with_properties(Gauge.gType, 0, nil, nil)!
      let fromC = try XCTUnwrap(Object.wrapper(of: UnsafeMutableRawPointer(raw), as: Gauge.self))
      XCTAssertEqual(fromC.constructions, 1, "g_object_new from C made and constructed the object")
      g_object_ref_sink(raw)
      g_object_unref(raw)
      window.destroy()
    }
  }

  func testTheSwiftObjectLivesAsLongAsTheInstance() throws {
    gtk {
      let probe = FinalizationProbe()
      weak var weakGauge: Gauge?
      let window = Window(type: .toplevel)
      do {
        let gauge = Gauge()
        gauge.caption = "kept"
        probe.watch(gauge)
        weakGauge = gauge
        window.add(gauge)
      }
      // Only the window holds the instance now; its Swift state lives on.
      XCTAssertNotNil(weakGauge, "the container keeps the Swift object")
      do {
        let found = window.child?.cast(to: Gauge.self)
        XCTAssertEqual(found?.caption, "kept", "with its Swift state")
        XCTAssertTrue(found === weakGauge)
      }
      window.destroy()
      runUntilIdle()
      XCTAssertNil(weakGauge, "released when GTK let go")
      XCTAssertEqual(probe.finalized, 1, "and the instance finalized")

      // Held by Swift only: finalized with the Swift object.
      let second = FinalizationProbe()
      do {
        let fruit = Fruit.named("kiwi")
        second.watch(fruit)
      }
      XCTAssertEqual(second.finalized, 1)
    }
  }

  func testTenThousandInstancesComeAndGoWithoutALeak() throws {
    gtk {
      _ = Gauge.gType
      let boxes = GtkBoxes.count
      let probe = FinalizationProbe()
      weak var last: Gauge?
      for index in 0..<10_000 {
        let gauge = Gauge()
        gauge.level = Double(index % 10) / 10
        let watch = gauge.rx.property(Gauge.level).subscribe()
        probe.watch(gauge)
        last = gauge
        watch.dispose()
      }
      XCTAssertNil(last)
      XCTAssertEqual(probe.finalized, 10_000, "every instance finalized")
      XCTAssertEqual(GtkBoxes.count, boxes, "every Swift box freed")
    }
  }

  func testAListStoreHoldsSwiftItemsThatAListBoxShows() throws {
    try gtk {
      let store = Gio.ListStore(of: Fruit.self)
      let apple = Fruit.named("apple")
      store.append(apple)
      store.append(Fruit.named("banana"))
      store.append(Fruit.named("cherry"))
      let list = ListBox()
      list.bind(model: store, as: Fruit.self) { fruit in Label(fruit.name) }
      XCTAssertEqual(list.children.count, 3)
      let rowLabel = try XCTUnwrap(
        list.children.first?.cast(to: ListBoxRow.self)?.child?.cast(to: Label.self))
      XCTAssertEqual(rowLabel.label, "apple")
      XCTAssertTrue(store.item(at: 0, as: Fruit.self) === apple, "the store gives back the object")
      store.remove(1)
      XCTAssertEqual(list.children.count, 2, "the list follows the store")
      list.unbindModel()
      XCTAssertEqual(list.children.count, 0)

      let flow = FlowBox()
      flow.bind(model: store, as: Fruit.self) { fruit in Label(fruit.name) }
      XCTAssertEqual(flow.children.count, 2, "a flow box shows the same store")
      store.append(Fruit.named("damson"))
      XCTAssertEqual(flow.children.count, 3)
      flow.unbindModel()
    }
  }

  func testACompositeTemplateBuildsChildrenAndReportsCallbacks() throws {
    try gtk {
      let panel = Panel()
      XCTAssertEqual(panel.orientation, .vertical, "the template set the box's own property")
      let caption = panel.templateChild(Panel.caption)
      XCTAssertEqual(caption.label, "Ready")
      var calls: [String] = []
      let watch = panel.rx.templateCallback("go-clicked").subscribe(next: {
        calls.append(($0.sender?.cast(to: Button.self))?.label ?? "?")
      })
      panel.templateChild(Panel.go).clicked()
      XCTAssertEqual(calls, ["Go"], "the template's handler arrived with its sender")

      // The same class inside another UI file.
      let builder = try Builder.parsing(
        #"<interface><object class="TestPanel" id="panel"/></interface>"#)
      let fromFile = try builder.get("panel", as: Panel.self)
      XCTAssertEqual(fromFile.templateChild(Panel.caption).label, "Ready")
      watch.dispose()
    }
  }

  func testMistakesInDeclarationsAreClearErrors() {
    gtk {
      XCTAssertEqual(
        catching { try TwiceDeclared.register() },
        SubclassError(typeName: "TestTwice", reason: .duplicateMember(name: "size")))
      XCTAssertEqual(
        catching { try BadName.register() },
        SubclassError(typeName: "TestBadName", reason: .invalidName("Not A Name")))
      XCTAssertEqual(
        catching { try Unparsable.register() }?.reason.isParseFailure, true)
      XCTAssertEqual(
        catching { try MissingChild.register() },
        SubclassError(typeName: "TestMissingChild", reason: .missingTemplateChild(id: "absent")))
      XCTAssertEqual(
        catching { try OtherClass.register() },
        SubclassError(
          typeName: "TestOtherClass", reason: .templateClassMismatch(found: "Elsewhere")))
      XCTAssertEqual(
        catching { try TakenName.register() },
        SubclassError(typeName: "GtkButton", reason: .typeNameTaken))
      XCTAssertEqual(
        catching { try TwiceDeclared.register() }?.description, "TestTwice declares 'size' twice")
    }
  }
}

/// The registration error `body` throws, if any.
@MainActor
private func catching(_ body: () throws -> GType) -> SubclassError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error as? SubclassError
  }
}

extension SubclassError.Reason {
  fileprivate var isParseFailure: Bool {
    if case .templateDoesNotParse = self { return true }
    return false
  }
}

private final class TwiceDeclared: GtkReactive.Object, ObjectSubclass {
  override class var gType: GType { registeredType }
  static var typeName: String { "TestTwice" }
  static let first = ObjectProperty(\TwiceDeclared.size, "size")
  static let second = ObjectProperty(\TwiceDeclared.size, "size")
  static let properties: [PropertyDeclaration] = [first, second]
  var size = 0
}

private final class BadName: GtkReactive.Object, ObjectSubclass {
  override class var gType: GType { registeredType }
  static var typeName: String { "TestBadName" }
  static let signals: [SignalDeclaration] = [ObjectSignal<BadName, Void, Void>("Not A Name")]
}

private final class TakenName: GtkReactive.Object, ObjectSubclass {
  override class var gType: GType { registeredType }
  static var typeName: String { "GtkButton" }
}

private final class Unparsable: Box, CompositeTemplate {
  override class var gType: GType { registeredType }
  static var typeName: String { "TestUnparsable" }
  static let template = TemplateSource.string("<interface><template class=\"TestUnparsable\"")
}

private final class MissingChild: Box, CompositeTemplate {
  override class var gType: GType { registeredType }
  static var typeName: String { "TestMissingChild" }
  static let template = TemplateSource.string(
    #"<interface><template class="TestMissingChild" parent="GtkBox"/></interface>"#)
  static let templateChildren: [AnyTemplateChild] = [TemplateChild<Label>("absent")]
}

private final class OtherClass: Box, CompositeTemplate {
  override class var gType: GType { registeredType }
  static var typeName: String { "TestOtherClass" }
  static let template = TemplateSource.string(
    #"<interface><template class="Elsewhere" parent="GtkBox"/></interface>"#)
}

/// A class declared in Swift that another one declared in Swift subclasses.
class Meter: DrawingArea, WidgetSubclass {
  override class var gType: GType { registeredType }
  class var typeName: String { "TestMeter" }
  static let reading = ObjectProperty(\Meter.reading, "reading")
  class var properties: [PropertyDeclaration] { [reading] }
  var reading = 0 {
    didSet { notify(Self.reading) }
  }
  var drawn: [String] = []

  func draw(in context: CairoContext) -> Bool {
    drawn.append("meter")
    return false
  }
}

/// The subclass: its own GType under `TestMeter`, its own property, `draw` overridden.
final class LoudMeter: Meter {
  override class var gType: GType { registeredType }
  override class var typeName: String { "TestLoudMeter" }
  static let volume = ObjectProperty(\LoudMeter.volume, "volume")
  override class var properties: [PropertyDeclaration] { [volume] }
  var volume = 0.0 {
    didSet { notify(Self.volume) }
  }

  override func draw(in context: CairoContext) -> Bool {
    drawn.append("loud")
    return super.draw(in: context)
  }
}

final class NestedSubclassTests: GtkTestCase {
  func testASwiftClassOfASwiftClassHasBothLevelsMembers() throws {
    try gtk {
      let meter = LoudMeter()
      XCTAssertEqual(meter.typeName, "TestLoudMeter")
      XCTAssertEqual(
        String(cString: g_type_name(g_type_parent(LoudMeter.gType))), "TestMeter")
      var value = GValue()
      g_value_init(&value, cgtk_type_int64())
      g_value_set_int64(&value, 7)
      g_object_set_property(meter.pointer, "reading", &value)  // the parent's property
      g_value_unset(&value)
      XCTAssertEqual(meter.reading, 7)
      var volumes: [Double] = []
      let watch = meter.rx.property(LoudMeter.volume).subscribe(next: { volumes.append($0) })
      meter.volume = 0.5
      XCTAssertEqual(volumes, [0, 0.5])

      let window = Window(type: .toplevel)
      window.add(meter)
      window.showAll()
      runUntilIdle()
      meter.queueDraw()
      MainLoop.iterate(for: .milliseconds(100))
      XCTAssertEqual(Array(meter.drawn.prefix(2)), ["loud", "meter"], "override, then super")
      let builder = try Builder.parsing(
        #"<interface><object class="TestLoudMeter" id="m"><property name="reading">3</property></object></interface>"#
      )
      let built = try builder.get("m", as: LoudMeter.self)
      XCTAssertEqual(built.reading, 3)
      watch.dispose()
      window.destroy()
    }
  }
}

/// A toplevel window declared in Swift: GTK owns toplevels from their construction.
final class NoteWindow: Window, ObjectSubclass {
  override class var gType: GType { registeredType }
  var note = ""
}

final class ToplevelSubclassTests: GtkTestCase {
  func testAToplevelDeclaredInSwiftLivesUntilDestroyedAndReleased() throws {
    gtk {
      let probe = FinalizationProbe()
      weak var weakWindow: NoteWindow?
      do {
        let window = NoteWindow()
        window.note = "kept"
        probe.watch(window)
        weakWindow = window
        window.showAll()
        runUntilIdle()
      }
      XCTAssertEqual(weakWindow?.note, "kept", "GTK holds a toplevel: its Swift object lives")
      XCTAssertEqual(probe.finalized, 0)
      weakWindow?.destroy()
      runUntilIdle()
      XCTAssertNil(weakWindow, "destroyed: released")
      XCTAssertEqual(probe.finalized, 1, "and finalized once")

      // Destroyed while Swift still holds it: finalized when Swift lets go.
      let second = FinalizationProbe()
      do {
        let window = NoteWindow()
        second.watch(window)
        window.destroy()
        runUntilIdle()
        XCTAssertEqual(second.finalized, 0, "Swift still holds it")
        XCTAssertEqual(window.note, "")
      }
      XCTAssertEqual(second.finalized, 1)
    }
  }
}

/// A panel whose template comes from a registered GResource.
final class ResourcePanel: Box, CompositeTemplate {
  override class var gType: GType { registeredType }
  static var typeName: String { "TestResourcePanel" }
  static let template = TemplateSource.resource("/org/reactivegtk/tests/panel.ui")
  static let title = TemplateChild<Label>("title")
  static let templateChildren: [AnyTemplateChild] = [title]
}

final class ResourceTemplateTests: GtkTestCase {
  func testATemplateFromAGResource() throws {
    try gtk {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("template-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      try """
      <interface>
        <template class="TestResourcePanel" parent="GtkBox">
          <child><object class="GtkLabel" id="title"><property name="label">From a resource</property></object></child>
        </template>
      </interface>
      """.write(to: folder.appendingPathComponent("panel.ui"), atomically: true, encoding: .utf8)
      try """
      <gresources><gresource prefix="/org/reactivegtk/tests"><file>panel.ui</file></gresource></gresources>
      """.write(to: folder.appendingPathComponent("panel.xml"), atomically: true, encoding: .utf8)
      let compiler = Process()
      compiler.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-resources")
      compiler.arguments = [
        "--sourcedir", folder.path, "--target",
        folder.appendingPathComponent("panel.gresource").path,
        folder.appendingPathComponent("panel.xml").path,
      ]
      try compiler.run()
      compiler.waitUntilExit()
      XCTAssertEqual(compiler.terminationStatus, 0)
      var error: UnsafeMutablePointer<GError>?
      let resource = try XCTUnwrap(
        g_resource_load(folder.appendingPathComponent("panel.gresource").path, &error))
      g_resources_register(resource)
      defer {
        g_resources_unregister(resource)
        g_resource_unref(resource)
      }
      let panel = ResourcePanel()
      XCTAssertEqual(panel.templateChild(ResourcePanel.title).label, "From a resource")
    }
  }
}
