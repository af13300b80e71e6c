// An SVG's sharp re-renders run in decoder helpers: the same pixels as in the app, and a
// librsvg that hangs or crashes on a document costs only the sharp render.
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("SVG renders in decoder helpers")
  @MainActor
  struct VectorRenderHelperTests {
    /// Every pixel of `surface`, row by row.
    static func pixels(_ surface: CairoSurface?) -> [UInt32] {
      guard let surface else { return [] }
      var pixels: [UInt32] = []
      for y in 0..<surface.size.height {
        for x in 0..<surface.size.width { pixels.append(surface.pixel(x: x, y: y) ?? 0) }
      }
      return pixels
    }

    /// A test document that makes a test helper `behaviour` ("hang", "crash").
    static func testDocument(_ behaviour: String) -> Data {
      Data("\(TestLoaderBehaviour.prefix)\(behaviour)\n".utf8)
    }

    static let size = PixelSize(width: 40, height: 40)
    static let zoomed = RenderRegion(scale: 8, x: 120, y: 100, width: 80, height: 40)

    /// The memory files this process has open (a document's bytes, pixels not yet
    /// mapped): descriptors whose link reads `/memfd:image-browser-shared`.
    static func openMemoryFiles() -> Int {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return entries.filter { entry in
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/fd/\(entry)")
        return target?.hasPrefix("/memfd:image-browser-shared") == true
      }.count
    }

    @Test("a helper renders a region sharp, pixel for pixel as the app would")
    func samePixels() throws {
      let pool = try #require(TestDecoders.pool(), "the helper is built beside the tests")
      let data = Data(SvgDocumentTests.edge.utf8)
      let here = SvgDocument(data: data, size: Self.size).render(Self.zoomed)
      let document = SvgDocument(data: data, size: Self.size, pool: pool)
      let helped = document.render(Self.zoomed)
      #expect(helped?.size == PixelSize(width: 80, height: 40))
      #expect(Self.pixels(helped) == Self.pixels(here))
      #expect(!Self.pixels(helped).isEmpty)
      // Black left of the edge (x = 20.5 at 8×: 164), white right of it.
      #expect(helped?.pixel(x: 0, y: 0) == 0xFF00_0000)
      #expect(helped?.pixel(x: 79, y: 0) == 0xFFFF_FFFF)
      // A second region of the same document: the helper's kept copy serves it.
      let whole = document.render(RenderRegion(scale: 1, x: 0, y: 0, width: 40, height: 40))
      #expect(
        Self.pixels(whole)
          == Self.pixels(
            SvgDocument(data: data, size: Self.size).render(
              RenderRegion(scale: 1, x: 0, y: 0, width: 40, height: 40))))
    }

    @Test("a renderer crashing on a document costs the sharp render only")
    func crashCostsTheRender() throws {
      let pool = try #require(TestDecoders.pool(capacity: 1))
      let crashing = SvgDocument(data: Self.testDocument("crash"), size: Self.size, pool: pool)
      #expect(crashing.render(Self.zoomed) == nil)
      let good = SvgDocument(data: Data(SvgDocumentTests.edge.utf8), size: Self.size, pool: pool)
      #expect(good.render(Self.zoomed)?.size == PixelSize(width: 80, height: 40))
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty }, "every helper reaped")
    }

    @Test("a render no longer wanted is stopped with its helper; the next one renders")
    func hangingRenderStopped() throws {
      let pool = try #require(TestDecoders.pool(timeLimit: .seconds(600), capacity: 1))
      let hanging = SvgDocument(data: Self.testDocument("hang"), size: Self.size, pool: pool)
      let start = ContinuousClock.now
      let region = Self.zoomed
      // Wanted for 200 ms, then not: without the kill this would wait ten minutes.
      let stopped = finishes(within: 60) {
        let surface = hanging.render(
          region, isCancelled: { ContinuousClock.now - start > .milliseconds(200) })
        precondition(surface == nil)
      }
      #expect(stopped, "the render came back once it was not wanted")
      let good = SvgDocument(data: Data(SvgDocumentTests.edge.utf8), size: Self.size, pool: pool)
      #expect(good.render(Self.zoomed)?.size == PixelSize(width: 80, height: 40))
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty }, "every helper reaped")
    }

    @Test("a document's memory file goes with it")
    func memoryFileClosed() throws {
      let pool = try #require(TestDecoders.pool(capacity: 2))
      let before = Self.openMemoryFiles()
      var documents: [SvgDocument] = []
      for _ in 0..<20 {
        let document = SvgDocument(
          data: Data(SvgDocumentTests.edge.utf8), size: Self.size, pool: pool)
        #expect(document.render(Self.zoomed) != nil)
        documents.append(document)
      }
      #expect(Self.openMemoryFiles() == before + 20, "one memory file per document")
      documents.removeAll()
      #expect(Self.openMemoryFiles() == before)
    }

    @Test("a render request survives the trip through a packet; a malformed one is refused")
    func requestRoundTrip() {
      let render = VectorRender(
        documentID: .max - 3, size: PixelSize(width: 1200, height: 800),
        region: RenderRegion(scale: 12.5, x: 7, y: 9, width: 1920, height: 1080))
      let request = DecoderRequest(render: render)
      #expect(DecoderRequest(packet: request.encoded) == request)
      let reply = DecoderReply.rendered(
        .init(size: PixelSize(width: 1920, height: 1080), stride: 7680))
      #expect(DecoderReply(packet: reply.encoded) == reply)
      // A scale that is not a positive number is no request.
      var bad = request.encoded
      bad.replaceSubrange((12 * 8)..<(13 * 8), with: [UInt8](repeating: 0xFF, count: 8))
      #expect(DecoderRequest(packet: bad) == nil)
    }
  }
}
