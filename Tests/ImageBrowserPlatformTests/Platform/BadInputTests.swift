// Broken, hostile and vanishing files: each gets a clear message, nothing crashes or changes.
import CImaging
import Foundation
import Glibc
import Reactive
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// A temporary folder of files made byte by byte (names need not be UTF-8).
@MainActor
private final class Scratch {
  let path: [UInt8]

  init() {
    var template = Array("\(NSTemporaryDirectory())/image-browser-bad-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    path = Array(String(cString: made!).utf8)
  }

  deinit {
    let folder = String(decoding: path, as: UTF8.self)
    Self.chmodAll(folder)
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The URL of `name` (bytes) in the folder.
  func url(_ name: [UInt8]) -> URL { FilePathBytes.url(forPath: path + [UInt8(ascii: "/")] + name) }
  /// The URL of `name` in the folder.
  func url(_ name: String) -> URL { url(Array(name.utf8)) }

  /// Writes `bytes` to `name`.
  @discardableResult
  func write(_ name: [UInt8], _ bytes: [UInt8]) -> URL {
    let url = url(name)
    url.withFileSystemPath { path in
      let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      precondition(descriptor >= 0, "cannot create a test file")
      _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
    return url
  }

  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) -> URL { write(Array(name.utf8), bytes) }

  /// Every file name and its size and modification time, to prove nothing changed.
  func snapshot() -> [String: [Int]] {
    let folder = String(decoding: path, as: UTF8.self)
    var result: [String: [Int]] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      var info = stat()
      _ = lstat(folder + "/" + name, &info)
      result[name] = [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }
    return result
  }

  nonisolated private static func chmodAll(_ folder: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      chmod(folder + "/" + name, 0o755)
    }
  }
}

/// A `width`×`height` JPEG's bytes, from gdk-pixbuf.
@MainActor
private func jpeg(width: Int, height: Int) -> [UInt8] {
  let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
  defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
  gdk_pixbuf_fill(pixbuf, 0x2a7f_b4ff)
  return encoded(pixbuf, as: "jpeg")
}

/// A small PNG's bytes.
@MainActor
private func png(width: Int = 40, height: Int = 30) -> [UInt8] {
  let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(width), Int32(height))!
  defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
  gdk_pixbuf_fill(pixbuf, 0x8040_20ff)
  return encoded(pixbuf, as: "png")
}

@MainActor
private func encoded(_ pixbuf: OpaquePointer, as type: String) -> [UInt8] {
  var buffer: UnsafeMutablePointer<gchar>?
  var size: gsize = 0
  var error: UnsafeMutablePointer<GError>?
  #expect(gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, nil, nil, &error) != 0)
  defer { g_free(buffer) }
  return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
}

/// The start of a PNG whose header claims `width`×`height` pixels (valid signature and
/// IHDR with its CRC), followed by an empty IDAT: nothing a decoder should allocate for.
/// What the decoder says of a 60,000 × 60,000 image.
private let hugeMessage =
  "This image is 60,000 × 60,000 pixels (3,600 megapixels); the browser decodes at most 50 megapixels of one image."

private func hugePNGHeader(width: UInt32, height: UInt32) -> [UInt8] {
  func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
  func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }
  let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
  return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
    + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
}

/// The CRC-32 PNG chunks carry (polynomial 0xEDB88320).
private func crc32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}

extension ImageBrowserPlatformTests {
  @Suite("Bad input")
  @MainActor
  struct BadInputTests {
    /// The decoder's message for `url`, or `nil` when it decoded.
    static func failure(_ url: URL, fitting box: PixelSize? = nil) -> String? {
      switch ImageDecoder.decode(url, fitting: box) {
      case .success: nil
      case .failure(.cancelled): "cancelled"
      case .failure(.failed(let message)), .failure(.timedOut(let message)),
        .failure(.interrupted(let message)):
        message
      }
    }

    @Test("a good JPEG decodes to fit the box, keeping its full size for 1:1 zoom")
    func goodJPEG() throws {
      let scratch = Scratch()
      let url = scratch.write("photo.jpg", jpeg(width: 1600, height: 1200))
      let image = try ImageDecoder.decode(url, fitting: PixelSize(width: 400, height: 400)).get()
      #expect(image.size == PixelSize(width: 400, height: 300))
      #expect(image.fullSize == PixelSize(width: 1600, height: 1200))
      let full = try ImageDecoder.decode(url, fitting: nil).get()
      #expect(full.size == PixelSize(width: 1600, height: 1200))
      #expect(full.isFullResolution)
      // Never scaled up.
      let small = try ImageDecoder.decode(url, fitting: PixelSize(width: 4000, height: 4000)).get()
      #expect(small.size == PixelSize(width: 1600, height: 1200))
    }

    @Test("EXIF orientation is applied, and the fit is for the turned image")
    func orientation() throws {
      // Stored 600 × 400 with orientation 6 (turn a quarter clockwise): shown 400 × 600.
      let url = FilePathBytes.url(
        forPath: TestSamples.folder.appendingPathComponent("exif-rotated.jpg").path)
      let full = try ImageDecoder.decode(url, fitting: nil).get()
      #expect(full.size == PixelSize(width: 400, height: 600))
      #expect(full.isTransposed)
      // A tall, narrow viewer: fitting the stored 600 × 400 gives 300 × 200, turned
      // 200 × 300, too small for the 300 × 450 the turned image needs: decoded again
      // for the turned box.
      let tall = try ImageDecoder.decode(url, fitting: PixelSize(width: 300, height: 1000)).get()
      #expect(tall.size == PixelSize(width: 300, height: 450))
      #expect(tall.fullSize == PixelSize(width: 400, height: 600))
      // A wide viewer: at least the 200 × 300 the turned image needs (decoding more is
      // cheaper than decoding twice; the viewer scales it down).
      let wide = try ImageDecoder.decode(url, fitting: PixelSize(width: 1000, height: 300)).get()
      #expect(wide.size.covers(PixelSize(width: 200, height: 300)))
      #expect(wide.size.width <= 400)
    }

    @Test("a truncated JPEG shows as far as it goes (as in Eye of GNOME); a stub is refused")
    func truncatedJPEG() {
      let scratch = Scratch()
      let whole = jpeg(width: 640, height: 480)
      let url = scratch.write("cut.jpg", Array(whole.prefix(whole.count / 3)))
      // libjpeg decodes what is there and fills the rest; the size is the header's.
      let partial = ImageDecoder.decode(url, fitting: nil)
      #expect((try? partial.get())?.size == PixelSize(width: 640, height: 480))
      let headerOnly = scratch.write("header.jpg", Array(whole.prefix(20)))
      #expect(Self.failure(headerOnly)?.isEmpty == false)
    }

    @Test("a corrupt PNG says it is damaged")
    func corruptPNG() {
      let scratch = Scratch()
      var bytes = png()
      // Flip bytes in the middle of the image data: its CRC no longer matches.
      for index in (bytes.count / 2)..<(bytes.count / 2 + 8) { bytes[index] ^= 0xFF }
      let url = scratch.write("broken.png", bytes)
      let message = Self.failure(url)
      #expect(message != nil)
      #expect(message?.isEmpty == false)
    }

    @Test("an empty file, a text file named .jpg, a folder named x.jpg")
    func notImages() {
      let scratch = Scratch()
      #expect(Self.failure(scratch.write("empty.jpg", [])) == "The file is empty (0 bytes).")
      let text = scratch.write("notes.jpg", Array("shopping list: milk, eggs\n".utf8))
      #expect(
        Self.failure(text)
          == "It is not an image (its content is not in any format this browser reads).")
      let folder = scratch.url("x.jpg")
      folder.withFileSystemPath { _ = mkdir($0, 0o755) }
      #expect(Self.failure(folder) == "It is a folder, not an image.")
    }

    @Test("a header claiming 60,000 × 60,000 pixels is refused before any allocation")
    func hugeDimensions() {
      let scratch = Scratch()
      let url = scratch.write("huge.png", hugePNGHeader(width: 60_000, height: 60_000))
      #expect(Self.failure(url) == hugeMessage)
      #expect(
        Self.failure(url, fitting: PixelSize(width: 128, height: 128))
          == hugeMessage)
    }

    @Test("a file the user may not read says permission denied")
    func unreadable() {
      let scratch = Scratch()
      let url = scratch.write("secret.jpg", jpeg(width: 20, height: 20))
      url.withFileSystemPath { _ = chmod($0, 0) }
      String(decoding: scratch.path, as: UTF8.self).withCString { _ = chmod($0, 0o755) }
      // Root reads anything: decode as an ordinary user.
      let message = asUnprivilegedUser { Self.failure(url) }
      #expect(message == "Permission denied: you are not allowed to read this file.")
    }

    @Test("a broken symlink and a symlink loop")
    func links() {
      let scratch = Scratch()
      let broken = scratch.url("gone.jpg")
      broken.withFileSystemPath { _ = symlink("nowhere.jpg", $0) }
      #expect(Self.failure(broken) == "It is a link to a file that does not exist.")
      let loop = scratch.url("loop.jpg")
      loop.withFileSystemPath { _ = symlink("loop.jpg", $0) }
      #expect(Self.failure(loop) == "It is a symbolic link that leads back to itself.")
    }

    @Test("a name that is not UTF-8 decodes like any other")
    func notUTF8() throws {
      let scratch = Scratch()
      let name = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
      let url = scratch.write(name, jpeg(width: 32, height: 24))
      let image = try ImageDecoder.decode(url, fitting: nil).get()
      #expect(image.size == PixelSize(width: 32, height: 24))
    }

    @Test("a file deleted between listing and decoding")
    func deleted() {
      let scratch = Scratch()
      let url = scratch.write("soon-gone.jpg", jpeg(width: 20, height: 20))
      url.withFileSystemPath { _ = unlink($0) }
      #expect(Self.failure(url) == "The file no longer exists (it was deleted or renamed).")
    }

    @Test("a pipe named like an image does not hang the decoder")
    func fifo() {
      let scratch = Scratch()
      let url = scratch.url("pipe.jpg")
      url.withFileSystemPath { _ = mkfifo($0, 0o644) }
      #expect(Self.failure(url) == "It is not a regular file (a device, a pipe or a socket).")
    }

    @Test("a cancelled decode stops and says so")
    func cancelled() {
      let scratch = Scratch()
      let url = scratch.write("big.jpg", jpeg(width: 1600, height: 1200))
      #expect(Self.failure(url) == nil)
      let result = ImageDecoder.decode(url, fitting: nil, isCancelled: { true })
      guard case .failure(.cancelled) = result else {
        Issue.record("expected a cancellation, got \(result)")
        return
      }
    }

    @Test("through the loader: every bad file fails with its message, the folder unchanged")
    func loaderKeepsWorkingAndWritesNothing() throws {
      let scratch = Scratch()
      let cacheHome = Scratch()
      scratch.write("good.jpg", jpeg(width: 300, height: 200))
      scratch.write("empty.jpg", [])
      scratch.write("notes.jpg", Array("hello".utf8))
      scratch.write("huge.png", hugePNGHeader(width: 60_000, height: 60_000))
      let before = scratch.snapshot()
      let loader = PixbufLoader(
        thumbnailCache: ThumbnailCache(
          cacheHome: URL(
            fileURLWithPath: String(
              decoding: cacheHome.path, as: UTF8.self))))
      var results: [String: String] = [:]
      for name in ["good.jpg", "empty.jpg", "notes.jpg", "huge.png", "missing.jpg"] {
        let item = ImageItem(url: scratch.url(name))
        for (kind, signal) in [
          ("image", loader.loadImage(for: item, fitting: PixelSize(width: 800, height: 600))),
          ("thumb", loader.loadThumbnail(for: item, size: 96)),
        ] {
          _ = signal.subscribe(
            next: { image in results["\(kind) \(name)"] = "\(image.width)×\(image.height)" },
            error: { error in results["\(kind) \(name)"] = error.message })
        }
      }
      #expect(results["image good.jpg"] == "300×200")
      #expect(results["thumb good.jpg"] == "96×64")
      #expect(results["image empty.jpg"] == "The file is empty (0 bytes).")
      #expect(
        results["thumb huge.png"] == hugeMessage)
      #expect(
        results["image missing.jpg"] == "The file no longer exists (it was deleted or renamed).")
      #expect(results.count == 10)
      #expect(scratch.snapshot() == before)
    }
  }
}
