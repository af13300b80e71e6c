// Decoding in helper processes: the same pictures as in-process, and a bad loader costs
// only its own image.
import CDecoderIPC
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Decoder helper processes")
  @MainActor
  struct DecoderHelperTests {
    /// A folder of its own, removed when the test ends.
    final class Folder {
      let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("decoders-\(UUID().uuidString)", isDirectory: true)
      init() {
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      }
      deinit { try? FileManager.default.removeItem(at: url) }

      func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    }

    /// The pixels of `image`, row by row without the padding, for comparisons.
    static func pixels(_ image: DecodedImage) -> [UInt8] {
      let pixbuf = image.pixbuf
      let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
      let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
      guard let data = gdk_pixbuf_read_pixels(pixbuf) else { return [] }
      var bytes: [UInt8] = []
      for y in 0..<image.height {
        bytes.append(
          contentsOf: UnsafeBufferPointer(start: data + y * stride, count: image.width * channels))
      }
      return bytes
    }

    @Test("a helper decodes what the app would: size, orientation, pixels")
    func samePicture() throws {
      let pool = try #require(TestDecoders.pool(), "the helper is built beside the tests")
      let helpers = ImageDecoding(pool: pool)
      let folder = Folder()
      let png = folder.file("a.png")
      #expect(TestImages.write(to: png, format: "png", width: 300, height: 200, rgba: 0x8040_20FF))
      let rotated = TestSamples.folder.appendingPathComponent("exif-rotated.jpg")
      for (url, box) in [
        (png, PixelSize?.none), (png, PixelSize(width: 150, height: 150)), (rotated, nil),
        (rotated, PixelSize(width: 100, height: 100)),
      ] {
        let inProcess = try ImageDecoder.decode(url, fitting: box).get()
        let helped = try helpers.decode(url, fitting: box).get()
        #expect(
          helped.size == inProcess.size, "\(url.lastPathComponent) \(String(describing: box))")
        #expect(helped.fullSize == inProcess.fullSize)
        #expect(helped.isTransposed == inProcess.isTransposed)
        #expect(Self.pixels(helped) == Self.pixels(inProcess))
      }
      // A failure says the same as in-process.
      let text = folder.file("text.png")
      try Data("not an image".utf8).write(to: text)
      #expect(
        helpers.decode(text, fitting: nil).failureMessage
          == ImageDecoder.decode(text, fitting: nil).failureMessage)
    }

    @Test("the viewer's pixels come as a cairo surface, upright, as the app would convert them")
    func viewerSurfaces() throws {
      let pool = try #require(TestDecoders.pool())
      let helpers = ImageDecoding(pool: pool)
      let folder = Folder()
      let png = folder.file("a.png")
      let pixbuf = SurfacePixelsTests.pattern(width: 120, height: 90, alpha: true)
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      gdk_pixbuf_savev(pixbuf, png.path, "png", nil, nil, nil)
      let rotated = TestSamples.folder.appendingPathComponent("exif-rotated.jpg")
      for (url, box) in [
        (png, PixelSize?.none), (png, PixelSize(width: 60, height: 60)), (rotated, nil),
        (rotated, PixelSize(width: 100, height: 100)),
      ] {
        let label = "\(url.lastPathComponent) \(String(describing: box))"
        let inProcess = try ImageDecoder.decode(url, fitting: box, forViewer: true).get()
        let helped = try helpers.decode(url, fitting: box, forViewer: true).get()
        #expect(!helped.hasPixbuf, "\(label): no pixbuf made in the app")
        #expect(helped.size == inProcess.size, "\(label)")
        #expect(helped.fullSize == inProcess.fullSize, "\(label)")
        #expect(helped.isTransposed == inProcess.isTransposed, "\(label)")
        let converted = inProcess.withSurface()
        let helpedWords = SurfacePixelsTests.words(try #require(helped.surface))
        let convertedWords = SurfacePixelsTests.words(try #require(converted.surface))
        withExtendedLifetime((converted, helped)) {}
        let difference = SurfacePixelsTests.difference(helpedWords, convertedWords)
        #expect(difference == nil, "\(label)")
      }
      // An SVG is drawn by librsvg straight into the memory file, at the size asked for.
      let svg = folder.file("a.svg")
      try Data(
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#f00"/></svg>"##
          .utf8
      ).write(to: svg)
      let vector = try helpers.decode(
        svg, fitting: PixelSize(width: 200, height: 200), forViewer: true
      )
      .get()
      #expect(vector.size == PixelSize(width: 200, height: 150))
      #expect(vector.fullSize == PixelSize(width: 400, height: 300))
      #expect(vector.kind == .vector)
      let drawn = CairoSurface(takingOwnership: try #require(vector.newSurfaceReference()))
      #expect(drawn.pixel(x: 100, y: 75) == 0xFFFF_0000)
    }

    @Test("an animation and an SVG come with their frames and document for the viewer")
    func extrasForTheViewer() throws {
      let pool = try #require(TestDecoders.pool())
      let helpers = ImageDecoding(pool: pool)
      let folder = Folder()
      let animated = folder.file("rgb.gif")
      try Data(GIFWriter.redGreenBlue()).write(to: animated)
      let gif = try helpers.decode(animated, fitting: nil, forViewer: true).get()
      #expect(gif.kind == .animated)
      #expect(gif.animation is AnimatedImage)
      // A WebP's first frame from the helper, its frames from libwebp in the app.
      let webp = folder.file("rgb.webp")
      try Data(WebPWriter.redGreenBlue()).write(to: webp)
      let animatedWebP = try helpers.decode(webp, fitting: nil, forViewer: true).get()
      #expect(animatedWebP.kind == .animated)
      let frames = try #require(animatedWebP.animation as? WebPAnimation)
      #expect(frames.schedule.durations == [100, 500, 250].map { .milliseconds($0) })
      let svg = folder.file("a.svg")
      try Data(
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><rect width="80" height="60" fill="#f00"/></svg>"##
          .utf8
      ).write(to: svg)
      let vector = try helpers.decode(svg, fitting: nil, forViewer: true).get()
      #expect(vector.kind == .vector)
      #expect(vector.vector != nil)
      #expect(vector.size == PixelSize(width: 80, height: 60))
    }

    @Test("a hanging loader is killed when its image is no longer wanted; the next decodes")
    func hangCancelled() throws {
      let pool = try #require(TestDecoders.pool(timeLimit: .seconds(600)))
      let helpers = ImageDecoding(pool: pool)
      let folder = Folder()
      let hang = folder.file("hang.png")
      try TestDecoders.writeTestFile("hang", to: hang)
      let start = ContinuousClock.now
      // Wanted for 200 ms, then not: without the kill this would wait ten minutes.
      let result = helpers.decode(
        hang, fitting: nil, isCancelled: { ContinuousClock.now - start > .milliseconds(200) })
      #expect(result.isCancelled)
      let good = folder.file("good.png")
      #expect(TestImages.write(to: good, format: "png"))
      #expect(
        (try? helpers.decode(good, fitting: nil).get())?.size == PixelSize(width: 64, height: 48))
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty }, "every helper reaped")
    }

    @Test("a thumbnail pool's helpers run below the viewer's, and still decode")
    func lowerPriorityHelpers() throws {
      let mine = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
      let viewer = try #require(TestDecoders.pool(capacity: 1))
      let thumbnails = try #require(TestDecoders.pool(capacity: 1, niceness: 10))
      #expect(TestDecoders.wait { viewer.idleCount == 1 && thumbnails.idleCount == 1 })
      let folder = Folder()
      let png = folder.file("a.png")
      #expect(TestImages.write(to: png, format: "png"))
      let decoded = try ImageDecoding(pool: thumbnails).decode(png, fitting: nil).get()
      #expect(decoded.size == PixelSize(width: 64, height: 48))
      let levels = TestDecoders.helperChildren().compactMap { TestDecoders.niceness(of: $0) }
      #expect(levels.contains(mine), "the viewer's helper at the app's level: \(levels)")
      #expect(levels.contains(min(19, mine + 10)), "the thumbnails' ten below: \(levels)")
    }

    @Test("a decode no longer wanted is stopped without killing a working helper")
    func cancelKeepsTheHelper() throws {
      let before = Set(TestDecoders.helperChildren())
      // A grace long enough for any load: the helper answers, it is not killed.
      let pool = try #require(TestDecoders.pool(capacity: 1, cancelGrace: .seconds(30)))
      #expect(TestDecoders.wait { pool.idleCount == 1 }, "the pool warms its helper")
      let helpers = Set(TestDecoders.helperChildren()).subtracting(before)
      let folder = Folder()
      let large = folder.file("large.png")
      #expect(TestImages.write(to: large, format: "png", width: 3000, height: 2000))
      var checks = 0
      let result = ImageDecoding(pool: pool).decode(
        large, fitting: nil,
        isCancelled: {
          checks += 1
          return checks > 1
        })
      #expect(result.isCancelled)
      #expect(TestDecoders.wait { pool.idleCount == 1 }, "the helper answered and is kept")
      #expect(Set(TestDecoders.helperChildren()).subtracting(before) == helpers, "the same one")
      #expect((try? ImageDecoding(pool: pool).decode(large, fitting: nil).get()) != nil)
    }

    @Test("a loader past the time limit is stopped with a message, not recorded as broken")
    func timeLimit() throws {
      let pool = try #require(TestDecoders.pool(timeLimit: .milliseconds(300)))
      let folder = Folder()
      let hang = folder.file("hang.png")
      try TestDecoders.writeTestFile("hang", to: hang)
      let result = ImageDecoding(pool: pool).decode(hang, fitting: nil)
      guard case .failure(.timedOut(let message)) = result else {
        Issue.record("not stopped at the time limit: \(result)")
        return
      }
      #expect(message.contains("took more than"))
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty })
      // The thumbnail cache does not record it as undecodable: it is tried again.
      let cacheHome = folder.file("cache")
      let cache = ThumbnailCache(cacheHome: cacheHome)
      let source = try #require(ThumbnailCache.Source(url: hang))
      _ = cache.thumbnail(for: source, flavor: .normal, decoding: ImageDecoding(pool: pool))
      guard case .missing = cache.entry(for: source, flavor: .normal) else {
        Issue.record("a time-out was recorded as a failure")
        return
      }
    }

    @Test("a helper slow to start (a loaded machine) is not stopped by the time limit")
    func slowStart() throws {
      // Starting takes twice the time limit; the limit counts from the helper's start.
      let pool = try #require(
        TestDecoders.pool(timeLimit: .milliseconds(500), startDelay: .seconds(1)))
      let folder = Folder()
      let png = folder.file("a.png")
      #expect(TestImages.write(to: png, format: "png"))
      let decoded = try ImageDecoding(pool: pool).decode(png, fitting: nil).get()
      #expect(decoded.size == PixelSize(width: 64, height: 48))
      // A hang after the start is still stopped at the limit.
      let hang = folder.file("hang.png")
      try TestDecoders.writeTestFile("hang", to: hang)
      guard case .failure(.timedOut) = ImageDecoding(pool: pool).decode(hang, fitting: nil) else {
        Issue.record("a hang after a slow start was not stopped at the time limit")
        return
      }
    }

    @Test(
      "a loader that aborts or crashes costs its image only, with a message",
      arguments: ["abort", "crash"])
    func crashingLoader(behaviour: String) throws {
      let pool = try #require(TestDecoders.pool())
      let helpers = ImageDecoding(pool: pool)
      let folder = Folder()
      let bad = folder.file("bad.png")
      try TestDecoders.writeTestFile(behaviour, to: bad)
      let message = helpers.decode(bad, fitting: nil).failureMessage ?? ""
      #expect(message.hasPrefix("The decoder stopped on this file ("), "\(message)")
      let good = folder.file("good.png")
      #expect(TestImages.write(to: good, format: "png"))
      #expect((try? helpers.decode(good, fitting: nil).get()) != nil, "the next image decodes")
      #expect(
        TestDecoders.wait { TestDecoders.zombieChildren().isEmpty },
        "zombies: \(TestDecoders.zombieChildren()) \(TestDecoders.helperChildren())")
    }

    @Test("helpers end with their pool, and none is left a zombie")
    func helpersEnd() throws {
      let before = Set(TestDecoders.helperChildren())
      do {
        let pool = try #require(TestDecoders.pool(capacity: 2))
        let folder = Folder()
        let good = folder.file("good.png")
        #expect(TestImages.write(to: good, format: "png"))
        #expect((try? ImageDecoding(pool: pool).decode(good, fitting: nil).get()) != nil)
        #expect(!Set(TestDecoders.helperChildren()).subtracting(before).isEmpty)
      }
      #expect(
        TestDecoders.wait { Set(TestDecoders.helperChildren()).isSubset(of: before) },
        "the pool's helpers ended with it and were reaped")
    }

    @Test("a missing helper fails its decode with a message, never hangs")
    func missingHelper() {
      let pool = HelperProcessPool(
        executable: URL(fileURLWithPath: "/nonexistent/image-browser-decoder"), warm: 0)
      let message = ImageDecoding(pool: pool).decode(
        URL(fileURLWithPath: "/tmp/x.png"), fitting: nil
      ).failureMessage
      #expect(message != nil)
    }

    @Test("pixels are taken only from a sealed memory file large enough for them")
    func sealedPixelsOnly() throws {
      let layout = DecoderReply.Pixels(
        size: PixelSize(width: 10, height: 10), rowstride: 40, hasAlpha: true,
        fullSize: PixelSize(width: 10, height: 10), isTransposed: false, isCapped: false,
        kind: .still, budget: DecodeBudget.pixels)
      let descriptor = cipc_memfd_create("test")
      defer { close(descriptor) }
      #expect(ftruncate(descriptor, 400) == 0)
      #expect(SharedPixels.map(descriptor, as: layout) == nil, "not sealed")
      let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 10, 10))
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      let (sealed, stride) = try #require(SharedPixels.write(pixbuf))
      defer { close(sealed) }
      var larger = layout
      larger.size = PixelSize(width: 10, height: 20)
      #expect(SharedPixels.map(sealed, as: larger) == nil, "too small for the layout")
      var right = layout
      right.rowstride = stride
      let mapped = try #require(SharedPixels.map(sealed, as: right))
      g_object_unref(UnsafeMutableRawPointer(mapped))
    }

    @Test("requests and replies survive the trip through a packet")
    func messages() {
      let request = DecoderRequest(
        path: Array("/tmp/ä b.png".utf8), box: PixelSize(width: 3, height: 4), budget: 99)
      #expect(DecoderRequest(packet: request.encoded) == request)
      let full = DecoderRequest(path: [0x2f, 0xff], box: nil, budget: 5)
      #expect(DecoderRequest(packet: full.encoded) == full)
      let preview = DecoderRequest(embeddedPreviewOf: Array("/tmp/p.jpg".utf8))
      #expect(DecoderRequest(packet: preview.encoded) == preview)
      #expect(DecoderRequest(packet: preview.encoded)?.operation == .embeddedPreview)
      #expect(DecoderRequest(packet: request.encoded)?.operation == .decode)
      let pixels = DecoderReply.Pixels(
        size: PixelSize(width: 5, height: 6), rowstride: 20, hasAlpha: true,
        fullSize: PixelSize(width: 50, height: 60), isTransposed: true, isCapped: true,
        kind: .vector, budget: 1234)
      #expect(DecoderReply(packet: DecoderReply.decoded(pixels).encoded) == .decoded(pixels))
      #expect(DecoderReply(packet: DecoderReply.failed("Nö").encoded) == .failed("Nö"))
      #expect(DecoderReply(packet: [1, 2, 3]) == nil)
      #expect(DecoderRequest(packet: [9]) == nil)
    }
  }
}

extension Result where Success == DecodedImage, Failure == DecodeFailure {
  /// The failure's message, or `nil` when it succeeded or was cancelled.
  fileprivate var failureMessage: String? {
    if case .failure(let failure) = self { failure.message } else { nil }
  }

  /// Whether it ended cancelled.
  fileprivate var isCancelled: Bool {
    if case .failure(.cancelled) = self { true } else { false }
  }
}
