// A focused text field gets its keys before the window's accelerators, when asked.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class FocusedTextKeyTests: GtkTestCase {
  /// A window with a Delete action, an entry, a text view and a button.
  @MainActor
  private final class Editor {
    let application = Application(applicationId: nil, flags: .nonUnique)
    let window: ApplicationWindow
    let entry = Entry()
    let text = TextView()
    let button = Button(label: "Other")
    var deletions = 0
    var action: Disposable?

    init() throws {
      _ = try application.register(nil)
      window = ApplicationWindow(application: application)
      let box = Box(orientation: .vertical, spacing: 0)
      box.add(entry)
      box.add(text)
      box.add(button)
      window.add(box)
      action = window.addAction("delete", accelerators: ["Delete"]) { [unowned self] in
        deletions += 1
      }
      window.showAll()
      entry.text = "abc"
      text.buffer?.text = "xyz"
    }

    /// Focuses the entry with the cursor after its first character.
    func focusEntry() {
      entry.grabFocus()
      entry.selectRegion(1, endPos: 1)
    }

    /// Focuses the text view with the cursor at its start.
    func focusText() {
      text.grabFocus()
      if let buffer = text.buffer { buffer.placeCursor(buffer.startIter) }
    }
  }

  func testWithoutDeferringTheAcceleratorTakesDeleteFromTheEntry() throws {
    try gtk {
      let editor = try Editor()
      editor.focusEntry()
      press("Delete", in: editor.entry)
      XCTAssertEqual(editor.deletions, 1)
      XCTAssertEqual(editor.entry.text, "abc", "GTK 3 runs accelerators first")
      editor.window.destroy()
    }
  }

  func testDeferringLetsEditableTextTakeDeleteFirst() throws {
    try gtk {
      let editor = try Editor()
      let deferral = editor.window.deferAcceleratorsToFocusedText()
      editor.focusEntry()
      press("Delete", in: editor.entry)
      XCTAssertEqual(editor.entry.text, "ac")
      editor.focusText()
      press("Delete", in: editor.text)
      XCTAssertEqual(editor.text.buffer?.text, "yz")
      XCTAssertEqual(editor.deletions, 0, "the text fields took Delete")
      press("Delete", in: editor.button)
      XCTAssertEqual(editor.deletions, 1, "elsewhere the accelerator runs")
      editor.entry.isEditable = false
      editor.focusEntry()
      press("Delete", in: editor.entry)
      XCTAssertEqual(editor.deletions, 2, "a read-only field does not take keys first")
      XCTAssertEqual(editor.entry.text, "ac")
      editor.entry.isEditable = true
      deferral.dispose()
      editor.focusEntry()
      press("Delete", in: editor.entry)
      XCTAssertEqual(editor.deletions, 3, "disposed: accelerators first again")
      XCTAssertEqual(editor.entry.text, "ac")
      editor.window.destroy()
    }
  }

  func testKeysNoTextFieldBindsStillReachTheirAccelerators() throws {
    try gtk {
      let editor = try Editor()
      var saves = 0
      let save = editor.window.addAction("save", accelerators: ["<Primary>s"]) { saves += 1 }
      let deferral = editor.window.deferAcceleratorsToFocusedText()
      editor.focusEntry()
      press("s", modifiers: .control, in: editor.entry)
      XCTAssertEqual(saves, 1)
      XCTAssertEqual(editor.entry.text, "abc")
      deferral.dispose()
      save.dispose()
      editor.window.destroy()
    }
  }

  func testAnApplicationDefersInEveryWindowItHasAndGets() throws {
    try gtk {
      let editor = try Editor()
      let deferral = editor.application.deferAcceleratorsToFocusedText()
      let later = ApplicationWindow(application: editor.application)
      let entry = Entry()
      entry.text = "123"
      later.add(entry)
      var deletions = 0
      let action = later.addAction("delete", accelerators: ["Delete"]) { deletions += 1 }
      later.showAll()
      entry.grabFocus()
      entry.selectRegion(0, endPos: 0)
      press("Delete", in: entry)
      XCTAssertEqual(entry.text, "23")
      editor.focusEntry()
      press("Delete", in: editor.entry)
      XCTAssertEqual(editor.entry.text, "ac")
      XCTAssertEqual(deletions + editor.deletions, 0)
      deferral.dispose()
      press("Delete", in: entry)
      XCTAssertEqual(deletions, 1)
      action.dispose()
      later.destroy()
      editor.window.destroy()
    }
  }
}
