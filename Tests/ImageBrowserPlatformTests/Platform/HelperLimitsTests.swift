// Decoder helpers bounded and sandboxed: killed from outside they cost nothing (reaped at
// once, the request sent again, no failure recorded); stopped by their own limits they
// cost the file its image, with a message naming the cause; and they cannot write files,
// reach the network or run programs.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Decoder helper limits")
  @MainActor
  struct HelperLimitsTests {
    /// A folder with a cache home inside, and a good PNG.
    final class Fixture: @unchecked Sendable {
      // @unchecked: set up once; its methods only read.
      let folder: TemporaryFolder
      let png: URL
      let cache: ThumbnailCache

      init() throws {
        folder = try TemporaryFolder(files: [])
        png = folder.url.appendingPathComponent("good.png")
        #expect(TestImages.write(to: png, format: "png", width: 320, height: 240))
        cache = ThumbnailCache(cacheHome: folder.url.appendingPathComponent("cache"))
      }

      /// Whether the thumbnail cache recorded `url` as undecodable.
      nonisolated func isRecordedAsFailed(_ url: URL) -> Bool {
        guard let source = ThumbnailCache.Source(url: url) else { return false }
        if case .failed = cache.entry(for: source, flavor: .normal) { return true }
        return false
      }

      /// The thumbnail of `url` through the cache, decoded by `pool`.
      nonisolated func thumbnail(_ url: URL, pool: HelperProcessPool) -> Result<
        DecodedImage, ThumbnailError
      > {
        guard let source = ThumbnailCache.Source(url: url) else {
          return .failure(ThumbnailError(message: "no source"))
        }
        return cache.thumbnail(for: source, flavor: .normal, decoding: ImageDecoding(pool: pool))
      }

      func write(_ behaviour: String, named name: String) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try TestDecoders.writeTestFile(behaviour, to: url)
        return url
      }
    }

    /// Runs `work` on a thread of its own; `result()` waits for what it returned.
    final class Background<Value: Sendable>: @unchecked Sendable {
      private var value: Value?
      private let done = DispatchSemaphore(value: 0)

      init(_ work: @escaping @Sendable () -> Value) {
        Thread { [self] in
          value = work()
          done.signal()
        }.start()
      }

      func result() -> Value {
        done.wait()
        done.signal()
        return value!
      }
    }

    /// "W × H", or the failure's message.
    nonisolated static func describe(_ result: Result<PixelSize, some Error>) -> String {
      switch result {
      case .success(let size): "\(size.width) × \(size.height)"
      case .failure(let error): "failed: \(error)"
      }
    }

    /// Whether this process (and so the helper, built alike) runs under AddressSanitizer
    /// or ThreadSanitizer, where helpers run without their limits and filter.
    static let isSanitized = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

    @Test(
      "a helper killed while idle or busy, in either pool, is reaped at once and costs nothing",
      arguments: [Int32(0), 10])
    func killedFromOutside(niceness: Int32) throws {
      let fixture = try Fixture()
      // Each request waits 600 ms before decoding, so a test can find its helper busy.
      let pool = try #require(
        TestDecoders.pool(
          capacity: 1, niceness: niceness, requestDelay: .milliseconds(600), warm: 1))
      #expect(TestDecoders.wait { pool.helperIDs.idle.count == 1 }, "the pool warms its helper")

      // Idle: killed, reaped within a second, dropped from the idle list and replaced.
      let idle = try #require(pool.helperIDs.idle.first)
      kill(idle, SIGKILL)
      #expect(TestDecoders.wait(upTo: .seconds(1)) { TestDecoders.isGone(idle) }, "no zombie")
      #expect(TestDecoders.wait { pool.helperIDs.idle.count == 1 && pool.helperIDs.idle != [idle] })
      let image = try ImageDecoding(pool: pool).decode(fixture.png, fitting: nil).get()
      #expect(image.size == PixelSize(width: 320, height: 240))
      #expect(try fixture.thumbnail(fixture.png, pool: pool).get().size.width == 128)

      // Busy: the decode in flight is sent again to a fresh helper and succeeds.
      for thumbnail in [false, true] {
        let other = fixture.folder.url.appendingPathComponent("other-\(thumbnail).png")
        #expect(TestImages.write(to: other, format: "png", width: 200, height: 100))
        let work = Background { [fixture] () -> String in
          thumbnail
            ? Self.describe(fixture.thumbnail(other, pool: pool).map(\.size))
            : Self.describe(ImageDecoding(pool: pool).decode(other, fitting: nil).map(\.size))
        }
        #expect(TestDecoders.wait { !pool.helperIDs.busy.isEmpty }, "a helper takes the request")
        let busy = try #require(pool.helperIDs.busy.first)
        kill(busy, SIGKILL)
        #expect(TestDecoders.wait(upTo: .seconds(1)) { TestDecoders.isGone(busy) }, "no zombie")
        #expect(work.result() == (thumbnail ? "128 × 64" : "200 × 100"), "shown after the kill")
        #expect(!fixture.isRecordedAsFailed(other), "no failure recorded for a good file")
      }
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty })
    }

    @Test("a helper stopped (SIGSTOP) while busy is replaced at once, not waited for")
    func stoppedFromOutside() throws {
      let fixture = try Fixture()
      let pool = try #require(
        TestDecoders.pool(
          timeLimit: .seconds(30), capacity: 1, requestDelay: .milliseconds(600), warm: 1))
      let work = Background { [fixture] in
        Self.describe(fixture.thumbnail(fixture.png, pool: pool).map(\.size))
      }
      #expect(TestDecoders.wait { !pool.helperIDs.busy.isEmpty })
      let busy = try #require(pool.helperIDs.busy.first)
      let stopped = ContinuousClock.now
      kill(busy, SIGSTOP)
      #expect(work.result() == "128 × 96")
      // The time limit is 30 s; the stop is seen within its check interval.
      #expect(ContinuousClock.now - stopped < .seconds(5))
      #expect(TestDecoders.wait(upTo: .seconds(1)) { TestDecoders.isGone(busy) }, "no zombie")
      #expect(!fixture.isRecordedAsFailed(fixture.png))
    }

    @Test("a loader that spins is stopped by its processor time; the file is recorded")
    func processorTime() throws {
      let fixture = try Fixture()
      let pool = try #require(
        TestDecoders.pool(timeLimit: .seconds(60), cpuLimit: .seconds(1), capacity: 1))
      let spin = try fixture.write("spin", named: "spin.png")
      let started = ContinuousClock.now
      guard case .failure(let error) = fixture.thumbnail(spin, pool: pool) else {
        Issue.record("a spinning loader decoded")
        return
      }
      #expect(
        error.message
          == "The decoder used more than 1 second of processor time on this file and was stopped.")
      #expect(ContinuousClock.now - started < .seconds(30), "long before the time limit")
      #expect(fixture.isRecordedAsFailed(spin), "the file's own doing: recorded")
      // The next file decodes; each request has its own second.
      #expect(try ImageDecoding(pool: pool).decode(fixture.png, fitting: nil).get().width == 320)
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty })
    }

    @Test("a loader asking for more memory than a helper may have costs its image, saying so")
    func memoryLimit() throws {
      let fixture = try Fixture()
      let pool = try #require(TestDecoders.pool(capacity: 1))
      if Self.isSanitized { return }  // The allocation would be the sanitizer's to refuse.
      let greedy = try fixture.write("allocate", named: "greedy.png")
      let message = ImageDecoding(pool: pool).decode(greedy, fitting: nil).failureMessage
      // Under a sanitizer (`make sanitize`) helpers run without their limits and filter.
      if !Self.isSanitized {
        #expect(
          message?.hasPrefix("The decoder ran out of memory on this file (a decoder may use ")
            == true, "\(message ?? "decoded")")
      }
      #expect(try ImageDecoding(pool: pool).decode(fixture.png, fitting: nil).get().width == 320)
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty })
    }

    @Test("a helper cannot write a file, reach the network or run a program")
    func sandbox() throws {
      let fixture = try Fixture()
      let pool = try #require(TestDecoders.pool(capacity: 1))
      let decoding = ImageDecoding(pool: pool)
      // Writing: the file is not made, and the decode goes on to find no image.
      let escaped = fixture.folder.url.appendingPathComponent("escaped.txt")
      if Self.isSanitized { return }
      let writer = try fixture.write("write \(escaped.path)", named: "writer.png")
      #expect(decoding.decode(writer, fitting: nil).failureMessage != nil)
      #expect(!FileManager.default.fileExists(atPath: escaped.path), "nothing written")
      // The network: a listener on 127.0.0.1 is never reached.
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      defer { close(listener) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      try withUnsafeMutablePointer(to: &address) { pointer in
        try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
          try #require(bind(listener, raw, length) == 0)
          try #require(listen(listener, 1) == 0)
          try #require(getsockname(listener, raw, &length) == 0)
        }
      }
      let caller = try fixture.write(
        "connect \(UInt16(bigEndian: address.sin_port))", named: "caller.png")
      #expect(decoding.decode(caller, fitting: nil).failureMessage != nil)
      var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      #expect(poll(&ready, 1, 200) == 0, "no connection came")
      // Running a program ends the helper: the file's doing, said so.
      let runner = try fixture.write("exec", named: "runner.png")
      if !Self.isSanitized {
        #expect(
          decoding.decode(runner, fitting: nil).failureMessage
            == "The decoder was stopped on this file: it tried to start a program or reach into another one, which decoders may not do."
        )
      }
      #expect(try decoding.decode(fixture.png, fitting: nil).get().width == 320, "and goes on")
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty })
    }

    @Test(
      "files two loaders went wrong on are refused with a message, without a GLib warning")
    func noGLibWarnings() throws {
      let fixture = try Fixture()
      // Helpers that end on any GLib warning or critical, as `make fuzz` runs them.
      let pool = try #require(
        TestDecoders.pool(capacity: 1, environment: ["G_DEBUG": "fatal-warnings"]))
      let decoding = ImageDecoding(pool: pool)
      func little(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
      // A GIF whose one frame declares 0 × 0 pixels (gdk-pixbuf: two criticals).
      let gif = fixture.folder.url.appendingPathComponent("empty-frame.gif")
      try Data(
        Array("GIF89a".utf8) + little(10) + little(10) + [0x80, 0, 0, 0xC8, 0x50, 0x50, 0, 0, 0]
          + [0x2C] + little(0) + little(0) + little(0) + little(0) + [0x00]
          + [0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
      ).write(to: gif)
      // An animated WebP whose second frame is larger than its canvas (webp-pixbuf-loader:
      // a warning, then two criticals on the NULL it goes on with).
      let webp = fixture.folder.url.appendingPathComponent("damaged.webp")
      try Data(
        WebPWriter.make(
          width: 32, height: 24,
          frames: [
            .init(colour: 0xFF0000, milliseconds: 100),
            .init(colour: 0x00FF00, milliseconds: 100, width: 64, height: 48),
          ])
      ).write(to: webp)
      let expected = [
        gif: "The image is damaged (its frame 1 declares no pixels).",
        webp: "The animation is damaged (libwebp cannot read its first frame).",
      ]
      for (url, message) in expected {
        for viewer in [false, true] {
          let result = decoding.decode(
            url, fitting: PixelSize(width: 200, height: 200), forViewer: viewer)
          #expect(result.failureMessage == message, "\(url.lastPathComponent), viewer \(viewer)")
        }
        // Recorded: the file is damaged whoever reads it.
        _ = fixture.thumbnail(url, pool: pool)
        #expect(fixture.isRecordedAsFailed(url), "\(url.lastPathComponent)")
      }
      // A good animated WebP still decodes, to its first frame, also when cancelled half
      // way (the loader used to be closed on part of the file).
      let good = fixture.folder.url.appendingPathComponent("good.webp")
      try Data(WebPWriter.redGreenBlue()).write(to: good)
      let frame = try decoding.decode(good, fitting: nil, forViewer: true).get()
      #expect(frame.size == PixelSize(width: 32, height: 24))
      #expect(frame.kind == .animated)
      let here = try ImageDecoder.decode(good, fitting: nil).get()
      let copied = try #require(CairoSurface(copying: here.pixbuf))
      #expect(copied.pixel(x: 0, y: 0) == 0xFFFF_0000, "the first frame, red")
      var checks = 0
      _ = ImageDecoder.decode(
        good, fitting: nil,
        isCancelled: {
          checks += 1
          return checks > 1
        })
    }

    @Test("an SVG whose text is scaled past what FreeType makes renders without a warning")
    func hugeTextRendersQuietly() throws {
      let fixture = try Fixture()
      // 30000 px for a 64-unit view box: its 8-unit text asks Pango for a font of tens of
      // thousands of points, which FreeType refuses (three Pango warnings per render).
      let svg = fixture.folder.url.appendingPathComponent("huge-text.svg")
      try Data(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000" viewBox="0 0 64 48">
          <rect width="64" height="48" fill="#08f"/>
          <text x="4" y="44" font-size="8">fuzz</text>
        </svg>
        """.utf8
      ).write(to: svg)
      // The helpers write to the standard error they are started with: a file, here.
      let log = fixture.folder.url.appendingPathComponent("helpers.log")
      let saved = dup(2)
      let file = open(log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      #expect(saved >= 0 && file >= 0)
      dup2(file, 2)
      close(file)
      do {
        defer {
          dup2(saved, 2)
          close(saved)
        }
        let pool = try #require(TestDecoders.pool(capacity: 1))
        let decoding = ImageDecoding(pool: pool)
        for box in [nil, PixelSize(width: 800, height: 600)] {
          _ = decoding.decode(svg, fitting: box, forViewer: true)
        }
        _ = fixture.thumbnail(svg, pool: pool)
      }
      let written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      #expect(!written.contains("Pango-WARNING"), "helpers wrote: \(written)")
    }

    @Test("a crash in a fresh helper is the file's; the file is recorded, once tried again")
    func crashIsTheFiles() throws {
      let fixture = try Fixture()
      let pool = try #require(TestDecoders.pool(capacity: 1))
      // A helper that has served a file first: its crash gets a second try, which crashes too.
      #expect(try ImageDecoding(pool: pool).decode(fixture.png, fitting: nil).get().width == 320)
      let crash = try fixture.write("crash", named: "crash.png")
      guard case .failure(let error) = fixture.thumbnail(crash, pool: pool) else {
        Issue.record("a crashing loader decoded")
        return
      }
      #expect(error.message.hasPrefix("The decoder stopped on this file ("), "\(error.message)")
      #expect(fixture.isRecordedAsFailed(crash))
      #expect(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty })
    }
  }
}

extension Result where Success == DecodedImage, Failure == DecodeFailure {
  /// The failure's message, or `nil` when it succeeded or was cancelled.
  fileprivate var failureMessage: String? {
    if case .failure(let failure) = self { failure.message } else { nil }
  }
}
