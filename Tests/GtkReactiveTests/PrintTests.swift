// A print operation draws its page with the print context's cairo context; exported to PDF.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class PrintTests: GtkTestCase {
  func testAnExportedPageIsDrawnWithThePrintContextsCairoContext() throws {
    try gtk {
      let pdf = FileManager.default.temporaryDirectory
        .appendingPathComponent("print-\(UUID().uuidString).pdf")
      defer { try? FileManager.default.removeItem(at: pdf) }
      let operation = PrintOperation()
      operation.nPages = 1
      operation.exportFilename = pdf.path
      var drawn: [(width: Double, height: Double)] = []
      let drawing = operation.rx.drawPage.subscribe(next: { context, _ in
        let cairo = context.cairoContext
        let cr = cairo.raw
        cairo_set_source_rgb(cr, 0.2, 0.4, 0.8)
        cairo_rectangle(cr, 0, 0, context.width / 2, context.height / 2)
        cairo_fill(cr)
        XCTAssertEqual(cairo_status(cr), CAIRO_STATUS_SUCCESS)
        drawn.append((context.width, context.height))
      })
      defer { drawing.dispose() }
      let result = try operation.run(.export, parent: nil)
      XCTAssertEqual(result, .apply)
      XCTAssertEqual(drawn.count, 1, "one page")
      XCTAssertGreaterThan(drawn.first?.width ?? 0, 0)
      let size = try FileManager.default.attributesOfItem(atPath: pdf.path)[.size] as? NSNumber
      XCTAssertGreaterThan(size?.intValue ?? 0, 0, "a PDF was written")
      let head = try Data(contentsOf: pdf).prefix(5)
      XCTAssertEqual(String(decoding: head, as: UTF8.self), "%PDF-")
    }
  }
}
