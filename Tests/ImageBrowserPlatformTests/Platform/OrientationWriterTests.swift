// Saving turns and mirrors into real files: a JPEG's tag changes and nothing else, a PNG's
// pixels move exactly; failures, links and the thumbnail cache.
import CGExiv2
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Saving orientations")
  @MainActor
  struct OrientationWriterTests {
    let folder: TemporaryFolder
    let writer = OrientationWriter()

    init() throws {
      folder = try TemporaryFolder(files: [])
    }

    /// Writes a `width` × `height` image whose every pixel differs (red along x, green
    /// along y) in `format` to `name`.
    @discardableResult
    func image(_ name: String, format: String, width: Int32 = 30, height: Int32 = 20) -> URL {
      let url = folder.file(name)
      let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      let pixels = gdk_pixbuf_get_pixels(pixbuf)!
      let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
      for y in 0..<Int(height) {
        for x in 0..<Int(width) {
          let pixel = pixels + y * stride + x * 3
          pixel[0] = UInt8(x * 8)
          pixel[1] = UInt8(y * 12)
          pixel[2] = UInt8((x + y) % 2 * 200)
        }
      }
      var error: UnsafeMutablePointer<GError>?
      gdk_pixbuf_savev(pixbuf, url.path, format, nil, nil, &error)
      #expect(error == nil, "wrote \(name)")
      return url
    }

    /// The pixels of the image file at `url` as rows of RGB triples, decoded plainly.
    static func pixels(_ url: URL) -> [[[UInt8]]] {
      guard let pixbuf = gdk_pixbuf_new_from_file(url.path, nil) else { return [] }
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      let width = Int(gdk_pixbuf_get_width(pixbuf))
      let height = Int(gdk_pixbuf_get_height(pixbuf))
      let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
      let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
      let data = gdk_pixbuf_read_pixels(pixbuf)!
      return (0..<height).map { y in
        (0..<width).map { x in
          let pixel = data + y * stride + x * channels
          return [pixel[0], pixel[1], pixel[2]]
        }
      }
    }

    /// The compressed pixels of a JPEG: everything from its first start-of-scan marker.
    static func scanData(_ url: URL) throws -> [UInt8] {
      let bytes = [UInt8](try Data(contentsOf: url))
      let marker = bytes.indices.dropLast().first { (index: Int) -> Bool in
        bytes[index] == 0xFF && bytes[index + 1] == 0xDA
      }
      let start = try #require(marker)
      return Array(bytes[start...])
    }

    /// The size the browser's decoder shows `url` at (orientation applied).
    static func shownSize(_ url: URL) -> PixelSize? {
      try? ImageDecoder.decode(url, fitting: nil).get().size
    }

    func listing() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
    }

    @Test("a JPEG without EXIF gets an orientation tag; its compressed pixels stay byte for byte")
    func jpegWithoutExif() throws {
      let url = image("photo.jpg", format: "jpeg")
      #expect(ExifWriter.exifOrientation(url) == 0)
      let scan = try Self.scanData(url)
      #expect(writer.method(for: url) == .metadata)
      try writer.save(.clockwise, to: url)
      #expect(ExifWriter.exifOrientation(url) == 6)
      #expect(try Self.scanData(url) == scan, "the pixels are not encoded again")
      #expect(Self.shownSize(url) == PixelSize(width: 20, height: 30), "shown turned")
      #expect(listing() == ["photo.jpg"], "no temporary file left")
    }

    @Test("a JPEG's turn composes with its orientation; its other tags stay")
    func jpegComposes() throws {
      let url = image("camera.jpg", format: "jpeg")
      var tags = ExifWriter.camera
      tags["Exif.Image.Orientation"] = "6"
      #expect(ExifWriter.write(tags, to: url))
      let scan = try Self.scanData(url)
      try writer.save(.clockwise, to: url)
      #expect(ExifWriter.exifOrientation(url) == 3, "a quarter and a quarter: half a turn")
      try writer.save(.mirroredHorizontally, to: url)
      #expect(ExifWriter.exifOrientation(url) == 4, "half a turn, mirrored: upside down")
      try writer.save(.mirroredVertically, to: url)
      #expect(ExifWriter.exifOrientation(url) == 1)
      #expect(try Self.scanData(url) == scan)
      let metadata = Exiv2MetadataReader().metadata(at: url)
      #expect(metadata.cameraModel == "Canon EOS R6")
      #expect(metadata.isoSpeed == 400)
    }

    @Test("a PNG is encoded again with its pixels turned exactly; its mode stays")
    func png() throws {
      let url = image("drawing.png", format: "png")
      chmod(url.path, 0o640)
      let before = Self.pixels(url)
      #expect(writer.method(for: url) == .reencoding)
      let orientation = Orientation(exif: 7)!  // transverse: a turn and a mirror
      try writer.save(orientation, to: url)
      let after = Self.pixels(url)
      #expect(after.count == 30 && after.first?.count == 20)
      var expected = Array(repeating: Array(repeating: [UInt8](), count: 20), count: 30)
      for y in 0..<20 {
        for x in 0..<30 {
          let moved = orientation.map(x: x, y: y, width: 30, height: 20)
          expected[moved.y][moved.x] = before[y][x]
        }
      }
      #expect(after == expected)
      var info = stat()
      stat(url.path, &info)
      #expect(info.st_mode & 0o777 == 0o640)
      #expect(listing() == ["drawing.png"])
    }

    @Test("the format comes from the content: a PNG named .jpg is saved as a PNG")
    func contentDecides() throws {
      let url = image("actually-png.jpg", format: "png")
      try writer.save(.halfTurn, to: url)
      let bytes = [UInt8](try Data(contentsOf: url).prefix(4))
      #expect(bytes == [0x89, 0x50, 0x4E, 0x47])
      let turned: [UInt8] = [29 * 8, 19 * 12, 0]
      #expect(Self.pixels(url).first?.first == turned)
    }

    @Test("a format that cannot be written is refused, by name and by content, unchanged")
    func unsupported() throws {
      let gif = folder.file("anim.gif")
      #expect(
        writer.method(for: gif)
          == .unsupported("GIF files cannot be saved turned (JPEG, PNG and BMP can)"))
      let disguised = image("disguised.png", format: "ico", width: 16, height: 16)
      let original = try Data(contentsOf: disguised)
      do throws(FileOperationError) {
        try writer.save(.clockwise, to: disguised)
        Issue.record("an ICO must not be saved")
      } catch {
        #expect(error.message == "ICO files cannot be saved turned (JPEG, PNG and BMP can)")
      }
      #expect(try Data(contentsOf: disguised) == original)
    }

    @Test("saving through a link changes the file it points at; the link stays a link")
    func link() throws {
      let target = image("real.png", format: "png")
      let link = folder.file("link.png")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
      try writer.save(.clockwise, to: link)
      let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
      #expect(destination == target.path)
      #expect(Self.pixels(target).count == 30, "the target turned")
      #expect(listing() == ["link.png", "real.png"])
    }

    @Test("in a read-only folder, or on a read-only file, saving fails and changes nothing")
    func readOnly() throws {
      let inFolder = image("locked-folder.jpg", format: "jpeg")
      let file = image("locked-file.png", format: "png")
      let before = (try Data(contentsOf: inFolder), try Data(contentsOf: file))
      chmod(inFolder.path, 0o666)
      chmod(file.path, 0o444)
      chmod(folder.url.path, 0o555)
      defer { chmod(folder.url.path, 0o755) }
      asUnprivilegedUser {
        for url in [inFolder, file] {
          do throws(FileOperationError) {
            try writer.save(.clockwise, to: url)
            Issue.record("\(url.lastPathComponent) must not be saved")
          } catch {
            #expect(error.message.hasPrefix("you are not allowed to change it"), "\(error.message)")
          }
        }
      }
      chmod(folder.url.path, 0o777)
      asUnprivilegedUser {
        #expect(throws: FileOperationError.self) { try writer.save(.clockwise, to: file) }
      }
      #expect(try Data(contentsOf: inFolder) == before.0)
      #expect(try Data(contentsOf: file) == before.1)
      #expect(listing() == ["locked-file.png", "locked-folder.jpg"], "no temporary file left")
    }

    @Test("a file that vanished says so")
    func vanished() {
      do throws(FileOperationError) {
        try writer.save(.clockwise, to: folder.file("gone.jpg"))
        Issue.record("nothing to save")
      } catch {
        #expect(error.message == "the file no longer exists")
      }
    }

    @Test("the saved file's entries leave the thumbnail cache")
    func thumbnailCache() throws {
      let home = try TemporaryFolder(files: [])
      let cache = ThumbnailCache(cacheHome: home.url)
      let url = image("cached.png", format: "png")
      let source = try #require(ThumbnailCache.Source(url: url))
      _ = cache.thumbnail(for: source, flavor: .normal)
      guard case .thumbnail = cache.entry(for: source, flavor: .normal) else {
        Issue.record("the thumbnail was cached")
        return
      }
      try OrientationWriter(thumbnailCache: cache).save(.clockwise, to: url)
      guard case .missing = cache.entry(for: source, flavor: .normal) else {
        Issue.record("the old thumbnail is gone, even within the same second")
        return
      }
    }
  }
}
