// The wallpaper folder: a copy under the photo's name, never overwriting another file.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Wallpaper folder")
  @MainActor
  struct WallpaperFolderTests {
    private static func names(in url: URL) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    @Test("the photo is copied under its name into a folder made for it; again, reused")
    func copiesOnce() throws {
      let home = try TemporaryFolder(files: ["sunset.jpg"])
      let backgrounds = home.url.appendingPathComponent("data/backgrounds", isDirectory: true)
      let folder = WallpaperFolder(url: backgrounds)
      let photo = home.url.appendingPathComponent("sunset.jpg")
      let copy = try folder.store(photo)
      #expect(copy == backgrounds.appendingPathComponent("sunset.jpg"))
      #expect(try Data(contentsOf: copy) == Data(contentsOf: photo))
      #expect(try folder.store(photo) == copy, "the same bytes are not copied twice")
      #expect(Self.names(in: backgrounds) == ["sunset.jpg"])
    }

    @Test("another file of that name is kept; the copy takes the next free name")
    func neverOverwrites() throws {
      let home = try TemporaryFolder(files: ["sunset.jpg"])
      let backgrounds = home.url.appendingPathComponent("backgrounds", isDirectory: true)
      try FileManager.default.createDirectory(at: backgrounds, withIntermediateDirectories: true)
      let other = backgrounds.appendingPathComponent("sunset.jpg")
      try Data("someone else's sunset".utf8).write(to: other)
      try FileManager.default.createDirectory(
        at: backgrounds.appendingPathComponent("sunset-2.jpg"), withIntermediateDirectories: true)
      let copy = try WallpaperFolder(url: backgrounds).store(
        home.url.appendingPathComponent("sunset.jpg"))
      #expect(copy.lastPathComponent == "sunset-3.jpg")
      #expect(try Data(contentsOf: other) == Data("someone else's sunset".utf8))
    }

    @Test("a FIFO or a link under the photo's name is never read or followed")
    func specialFilesKeepTheirName() throws {
      let home = try TemporaryFolder(files: ["aurora.png", "target.png"])
      let backgrounds = home.url.appendingPathComponent("backgrounds", isDirectory: true)
      try FileManager.default.createDirectory(at: backgrounds, withIntermediateDirectories: true)
      SpecialFiles.makeFIFO(at: backgrounds.appendingPathComponent("aurora.png"))
      // A link to a file with the very same bytes still does not count as the copy.
      try Data("aurora.png".utf8).write(to: home.url.appendingPathComponent("target.png"))
      SpecialFiles.makeLink(
        at: backgrounds.appendingPathComponent("aurora-2.png"),
        to: home.url.appendingPathComponent("target.png").path)
      let copy = try WallpaperFolder(url: backgrounds).store(
        home.url.appendingPathComponent("aurora.png"))
      #expect(copy.lastPathComponent == "aurora-3.png")
    }

    @Test("a photo that cannot be read throws, and nothing is written")
    func unreadable() throws {
      let home = try TemporaryFolder(files: [])
      let backgrounds = home.url.appendingPathComponent("backgrounds", isDirectory: true)
      #expect(throws: (any Error).self) {
        try WallpaperFolder(url: backgrounds).store(home.url.appendingPathComponent("gone.png"))
      }
      #expect(!FileManager.default.fileExists(atPath: backgrounds.path))
    }
  }
}
