// Syntax highlighting: a buffer with a language from the language manager.
import GtkReactive
import GtkReactiveTesting
import GtkSource
import Reactive
import XCTest

final class HighlightingTests: GtkTestCase {
  /// A C buffer is highlighted with the scheme's colours: a comment and a string get
  /// their context classes, a keyword a coloured tag; turned off through `.rx`, the
  /// highlighting goes.
  func testLanguageHighlightsTheBuffer() throws {
    try gtk {
      let manager = try XCTUnwrap(LanguageManager.default)
      XCTAssertTrue(manager.languageIds?.contains("c") ?? false, "GtkSourceView's C language")
      let c = try XCTUnwrap(manager.language("c"))
      XCTAssertEqual(c.name, "C")
      XCTAssertNil(manager.language("no-such-language"), "an unknown id finds nothing")
      let buffer = Buffer(language: c)
      buffer.styleScheme = StyleSchemeManager.default?.scheme("classic")
      var highlighting: [Bool] = []
      let subscription = buffer.rx.highlightSyntax.subscribe(next: { highlighting.append($0) })
      XCTAssertEqual(buffer.language, c)
      buffer.text = "int main(void) { /* note */ return puts(\"text\"); }"
      buffer.ensureHighlight(buffer.startIter, end: buffer.endIter)

      XCTAssertTrue(buffer.contextClassesAtIter(buffer.iterAtOffset(20)).contains("comment"))
      XCTAssertTrue(buffer.iterHasContextClass(buffer.iterAtOffset(42), contextClass: "string"))
      XCTAssertFalse(buffer.iterHasContextClass(buffer.iterAtOffset(0), contextClass: "comment"))
      XCTAssertTrue(
        buffer.iterAtOffset(0).tags.contains { $0.foregroundSet }, "`int` is coloured as a type")
      var iter = buffer.startIter
      XCTAssertTrue(buffer.iterForwardToContextClassToggle(&iter, contextClass: "comment"))
      XCTAssertEqual(iter.offset, 17, "the iterator moved to where the comment starts")

      buffer.rx.highlightSyntax.on(false)
      XCTAssertFalse(buffer.highlightSyntax)
      runMainLoop(
        until: { !buffer.iterAtOffset(0).tags.contains { $0.foregroundSet } },
        "the colours stayed after highlighting was turned off")
      buffer.highlightSyntax = true
      XCTAssertEqual(highlighting, [true, true], "the sink's change is not echoed back")
      subscription.dispose()
    }
  }

  /// A view shows the buffer with line numbers and the current line highlighted; its
  /// options are control properties.
  func testViewShowsTheBuffer() throws {
    try gtk {
      let buffer = Buffer(language: try XCTUnwrap(LanguageManager.default?.language("python")))
      buffer.text = "def f():\n    return 1\n"
      let view = View(buffer: buffer)
      var numbers: [Bool] = []
      let subscription = view.rx.showLineNumbers.subscribe(next: { numbers.append($0) })
      view.rx.showLineNumbers.on(true)
      view.highlightCurrentLine = true
      view.autoIndent = true
      let window = Window(type: .toplevel)
      window.add(view)
      window.showAll()
      runMainLoop(until: { view.isMapped }, "the view was not shown")
      XCTAssertTrue(view.showLineNumbers)
      XCTAssertEqual(view.buffer, buffer)
      view.showLineNumbers = false
      XCTAssertEqual(numbers, [false, false], "the sink's change is not echoed back")
      window.destroy()
      subscription.dispose()
    }
  }
}
