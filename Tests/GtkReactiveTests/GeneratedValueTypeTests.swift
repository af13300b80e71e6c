// The C types the generator maps to Swift values (rectangles, colours, borders, tree and
// text iterators, GVariants, string arrays, Pango enumerations), on real widgets: each
// crosses in both directions, and the copies it makes are freed.
import CGtk
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class GeneratedValueTypeTests: GtkTestCase {
  func testAShownWidgetReportsItsAllocationAsARectangle() {
    gtk {
      let window = Window(type: .toplevel)
      let label = Label("allocated")
      window.add(label)
      let areas = Recorder(label.rx.sizeAllocate)
      window.setDefaultSize(200, height: 100)
      window.showAll()
      XCTAssertTrue(MainLoop.iterate(until: { !areas.values.isEmpty }))
      let area = label.allocation
      XCTAssertEqual(areas.values.last, area, "the signal and the property agree")
      XCTAssertGreaterThan(area.width, 0)
      XCTAssertGreaterThan(area.height, 0)
      XCTAssertEqual(label.allocatedSize.allocation, area)
      let monitor = Display.default?.monitor(0)
      XCTAssertGreaterThan(monitor?.geometry.width ?? 0, 0, "a monitor's geometry")
      window.destroy()
      XCTAssertTrue(areas.completed, "the signal completes when the widget is destroyed")
    }
  }

  func testAColourCrossesAsRGBAThroughMethodsPropertiesAndBindings() {
    gtk {
      let red = RGBA(parsing: "#ff0000")
      XCTAssertEqual(red, RGBA(red: 1, green: 0, blue: 0))
      XCTAssertEqual(red?.css, "rgb(255,0,0)")
      XCTAssertNil(RGBA(parsing: "not a colour"))

      let button = ColorButton(rgba: RGBA(red: 0, green: 0, blue: 1))
      let chooser: any ColorChooser = button
      XCTAssertEqual(chooser.rgba, RGBA(red: 0, green: 0, blue: 1), "the constructor's colour")
      let colours = Recorder(button.rx.rgba.values)
      Signal.just(RGBA(red: 0, green: 1, blue: 0, alpha: 0.5)).bind(to: button.rx.rgba)
      XCTAssertEqual(chooser.rgba, RGBA(red: 0, green: 1, blue: 0, alpha: 0.5))
      XCTAssertEqual(colours.values, [RGBA(red: 0, green: 0, blue: 1)], "a binding does not echo")
      chooser.rgba = RGBA(red: 1, green: 1, blue: 1)  // as a user's choice would
      XCTAssertEqual(colours.values.last, RGBA(red: 1, green: 1, blue: 1))
      colours.subscription?.dispose()
    }
  }

  func testABorderIsCopiedOutOfAStyleContext() throws {
    gtk {
      let entry = Entry()
      let css = CssProvider()
      _ = try? css.loadFromData("entry { padding: 3px 5px 7px 9px; }")
      entry.styleContext?.addProvider(css, priority: 800)
      let padding = entry.styleContext?.padding(.normal)
      XCTAssertEqual(padding, Border(left: 9, right: 5, top: 3, bottom: 7))
    }
  }

  func testTreeIteratorsWalkAListStoreAndArriveWithItsSignals() {
    gtk {
      let store = ListStore(columns: [String.self])
      let model: any TreeModel = store
      let inserted = Recorder(store.rx.rowInserted)
      let first = store.append()
      store.append(count: 2)
      XCTAssertEqual(inserted.values.map(\.path), [[0], [1], [2]])
      XCTAssertEqual(model.path(first), [0])
      XCTAssertEqual(model.path(inserted.values[2].iter), [2], "the signal's iterator")
      var (found, iter) = model.iterFirst()
      XCTAssertTrue(found)
      var rows = 1
      while model.iterNext(&iter) { rows += 1 }  // `inout`: GTK moves the iterator
      XCTAssertEqual(rows, 3)
      var removed = first
      XCTAssertTrue(store.remove(&removed), "another row follows")
      XCTAssertEqual(model.path(removed), [0], "the iterator moved to the next row")
      inserted.subscription?.dispose()
    }
  }

  func testTextIteratorsArriveWithTheBuffersSignalsAndMoveAsTextIsInserted() {
    gtk {
      let buffer = TextBuffer()
      let insertions = Recorder(buffer.rx.insertText)
      // A text iterator is valid until the text changes: read it while the signal runs.
      var offsets: [Int] = []
      let reading = buffer.rx.insertText.subscribe(next: { offsets.append($0.location.offset) })
      buffer.text = "hello"
      XCTAssertEqual(buffer.endIter.offset, 5)
      var position = buffer.iterAtOffset(5)
      buffer.insert(&position, text: " world")
      XCTAssertEqual(position.offset, 11, "the iterator moved past the inserted text")
      XCTAssertEqual(buffer.text, "hello world")
      XCTAssertEqual(insertions.values.map(\.text), ["hello", " world"])
      XCTAssertEqual(offsets, [0, 5])
      insertions.subscription?.dispose()
      reading.dispose()
    }
  }

  func testActionsCarryVariantsAndVariantTypes() {
    gtk {
      let action = SimpleAction(name: "zoom", parameterType: "i", state: Variant(Int32(1)))
      XCTAssertEqual(action.parameterType, "i")
      XCTAssertEqual(action.stateType, "i")
      XCTAssertEqual(action.state?.value(as: Int32.self), 1)
      XCTAssertEqual(action.state?.description, "1")
      let activations = Recorder(action.rx.activate)
      let states = Recorder(action.rx.state)
      action.activate(Variant(Int32(3)))
      XCTAssertEqual(activations.values.map { $0?.value(as: Int32.self) }, [3])
      action.setState(Variant(Int32(4)))
      XCTAssertEqual(states.values.compactMap { $0?.value(as: Int32.self) }, [1, 4])
      XCTAssertEqual(Variant("a"), Variant("a"))
      XCTAssertNotEqual(Variant("a"), Variant(Int32(1)))
      for subscription in [activations.subscription, states.subscription] {
        subscription?.dispose()
      }
    }
  }

  func testEveryVariantCopyIsReleased() {
    gtk {
      VariantProbe.freed = 0
      do {
        let action = SimpleAction(name: "probe", parameterType: nil, state: VariantProbe.make())
        let states = Recorder(action.rx.state)
        let changes = Recorder(action.rx.changeState)
        _ = action.state
        action.changeState(VariantProbe.make())  // to the subscriber, which keeps the state
        XCTAssertEqual(states.values.count, 1)
        XCTAssertEqual(changes.values.map { $0?.value(as: Int32.self) }, [7])
        states.subscription?.dispose()
        changes.subscription?.dispose()
      }
      XCTAssertEqual(VariantProbe.freed, 2, "both probes' data freed: no GVariant leaked")
    }
  }

  func testStringArraysCrossAsSwiftArrays() {
    gtk {
      let about = AboutDialog()
      let authors = Recorder(about.rx.authors.values)
      about.authors = ["Ada", "Grace"]
      XCTAssertEqual(about.authors, ["Ada", "Grace"])
      Signal.just(["Linus"]).bind(to: about.rx.authors)
      XCTAssertEqual(about.authors, ["Linus"])
      XCTAssertEqual(authors.values, [[], ["Ada", "Grace"]], "the binding's value not echoed")
      let icon = ThemedIcon(iconname: "image-missing")
      let names = Recorder(icon.rx.names)
      icon.appendName("dialog-error")
      XCTAssertEqual(Array(icon.names.prefix(2)), ["image-missing", "dialog-error"])
      XCTAssertEqual(names.values.last, ["image-missing", "dialog-error"], "notify, as [String]")
      names.subscription?.dispose()
      authors.subscription?.dispose()
      about.destroy()
    }
  }

  func testPangoEnumerationsAreTypedProperties() {
    gtk {
      let label = Label("a long text")
      let modes = Recorder(label.rx.ellipsize.values)
      label.ellipsize = .middle
      XCTAssertEqual(label.ellipsize, .middle)
      label.lineWrapMode = .wordChar
      XCTAssertEqual(label.lineWrapMode, .wordChar)
      XCTAssertEqual(modes.values, [.none, .middle])
      modes.subscription?.dispose()
    }
  }

  func testAFontCrossesAsItsDescription() {
    gtk {
      let tag = TextTag(name: "big")
      let fonts = Recorder(tag.rx.fontDesc.values)
      tag.fontDesc = "Serif Bold 14"
      XCTAssertEqual(tag.fontDesc, FontDescription("Serif Bold 14"))
      XCTAssertEqual(tag.fontDesc?.points, 14)
      XCTAssertEqual(tag.font, "Serif Bold 14", "the same font through the string property")
      XCTAssertEqual(fonts.values.last, FontDescription("Serif Bold 14"))
      fonts.subscription?.dispose()
    }
  }

  func testChildNotifyCarriesTheChildPropertysName() {
    gtk {
      let box = Box(orientation: .vertical, spacing: 0)
      let label = Label("child")
      box.packStart(label, expand: false, fill: false, padding: 0)
      let names = Recorder(label.rx.childNotify)
      box.childNotify(label, childProperty: "expand")
      XCTAssertEqual(names.values, ["expand"])
      names.subscription?.dispose()
    }
  }

  /// Copies through GValues, C arrays and boxed structs, many times over: the C heap
  /// does not grow with the number of round trips.
  func testRoundTripsDoNotGrowTheHeap() {
    gtk {
      let about = AboutDialog()
      let button = ColorButton()
      let chooser: any ColorChooser = button
      let store = ListStore(columns: [String.self])
      store.append(count: 3)
      let model: any TreeModel = store
      let action = SimpleAction(name: "a", parameterType: "s", state: Variant("s"))
      @MainActor func roundTrips(_ count: Int) {
        for index in 0..<count {
          about.authors = ["author \(index)", "another"]
          _ = about.authors
          chooser.rgba = RGBA(red: Double(index % 2), green: 0, blue: 0)
          _ = chooser.rgba
          _ = button.rx.rgba  // a property key of a boxed type
          let (_, iter) = model.iterFirst()
          _ = model.path(iter)
          action.setState(Variant("state \(index)"))
          let tag = TextTag(name: nil)
          tag.fontDesc = FontDescription("Sans \(index % 20 + 1)")
          _ = tag.fontDesc
          _ = action.state
          _ = action.parameterType
        }
      }
      roundTrips(200)  // caches and first-use allocations
      let before = mallinfo2().uordblks
      roundTrips(5_000)
      let grown = Int(mallinfo2().uordblks) - Int(before)
      XCTAssertLessThan(grown, 64 * 1024, "5,000 round trips leave \(grown) bytes behind")
      about.destroy()
    }
  }
}

/// GVariants whose data reports when GLib frees it.
@MainActor
enum VariantProbe {
  static var freed = 0

  /// A new floating `int32` GVariant over data that counts its release.
  static func make() -> Variant {
    let data = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    data.initialize(to: 7)
    let variant = g_variant_new_from_data(
      g_variant_type_checked_("i"), data, 4, 1,
      { pointer in
        pointer?.assumingMemoryBound(to: Int32.self).deallocate()
        MainActor.assumeIsolated { VariantProbe.freed += 1 }
      }, data)!
    return Variant(taking: variant)
  }
}

final class GeneratedListAndOutTests: GtkTestCase {
  func testListsOfObjectsCrossAsSwiftArrays() {
    gtk {
      let box = Box(orientation: .vertical, spacing: 0)
      let first = Label("first")
      let second = Label("second")
      box.add(first)
      box.add(second)
      XCTAssertEqual(box.children, [first, second], "a GList the caller frees")
      let one = RadioButton(radioGroupMember: nil, label: "one")
      let two = RadioButton(radioGroupMember: one, label: "two")
      XCTAssertEqual(two.group.count, 2, "a GSList GTK keeps")
      XCTAssertTrue(two.group.contains(one) && two.group.contains(two))
      two.isActive = true
      XCTAssertFalse(one.isActive, "one group: one active button")
      let window = Window(type: .toplevel)
      XCTAssertTrue(Window.listToplevels().contains(window))
      window.destroy()
    }
  }

  func testOutPointersComeBackAsOptionals() {
    gtk {
      let store = ListStore(columns: [String.self])
      store.append(count: 2)
      let view = TreeView(model: store)
      let column = TreeViewColumn()
      _ = view.appendColumn(column)
      XCTAssertNil(view.cursor.path, "no cursor yet: GTK leaves the pointer NULL")
      view.setCursor([1], focusColumn: column, startEditing: false)
      let cursor = view.cursor
      XCTAssertEqual(cursor.path, [1])
      XCTAssertEqual(cursor.focusColumn, column)
    }
  }

  func testAtomsCrossAsTheirNames() {
    gtk {
      let clipboard = Clipboard.get("CLIPBOARD")
      XCTAssertNotNil(clipboard)
      XCTAssertEqual(
        clipboard, Clipboard.get("CLIPBOARD"), "one clipboard per selection name")
      XCTAssertNotEqual(clipboard, Clipboard.get("PRIMARY"))
    }
  }
}
