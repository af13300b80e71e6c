// `TextIter`'s generated methods on a real buffer: searching (with flags and limits, as
// ranges), moving by characters, words, lines and sentences, tag queries, the character
// at a position and comparisons.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

/// A buffer holding `text`.
@MainActor private func makeBuffer(_ text: String) -> TextBuffer {
  let buffer = TextBuffer()
  buffer.text = text
  return buffer
}

final class TextIterTests: GtkTestCase {
  func testSearchFindsMatchesForwardAndBackwardAsRanges() {
    gtk {
      let buffer = makeBuffer("One fish. Two FISH.\nRed fish, blue fish.")
      let start = buffer.startIter
      let first = start.forwardSearch("fish", flags: [])
      XCTAssertEqual(first.map { $0.lowerBound.offset..<$0.upperBound.offset }, 4..<8)
      XCTAssertEqual(
        first.map { buffer.getText($0.lowerBound, end: $0.upperBound, includeHiddenChars: true) },
        "fish")

      // Case-sensitive by default: the next exact match skips "FISH".
      let second = first.flatMap { $0.upperBound.forwardSearch("fish", flags: []) }
      XCTAssertEqual(second?.lowerBound.offset, 24)
      let caseless = first.flatMap {
        $0.upperBound.forwardSearch("fish", flags: .caseInsensitive)
      }
      XCTAssertEqual(caseless?.lowerBound.offset, 14, "the case-insensitive flag finds FISH")

      let last = buffer.endIter.backwardSearch("fish", flags: [])
      XCTAssertEqual(last?.lowerBound.offset, 35)
      XCTAssertEqual(last?.lowerBound.line, 1)

      XCTAssertNil(start.forwardSearch("whale", flags: []), "no match is nil")
      let limit = buffer.iterAtOffset(6)
      XCTAssertNil(start.forwardSearch("fish", flags: [], limit: limit), "a match past the limit")
    }
  }

  func testMovingByCharactersWordsLinesAndSentencesMovesTheValueItself() {
    gtk {
      let buffer = makeBuffer("Hello brave world. Second sentence here.\nNext line")
      var iter = buffer.startIter
      XCTAssertTrue(iter.isStart)
      XCTAssertTrue(iter.forwardChar())
      XCTAssertEqual(iter.offset, 1)
      XCTAssertTrue(iter.forwardWordEnd())
      XCTAssertEqual(iter.offset, 5, "the end of Hello")
      XCTAssertTrue(iter.endsWord())
      XCTAssertTrue(iter.forwardWordEnds(2))
      XCTAssertEqual(iter.offset, 17, "the end of world")
      let before = iter
      XCTAssertTrue(iter.backwardWordStart())
      XCTAssertEqual(iter.offset, 12, "the start of world")
      XCTAssertEqual(before.offset, 17, "a copy does not move with the original")

      XCTAssertTrue(iter.forwardSentenceEnd())
      XCTAssertEqual(iter.offset, 18, "after the full stop")
      XCTAssertTrue(iter.endsSentence())
      XCTAssertTrue(iter.forwardLine())
      XCTAssertEqual(iter.line, 1)
      XCTAssertTrue(iter.startsLine())
      XCTAssertEqual(iter.offset, 41)

      XCTAssertTrue(iter.forwardCursorPositions(4))
      XCTAssertEqual(iter.lineOffset, 4)
      iter.lineOffset = 1  // a settable position
      XCTAssertEqual(iter.offset, 42)

      iter.forwardToEnd()
      XCTAssertTrue(iter.isEnd)
      XCTAssertFalse(iter.forwardChar(), "the end cannot move on")
      XCTAssertEqual(iter, buffer.endIter)
      XCTAssertTrue(iter.backwardLine())
      XCTAssertEqual(iter.line, 0)
      iter.offset = 6
      XCTAssertEqual(iter.character, "b")
    }
  }

  func testTagQueriesSeeWhereATagStartsEndsAndApplies() {
    gtk {
      let buffer = makeBuffer("plain bold plain")
      let bold = TextTag(name: "bold")
      let table = buffer.tagTable
      table?.add(bold)
      buffer.applyTag(bold, start: buffer.iterAtOffset(6), end: buffer.iterAtOffset(10))

      let inside = buffer.iterAtOffset(7)
      XCTAssertTrue(inside.hasTag(bold))
      XCTAssertEqual(inside.tags.map(\.name), ["bold"])
      XCTAssertFalse(buffer.iterAtOffset(2).hasTag(bold))
      XCTAssertTrue(buffer.iterAtOffset(6).startsTag(bold))
      XCTAssertTrue(buffer.iterAtOffset(10).endsTag(bold))
      XCTAssertTrue(buffer.iterAtOffset(10).togglesTag(bold))
      XCTAssertFalse(inside.togglesTag(bold))
      XCTAssertEqual(buffer.iterAtOffset(6).toggledTags(true).map(\.name), ["bold"])
      XCTAssertEqual(buffer.iterAtOffset(10).toggledTags(false).map(\.name), ["bold"])

      var walker = buffer.startIter
      XCTAssertTrue(walker.forwardToTagToggle(bold))
      XCTAssertEqual(walker.offset, 6)
      XCTAssertTrue(walker.forwardToTagToggle(bold))
      XCTAssertEqual(walker.offset, 10)
      XCTAssertFalse(walker.forwardToTagToggle(bold), "no toggle after the last")
      XCTAssertTrue(walker.isEnd)
      XCTAssertTrue(walker.backwardToTagToggle(nil), "nil: any tag")
      XCTAssertEqual(walker.offset, 10)
    }
  }

  func testCharactersTextAndComparisons() {
    gtk {
      let buffer = makeBuffer("añb ✓")
      let start = buffer.startIter
      XCTAssertEqual(start.character, "a")
      XCTAssertEqual(buffer.iterAtOffset(1).character, "ñ")
      XCTAssertEqual(buffer.iterAtOffset(4).character, "✓")
      XCTAssertEqual(buffer.iterAtOffset(4).char, 0x2713)
      XCTAssertNil(buffer.endIter.character, "nothing at the end")
      XCTAssertEqual(start.text(buffer.iterAtOffset(3)), "añb")
      XCTAssertEqual(buffer.endIter.bytesInLine, 8, "UTF-8 bytes")
      XCTAssertEqual(buffer.endIter.charsInLine, 5)
      XCTAssertEqual(start.buffer?.pointer, buffer.pointer, "the iterator knows its buffer")

      let middle = buffer.iterAtOffset(2)
      XCTAssertLessThan(start, middle)
      XCTAssertGreaterThan(buffer.endIter, middle)
      XCTAssertEqual(middle, buffer.iterAtOffset(2))
      XCTAssertEqual(start.compare(middle), -1)
      XCTAssertTrue(middle.inRange(start, end: buffer.endIter))
      XCTAssertEqual([buffer.endIter, start, middle].sorted().map(\.offset), [0, 2, 5])

      var low = buffer.endIter
      var high = start
      low.order(&high)
      XCTAssertEqual(low.offset, 0, "order swaps the two into ascending order")
      XCTAssertEqual(high.offset, 5)
      let range = start..<middle
      XCTAssertTrue(range.contains(buffer.iterAtOffset(1)))
    }
  }
}
