// Pango's objects (GtkReactivePango): the layouts, contexts and font maps GTK's widgets
// give, used from Swift with no C, and the language a text iterator reports.
import GtkReactivePango
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class PangoObjectMembersTests: GtkTestCase {
  func testALabelsLayoutReportsThePixelSizeOfItsText() throws {
    try gtk {
      let window = Window(type: .toplevel)
      let label = Label("Hello")
      window.add(label)
      window.showAll()
      XCTAssertTrue(MainLoop.iterate(until: { label.allocation.width > 0 }))

      let layout = try XCTUnwrap(label.layout)
      XCTAssertEqual(layout.text, "Hello")
      let size = layout.pixelSize
      XCTAssertGreaterThan(size.width, 0)
      XCTAssertGreaterThan(size.height, 0)
      XCTAssertLessThanOrEqual(
        size.width, label.allocation.width, "the label is as wide as its text")
      // Pango units are pixels times Pango.scale.
      XCTAssertLessThanOrEqual(abs(layout.size.width - size.width * Pango.scale), Pango.scale)
      XCTAssertEqual(layout.pixelExtents.logicalRect.width, size.width)

      // A layout made for the label from the same text has the same size; a longer text
      // is wider.
      let same = try XCTUnwrap(label.createPangoLayout("Hello"))
      XCTAssertEqual(same.pixelSize.width, size.width)
      let longer = try XCTUnwrap(label.createPangoLayout("Hello, Hello"))
      XCTAssertGreaterThan(longer.pixelSize.width, size.width)

      // The label's layout follows its text.
      label.label = "Hello, Hello"
      XCTAssertEqual(label.layout?.text, "Hello, Hello")
      XCTAssertEqual(label.layout?.pixelSize.width, longer.pixelSize.width)
      window.destroy()
    }
  }

  func testALayoutTakesMarkupAndABiggerFontMakesItTaller() throws {
    try gtk {
      let entry = Entry()
      let context = try XCTUnwrap(entry.createPangoContext())
      let layout = Pango.Layout(context: context)
      layout.setMarkup("<b>bold</b> and plain")
      XCTAssertEqual(layout.text, "bold and plain", "markup is parsed, not shown")
      XCTAssertEqual(layout.characterCount, 14)
      XCTAssertEqual(layout.lineCount, 1)

      layout.fontDescription = FontDescription("Sans 10")
      let small = layout.pixelSize.height
      layout.fontDescription = FontDescription("Sans 30")
      XCTAssertGreaterThan(layout.pixelSize.height, small * 2)

      // Wrapped to a narrow width, the text takes several lines.
      layout.width = 40 * Pango.scale
      XCTAssertGreaterThan(layout.lineCount, 1)
      XCTAssertTrue(layout.isWrapped)
      // The first character's box starts at the origin.
      XCTAssertEqual(layout.indexToPos(0).x, 0)
    }
  }

  func testAnEntrysLayoutShowsItsText() throws {
    try gtk {
      let entry = Entry()
      entry.text = "typed"
      XCTAssertEqual(try XCTUnwrap(entry.layout).text, "typed")
      let scale = Scale(orientation: .horizontal, min: 0, max: 10, step: 1)
      scale.drawValue = true
      scale.value = 7
      XCTAssertEqual(scale.layout?.text, "7", "the value a scale draws")
      scale.drawValue = false
      XCTAssertNil(scale.layout, "no value drawn, no layout")
    }
  }

  func testAWidgetsFontMapListsRealFamiliesAndTheirFaces() throws {
    try gtk {
      let label = Label("text")
      let context = try XCTUnwrap(label.pangoContext)
      let fontMap = try XCTUnwrap(context.fontMap)
      let families = fontMap.listFamilies()
      XCTAssertFalse(families.isEmpty, "fontconfig has fonts")
      XCTAssertEqual(context.listFamilies().map(\.name).sorted(), families.map(\.name).sorted())
      XCTAssertTrue(families.allSatisfy { !$0.name.isEmpty })

      // The family of the widget's own font is there, with faces that describe it.
      let family = try XCTUnwrap(families.first { !$0.listFaces().isEmpty })
      let face = try XCTUnwrap(family.listFaces().first)
      XCTAssertFalse(face.faceName.isEmpty)
      XCTAssertEqual(face.family?.name, family.name)
      XCTAssertTrue(face.describe().string.contains(family.name))
      XCTAssertEqual(fontMap.family(family.name)?.name, family.name)

      // A font loaded for a description has that family's description.
      let font = try XCTUnwrap(context.loadFont(FontDescription("\(family.name) 12")))
      XCTAssertEqual(font.describe().points, 12)

      // A font map set on a widget is the one it gives back, and its context's.
      XCTAssertNil(label.fontMap, "none of its own: the default one")
      label.setFontMap(fontMap)
      XCTAssertEqual(label.fontMap, fontMap)
      XCTAssertEqual(label.pangoContext?.fontMap, fontMap)
    }
  }

  func testAFontChooserGivesItsFamilyAndFaceAndFiltersThroughSwift() throws {
    try gtk {
      let chooser = FontChooserWidget()
      let window = Window(type: .toplevel)
      window.add(chooser)
      window.showAll()
      let fontMap = try XCTUnwrap(chooser.pangoContext?.fontMap)
      XCTAssertNil(chooser.chooserFontMap, "the default fonts")
      chooser.chooserFontMap = fontMap
      XCTAssertEqual(chooser.chooserFontMap, fontMap)
      XCTAssertNil(chooser.fontMap, "the widget's own rendering map is another")
      var asked: [(family: String, face: String)] = []
      chooser.setFilterFunc { family, face in
        asked.append((family.name, face.faceName))
        return family.isMonospace
      }
      XCTAssertTrue(MainLoop.iterate(until: { !asked.isEmpty }), "the filter sees each face")
      XCTAssertTrue(asked.allSatisfy { !$0.family.isEmpty && !$0.face.isEmpty })

      let monospace = try XCTUnwrap(fontMap.listFamilies().first { $0.isMonospace })
      chooser.font = "\(monospace.name) 11"
      MainLoop.iterate(for: .milliseconds(50))
      XCTAssertEqual(chooser.fontFamily?.name, monospace.name)
      XCTAssertEqual(chooser.fontFace?.family?.name, monospace.name)
      chooser.setFilterFunc(nil)
      window.destroy()
    }
  }

  func testATextIteratorReportsTheLanguageOfItsTag() throws {
    try gtk {
      let buffer = TextBuffer()
      buffer.text = "Hallo Welt, hello world"
      let german = TextTag(name: "german")
      german.language = "de-de"
      try XCTUnwrap(buffer.tagTable).add(german)
      buffer.applyTag(german, start: buffer.iterAtOffset(0), end: buffer.iterAtOffset(10))
      XCTAssertEqual(buffer.iterAtOffset(3).language, Pango.Language("de-de"))
      XCTAssertEqual(buffer.iterAtOffset(3).language.tag, "de-de")
      XCTAssertTrue(buffer.iterAtOffset(3).language.matches("fr;de"), "de covers de-de")
      XCTAssertFalse(buffer.iterAtOffset(3).language.matches("fr;en"))
      XCTAssertNotEqual(buffer.iterAtOffset(15).language.tag, "de-de")
      XCTAssertFalse(Pango.Language("de").sampleString.isEmpty)
    }
  }

  /// Every property key of the Pango module names a property of its class, readable as
  /// its Swift type says: the installed Pango has what the vendored GIR describes.
  func testEveryPangoPropertyExistsAndHasAConvertibleSwiftType() {
    gtk {
      // The classes exist once a font map and its families do.
      XCTAssertFalse((Label("x").pangoContext?.fontMap?.listFamilies() ?? []).isEmpty)
      let checked = GeneratedSurfaceChecks.checkProperties(GtkReactivePango.GeneratedSurface.types)
      XCTAssertEqual(checked, 4, "a font map's and a family's item count and item type")
    }
  }
}
