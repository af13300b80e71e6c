// Editing a source buffer: undo and redo through the buffer, search with a search context.
import GtkReactive
import GtkReactiveTesting
import GtkSource
import Reactive
import XCTest

final class UndoAndSearchTests: GtkTestCase {
  /// Each insertion undoes and redoes as one; `rx.canUndo` and `rx.canRedo` end at the
  /// buffer's state after each step (GtkSourceView notifies them in between as well); a
  /// not-undoable action forgets the history.
  func testUndoAndRedoThroughTheBuffer() {
    gtk {
      let buffer = Buffer()
      var canUndo: [Bool] = []
      var canRedo: [Bool] = []
      var completions = 0
      let undo = buffer.rx.canUndo.subscribe(
        next: { canUndo.append($0) }, completed: { completions += 1 })
      let redo = buffer.rx.canRedo.subscribe(next: { canRedo.append($0) })
      buffer.insertAtCursor("Hello")
      buffer.insertAtCursor(", world")
      XCTAssertEqual(buffer.text, "Hello, world")
      XCTAssertEqual(canUndo.first, false)
      XCTAssertEqual(canUndo.last, true)

      buffer.undo()
      XCTAssertEqual(buffer.text, "Hello")
      XCTAssertEqual(canRedo.first, false)
      XCTAssertEqual(canRedo.last, true)
      buffer.undo()
      XCTAssertEqual(buffer.text, "")
      XCTAssertFalse(buffer.canUndo)
      XCTAssertEqual(canUndo.last, false)
      buffer.redo()
      buffer.redo()
      XCTAssertEqual(buffer.text, "Hello, world")
      XCTAssertFalse(buffer.canRedo)
      XCTAssertEqual(canUndo.last, true)
      XCTAssertEqual(canRedo.last, false)

      buffer.beginNotUndoableAction()
      buffer.text = "Loaded from disk"
      buffer.endNotUndoableAction()
      XCTAssertFalse(buffer.canUndo, "loading forgets the history")
      XCTAssertEqual(canUndo.last, false)
      undo.dispose()
      redo.dispose()
      XCTAssertEqual(completions, 0, "disposing does not complete")
    }
  }

  /// A search context counts the matches of its settings' text (as GtkSourceView does,
  /// in idle time: `rx.occurrencesCount` reports it), finds them forward with wrap-around,
  /// follows a change of the settings made through `.rx`, and replaces every match.
  func testSearchContextFindsCountsAndReplaces() throws {
    try gtk {
      let buffer = Buffer()
      buffer.text = "one two one three one"
      let settings = SearchSettings()
      settings.searchText = "one"
      settings.wrapAround = true
      let search = SearchContext(buffer: buffer, settings: settings)
      var counts: [Int] = []
      let subscription = search.rx.occurrencesCount.subscribe(next: { counts.append($0) })
      runMainLoop(until: { search.occurrencesCount == 3 }, "the three matches were not counted")
      XCTAssertEqual(counts.last, 3)

      let first = search.forward(buffer.startIter)
      XCTAssertTrue(first.result)
      XCTAssertEqual([first.matchStart.offset, first.matchEnd.offset], [0, 3])
      XCTAssertFalse(first.hasWrappedAround)
      let second = search.forward(first.matchEnd)
      XCTAssertEqual([second.matchStart.offset, second.matchEnd.offset], [8, 11])
      let wrapped = search.forward(buffer.iterAtOffset(19))
      XCTAssertEqual(wrapped.matchStart.offset, 0, "past the last match, the search wraps")
      XCTAssertTrue(wrapped.hasWrappedAround)

      settings.rx.searchText.on("two")
      runMainLoop(until: { search.occurrencesCount == 1 }, "the new text was not counted")
      let replaced = try search.replaceAll("2")
      XCTAssertEqual(replaced, 1)
      XCTAssertEqual(buffer.text, "one 2 one three one")
      runMainLoop(until: { search.occurrencesCount == 0 }, "the replaced match stayed counted")
      subscription.dispose()
    }
  }

  /// A regular expression that does not compile is reported as GLib's error, a value the
  /// context gives away (the getter's full transfer), and cleared by a valid one.
  func testAnInvalidRegularExpressionIsReportedAsGLibsError() {
    gtk {
      let buffer = Buffer()
      buffer.text = "one two"
      let settings = SearchSettings()
      settings.regexEnabled = true
      settings.searchText = "(unclosed"
      let search = SearchContext(buffer: buffer, settings: settings)
      let error = search.regexError
      XCTAssertEqual(error?.domain, "g-regex-error-quark")
      XCTAssertFalse(error?.message.isEmpty ?? true)
      settings.searchText = "t(wo)"
      XCTAssertNil(search.regexError)
    }
  }
}
