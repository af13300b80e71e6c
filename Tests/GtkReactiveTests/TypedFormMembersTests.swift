// Generated members C gives an untyped or doubled form, reached through a typed one: a
// combo box made with an entry, an icon view's own margin, errors GTK stores or signals,
// GIO's icon hash, the GDK windows of a widget, the keys a settings change names, and the
// selection a widget's `selection-get` handler fills in.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class TypedFormMembersTests: GtkTestCase {
  func testAComboBoxMadeWithAnEntryHasOneAndOneMadeWithoutHasNone() {
    gtk {
      XCTAssertTrue(ComboBox(hasEntry: true).hasEntry)
      XCTAssertFalse(ComboBox(hasEntry: false).hasEntry)
      let text = ComboBoxText(hasEntry: true)
      XCTAssertTrue(text.hasEntry)
      let entry = text.child?.cast(to: Entry.self)
      XCTAssertNotNil(entry, "the entry is the combo box's child")
      XCTAssertFalse(ComboBoxText(hasEntry: false).hasEntry)
      XCTAssertFalse(ComboBoxText(hasEntry: false).child?.isA(Entry.self) ?? false)
      text.appendText("one")
      text.active = 0
      XCTAssertEqual(entry?.text, "one", "a ComboBoxText's own entry shows the choice")
    }
  }

  func testAnIconViewsEdgeMarginIsItsOwnNotTheWidgetsMargin() {
    gtk {
      let view = IconView()
      let margins = Recorder(view.rx.edgeMargin.values)
      view.edgeMargin = 20
      XCTAssertEqual(view.edgeMargin, 20)
      XCTAssertEqual(view.marginStart, 0, "GtkWidget's margin is another property")
      XCTAssertEqual(margins.values, [6, 20], "GTK's default, then the change")
      view.rx.edgeMargin.on(4)
      XCTAssertEqual(gtk_icon_view_get_margin(view.pointer(as: GtkIconView.self)), 4)
    }
  }

  func testAGLAreaKeepsTheErrorItWasGivenAsAValue() {
    gtk {
      let area = GLArea()
      XCTAssertNil(area.error)
      let error = GLibError(domain: "image-browser-error", code: 3, message: "no GL context")
      area.error = error
      XCTAssertEqual(area.error, error, "domain, code and message copied both ways")
      area.error = nil
      XCTAssertNil(area.error)
    }
  }

  func testAnIconsHashIsGIOsAndEqualIconsHashAlike() {
    gtk {
      let folder = ThemedIcon(iconname: "folder")
      XCTAssertEqual(AnyIcon.hash(folder), AnyIcon.hash(ThemedIcon(iconname: "folder")))
      XCTAssertEqual(
        AnyIcon.hash(folder), Int(g_icon_hash(UnsafeRawPointer(folder.pointer))))
      XCTAssertNotEqual(AnyIcon.hash(folder), AnyIcon.hash(ThemedIcon(iconname: "document")))
    }
  }

  func testAWindowsGdkChildrenAreFoundByTheWidgetTheyBelongTo() throws {
    try gtk {
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      let box = EventBox()
      box.visibleWindow = true
      window.add(box)
      window.showAll()
      runUntilIdle()
      let toplevel = try XCTUnwrap(window.window)
      let boxWindows = toplevel.childrenWithUserData(box)
      XCTAssertEqual(boxWindows.count, 1)
      XCTAssertEqual(boxWindows.first, box.window)
      XCTAssertEqual(toplevel.childrenWithUserData(Label("elsewhere")), [])
    }
  }

  func testASettingsChangeNamesTheKeysThatChangedAndCanBeStopped() throws {
    try gtk {
      let settings = try XCTUnwrap(Gio.Settings.ifInstalled("org.gtk.Settings.FileChooser"))
      let changes = Recorder(settings.rx.changeEvent.map { $0.arguments })
      let changed = Recorder(settings.rx.changed)
      XCTAssertTrue(settings.setString("sort-column", value: "size"))
      runUntilIdle()
      XCTAssertEqual(changes.values, [["sort-column"]])
      XCTAssertEqual(changed.values, ["sort-column"])
      // A handler that returns true stops GSettings' own `changed` emissions.
      let stopper = settings.rx.changeEvent.subscribe(next: { $0.stop() })
      XCTAssertTrue(settings.setString("sort-column", value: "type"))
      runUntilIdle()
      XCTAssertEqual(changes.values, [["sort-column"], ["sort-column"]])
      XCTAssertEqual(changed.values, ["sort-column"], "stopped")
      stopper.dispose()
      settings.reset("sort-column")
    }
  }

  func testAWidgetAnswersASelectionRequestWithTheContentsItsHandlerSets() throws {
    try gtk {
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      window.realize()
      let widget = window.pointer(as: GtkWidget.self)
      let selection = gdk_atom_intern("GTKREACTIVE_TEST_SELECTION", 0)
      let requests = Recorder(
        window.rx.selectionGet.map { emission in
          emission.result = ClipboardContents(
            text: "from Swift", targets: [.init("application/x-test", text: "raw bytes")])
          return emission.arguments.request.target
        })
      XCTAssertEqual(gtk_selection_owner_set(widget, selection, UInt32(GDK_CURRENT_TIME)), 1)
      gtk_selection_add_target(widget, selection, gdk_atom_intern("UTF8_STRING", 0), 0)
      gtk_selection_add_target(widget, selection, gdk_atom_intern("application/x-test", 0), 1)
      let clipboard = try XCTUnwrap(gtk_clipboard_get(selection))
      let text = gtk_clipboard_wait_for_text(clipboard)
      defer { g_free(text) }
      XCTAssertEqual(text.map { String(cString: $0) }, "from Swift")
      let raw = gtk_clipboard_wait_for_contents(
        clipboard, gdk_atom_intern("application/x-test", 0))
      defer { raw.map { gtk_selection_data_free($0) } }
      var length: Int32 = 0
      let bytes = raw.flatMap { gtk_selection_data_get_data_with_length($0, &length) }
      XCTAssertEqual(
        bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(length))) },
        Array("raw bytes".utf8))
      XCTAssertEqual(requests.values, ["UTF8_STRING", "application/x-test"])
      // Without an answer the requester gets nothing.
      requests.subscription?.dispose()
      let unanswered = window.rx.selectionGet.subscribe(next: { _ in })
      XCTAssertNil(gtk_clipboard_wait_for_text(clipboard))
      unanswered.dispose()
      gtk_selection_owner_set(nil, selection, UInt32(GDK_CURRENT_TIME))
    }
  }

  func testAStyleSheetsErrorSaysWhereItIsAndWhatGLibReported() {
    gtk {
      let provider = CssProvider()
      let errors = Recorder(provider.rx.parsingError)
      _ = try? provider.loadFromData(Array("label { color: red; }\nlabel { colour: red; }".utf8))
      XCTAssertEqual(errors.values.count, 1)
      let section = errors.values.first?.section
      XCTAssertEqual(section?.startLine, 1, "the second line, counted from 0")
      XCTAssertNil(section?.fileURI, "loaded from data")
      XCTAssertEqual(errors.values.first?.error.domain, "gtk-css-provider-error-quark")
    }
  }

  func testLocalOptionsArriveParsedAndAnUnsetResultLetsTheApplicationCarryOn() {
    gtk {
      let application = Gio.Application(applicationId: nil, flags: .nonUnique)
      application.addMainOption(
        "answer", shortName: 0, flags: [], arg: .int, description: "An answer",
        argDescription: nil)
      var answers: [Int32?] = []
      let options = application.rx.handleLocalOptions.subscribe(next: { emission in
        answers.append(emission.arguments.value("answer", as: Int32.self))
      })
      var activations = 0
      let activated = application.rx.activate.subscribe(next: { activations += 1 })
      XCTAssertEqual(application.run(arguments: ["app", "--answer", "42"]), 0)
      XCTAssertEqual(answers, [42])
      XCTAssertEqual(activations, 1, "no result set: GApplication went on to activate")
      options.dispose()
      activated.dispose()
    }
  }

  func testALocalOptionsHandlerCanEndTheRunWithItsStatus() {
    gtk {
      let application = Gio.Application(applicationId: nil, flags: .nonUnique)
      application.addMainOption(
        "version", shortName: 0, flags: [], arg: .none, description: "The version",
        argDescription: nil)
      let options = application.rx.handleLocalOptions.subscribe(next: { emission in
        let dict = emission.arguments
        XCTAssertTrue(dict.contains("version"))
        dict.insert("seen", Variant("yes"))
        XCTAssertEqual(dict.value("seen", as: String.self), "yes")
        XCTAssertTrue(dict.remove("seen"))
        XCTAssertFalse(dict.contains("seen"))
        emission.result = 3
      })
      var activations = 0
      let activated = application.rx.activate.subscribe(next: { activations += 1 })
      XCTAssertEqual(application.run(arguments: ["app", "--version"]), 3)
      XCTAssertEqual(activations, 0)
      options.dispose()
      activated.dispose()
    }
  }

  func testAReorderOfTopLevelRowsSaysWhereEachRowCameFrom() {
    gtk {
      let store = ListStore(columns: [String.self])
      let rows = ["a", "b", "c", "d"].map { name in
        let row = store.append()
        store.setValue(row, column: 0, value: name)
        return row
      }
      let reorders = Recorder(store.rx.rowsReordered)
      store.swap(rows[0], b: rows[2])
      XCTAssertEqual(reorders.values.count, 1)
      let reorder = reorders.values.first
      XCTAssertNil(reorder?.iter, "the top level: GTK passes no node")
      XCTAssertEqual(reorder?.path.indices, [])
      XCTAssertEqual(reorder?.newOrder, [2, 1, 0, 3], "each new position's old position")
      XCTAssertEqual(store.value(row: 0, column: 0, as: String.self), "c")
    }
  }

  func testAMenuItemsToggleSizeIsTheResultItsHandlerSets() {
    gtk {
      let item = CheckMenuItem(label: "Wrap lines")
      var asked = 0
      item.toggleSizeRequest(&asked)
      let indicator = asked
      let requests = item.rx.toggleSizeRequest.subscribe(next: { emission in
        emission.result = 24
      })
      item.toggleSizeRequest(&asked)
      XCTAssertEqual(asked, 24, "the subscriber's width")
      requests.dispose()
      let unanswered = item.rx.toggleSizeRequest.subscribe(next: { _ in })
      item.toggleSizeRequest(&asked)
      XCTAssertEqual(asked, indicator, "no result: GTK's own indicator width stays")
      unanswered.dispose()
    }
  }

  func testAMountOperationNamesTheProcessesInTheWay() {
    gtk {
      let operation = Gio.MountOperation()
      let shown = Recorder(operation.rx.showProcesses)
      let pids = g_array_new(0, 0, guint(MemoryLayout<GPid>.size))
      defer { g_array_unref(pids) }
      var ids: [GPid] = [101, 202, 303]
      g_array_append_vals(pids, &ids, guint(ids.count))
      Self.emit("show-processes", on: operation, "Files are open", pids, ["Cancel", "Unmount"])
      XCTAssertEqual(shown.values.count, 1)
      XCTAssertEqual(shown.values.first?.message, "Files are open")
      XCTAssertEqual(shown.values.first?.processes, [101, 202, 303])
      XCTAssertEqual(shown.values.first?.choices, ["Cancel", "Unmount"])
    }
  }

  /// Emits the mount operation signal `name` on `object` with a string, a boxed array
  /// and a string array, as GIO does when it asks which processes to end.
  @MainActor
  private static func emit(
    _ name: String, on object: Object, _ message: String, _ array: UnsafeMutablePointer<GArray>?,
    _ choices: [String]
  ) {
    let type = g_mount_operation_get_type()
    let id = g_signal_lookup(name, type)
    var query = GSignalQuery()
    g_signal_query(id, &query)
    var values = [GValue](repeating: GValue(), count: 4)
    g_value_init(&values[0], type)
    g_value_set_object(&values[0], object.pointer)
    let types = (0..<3).map { query.param_types[$0] & ~GType(1) }  // G_SIGNAL_TYPE_STATIC_SCOPE
    g_value_init(&values[1], types[0])
    g_value_set_string(&values[1], message)
    g_value_init(&values[2], types[1])
    g_value_set_boxed(&values[2], array)
    g_value_init(&values[3], types[2])
    var strings = choices.map { strdup($0) } + [nil]
    defer { strings.forEach { free($0) } }
    strings.withUnsafeMutableBufferPointer { g_value_set_boxed(&values[3], $0.baseAddress) }
    g_signal_emitv(values, id, 0, nil)
    for index in values.indices { g_value_unset(&values[index]) }
  }
}
