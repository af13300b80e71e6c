// Writing crops, resizes and Save As into real files: lossless JPEG crops on the block
// grid, re-encoding at the source's quality elsewhere, EXIF kept, names taken and
// read-only folders refused with nothing changed.
import CGExiv2
import CImaging
import CTurboJPEG
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Saving crops, resizes and Save As")
  @MainActor
  struct EditWriterTests {
    let folder: TemporaryFolder

    init() throws {
      folder = try TemporaryFolder(files: [])
    }

    /// A 64 × 48 JPEG at `quality` whose pixels all differ, with `subsampling` (4:4:4 keeps
    /// every pixel's colour, so a lossless cut decodes to exactly the source's pixels),
    /// with a camera's EXIF.
    @discardableResult
    func jpeg(
      _ name: String, quality: Int32 = 80, subsampling: TJSAMP = TJSAMP_444,
      tags: [String: String] = ExifWriter.camera
    ) throws -> URL {
      let width = 64
      let height = 48
      var rgb = [UInt8](repeating: 0, count: width * height * 3)
      for y in 0..<height {
        for x in 0..<width {
          let offset = (y * width + x) * 3
          rgb[offset] = UInt8(x * 4)
          rgb[offset + 1] = UInt8(y * 5)
          rgb[offset + 2] = UInt8((x * 7 + y * 3) % 256)
        }
      }
      let handle = try #require(tjInitCompress())
      defer { tjDestroy(handle) }
      var output: UnsafeMutablePointer<UInt8>?
      var size: UInt = 0
      let status = tjCompress2(
        handle, rgb, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size,
        Int32(subsampling.rawValue), quality, 0)
      #expect(status == 0)
      let bytes = Data(bytes: try #require(output), count: Int(size))
      tjFree(output)
      let url = folder.file(name)
      try bytes.write(to: url)
      if !tags.isEmpty { #expect(ExifWriter.write(tags, to: url)) }
      return url
    }

    func tag(_ name: String, of url: URL) -> String? {
      guard gexiv2_initialize() != 0, let handle = gexiv2_metadata_new() else { return nil }
      defer { g_object_unref(handle) }
      var error: UnsafeMutablePointer<GError>?
      defer { g_clear_error(&error) }
      guard gexiv2_metadata_open_path(handle, url.path, &error) != 0,
        let value = gexiv2_metadata_try_get_tag_string(handle, name, &error)
      else { return nil }
      defer { g_free(value) }
      return String(cString: value)
    }

    func listing() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
    }

    static func crop(_ rect: PixelRect, orientation: Orientation = .up) -> ImageEdit {
      var edit = ImageEdit(orientation: orientation)
      edit.crop = rect
      edit.sourceSize = PixelSize(width: 64, height: 48)
      return edit
    }

    @Test("a crop on the block grid is cut losslessly: the same pixels, a valid JPEG, EXIF kept")
    func losslessCrop() throws {
      let source = try jpeg("source.jpg")
      let cut = folder.file("cut.jpg")
      let rect = PixelRect(x: 8, y: 16, width: 40, height: 24)
      try EditWriter.save(Self.crop(rect), of: source, to: cut, replacing: false)
      let original = OrientationWriterTests.pixels(source)
      let cropped = OrientationWriterTests.pixels(cut)
      #expect(cropped.count == 24 && cropped.first?.count == 40, "a valid JPEG of the crop's size")
      let region = original[16..<40].map { Array($0[8..<48]) }
      #expect(cropped == region, "every pixel as decoded from the source")
      let bytes = [UInt8](try Data(contentsOf: cut))
      #expect(
        JPEGTransform.quality(of: bytes) == 80, "the same quantisation: nothing encoded again")
      #expect(tag("Exif.Image.Make", of: cut) == "Canon")
      #expect(tag("Exif.Photo.PixelXDimension", of: cut) == "40")
      #expect(tag("Exif.Photo.PixelYDimension", of: cut) == "24")
    }

    @Test("a crop of a turned JPEG is cut in its stored pixels; the tag keeps the turn")
    func losslessCropOfATurnedJPEG() throws {
      var tags = ExifWriter.camera
      tags["Exif.Image.Orientation"] = "6"  // shown a quarter turn clockwise: 48 × 64
      let source = try jpeg("turned.jpg", tags: tags)
      let cut = folder.file("turned-cut.jpg")
      // Stored (8, 16, 40 × 24) shows, turned clockwise in a 48 × 64 picture, at (8, 8).
      let shown = PixelRect(x: 8, y: 16, width: 40, height: 24).transformed(
        by: .clockwise, in: PixelSize(width: 64, height: 48))
      #expect(shown == PixelRect(x: 8, y: 8, width: 24, height: 40))
      var edit = Self.crop(shown)
      edit.sourceSize = PixelSize(width: 48, height: 64)
      try EditWriter.save(edit, of: source, to: cut, replacing: false)
      #expect(tag("Exif.Image.Orientation", of: cut) == "6")
      let stored = OrientationWriterTests.pixels(cut)
      let original = OrientationWriterTests.pixels(source)
      #expect(stored == original[16..<40].map { Array($0[8..<48]) })
    }

    @Test("a crop off the grid is encoded again at the source's quality, upright, EXIF kept")
    func reencodedCrop() throws {
      let source = try jpeg("q.jpg", quality: 70, subsampling: TJSAMP_420)
      let cut = folder.file("q-cut.jpg")
      try EditWriter.save(
        Self.crop(PixelRect(x: 3, y: 5, width: 30, height: 20)), of: source, to: cut,
        replacing: false)
      let bytes = [UInt8](try Data(contentsOf: cut))
      let quality = try #require(JPEGTransform.quality(of: bytes))
      #expect(abs(quality - 70) <= 1, "written at \(quality)")
      #expect(OrientationWriterTests.pixels(cut).count == 20)
      #expect(OrientationWriterTests.pixels(cut).first?.count == 30)
      #expect(tag("Exif.Image.Model", of: cut) == "Canon EOS R6")
      #expect(tag("Exif.Photo.PixelXDimension", of: cut) == "30")
    }

    @Test("a resize writes the new size in the format the name says")
    func resizeAsPNG() throws {
      let source = try jpeg("big.jpg")
      var edit = ImageEdit()
      edit.size = PixelSize(width: 32, height: 24)
      edit.sourceSize = PixelSize(width: 64, height: 48)
      let png = folder.file("small.png")
      try EditWriter.save(edit, of: source, to: png, replacing: false)
      let bytes = [UInt8](try Data(contentsOf: png))
      #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
      #expect(OrientationWriterTests.pixels(png).count == 24)
      #expect(OrientationWriterTests.pixels(png).first?.count == 32)
    }

    @Test("Save As onto an existing name is refused unless replacing; replacing keeps its mode")
    func existingName() throws {
      let source = try jpeg("a.jpg")
      let other = try jpeg("b.jpg", quality: 50, tags: [:])
      chmod(other.path, 0o640)
      let before = try Data(contentsOf: other)
      do throws(FileOperationError) {
        try EditWriter.save(.none, of: source, to: other, replacing: false)
        Issue.record("b.jpg must not be replaced unasked")
      } catch {
        #expect(error.message == "a file named “b.jpg” already exists")
      }
      #expect(try Data(contentsOf: other) == before)
      try EditWriter.save(.none, of: source, to: other, replacing: true)
      #expect(try Data(contentsOf: other) == (try Data(contentsOf: source)))
      let mode = try FileManager.default.attributesOfItem(atPath: other.path)[.posixPermissions]
      #expect(mode as? Int == 0o640)
      #expect(listing() == ["a.jpg", "b.jpg"], "no temporary file left")
    }

    @Test("Save As into a read-only folder fails, says so and leaves nothing")
    func readOnlyFolder() throws {
      let source = try jpeg("a.jpg")
      chmod(folder.url.path, 0o555)
      defer { chmod(folder.url.path, 0o755) }
      asUnprivilegedUser {
        do throws(FileOperationError) {
          try EditWriter.save(
            Self.crop(PixelRect(x: 0, y: 0, width: 16, height: 16)), of: source,
            to: folder.file("new.jpg"), replacing: false)
          Issue.record("nothing may be written")
        } catch {
          #expect(error.message.hasPrefix("the folder"), "\(error.message)")
          #expect(error.message.hasSuffix("is read-only"), "\(error.message)")
        }
      }
      #expect(listing() == ["a.jpg"])
    }

    @Test("Save As converts to the format of the name: a JPEG as a PNG, pixel size kept")
    func convertsByName() throws {
      let source = try jpeg("photo.jpg")
      let png = folder.file("photo.png")
      try EditWriter.save(.none, of: source, to: png, replacing: false)
      #expect([UInt8](try Data(contentsOf: png)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
      #expect(OrientationWriterTests.pixels(png).count == 48)
      #expect(OrientationWriterTests.pixels(png).first?.count == 64)
      #expect(tag("Exif.Image.Make", of: png) == "Canon", "the EXIF goes along")
    }

    @Test("a name without a writable format is refused before anything is written")
    func unknownFormat() throws {
      let source = try jpeg("a.jpg")
      #expect(throws: FileOperationError.self) {
        try EditWriter.save(.none, of: source, to: folder.file("a.gif"), replacing: false)
      }
      #expect(listing() == ["a.jpg"])
    }
  }
}
