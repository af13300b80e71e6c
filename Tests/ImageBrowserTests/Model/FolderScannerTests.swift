// Folder scanning on a real temporary folder: order, formats, hidden files, errors.
import Foundation
import Testing

@testable import ImageBrowser

/// A temporary folder, removed when the value is deinitialized.
final class TemporaryFolder {
  let url: URL

  init(files: [String]) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("image-browser-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for name in files {
      let file = url.appendingPathComponent(name)
      if name.hasSuffix("/") {
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
      } else {
        try Data(name.utf8).write(to: file)
      }
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func file(_ name: String) -> URL {
    url.appendingPathComponent(name).standardizedFileURL
  }
}

extension ImageBrowserTests {
  @Suite("Folder scanning")
  @MainActor
  struct FolderScannerTests {
    static let mixed = [
      "img10.jpg", "img2.JPG", "Img1.png", "notes.txt", "readme", ".hidden.jpg",
      "sub.png/", "scan.tiff", "icon.svg", "anim.gif", "archive.zip",
    ]

    @Test("images only, in natural order; other files, hidden files and folders skipped")
    func scan() throws {
      let folder = try TemporaryFolder(files: Self.mixed)
      let found = try FolderScanner().scan(folder.url)
      #expect(
        names(found) == [
          "anim.gif", "icon.svg", "Img1.png", "img2.JPG", "img10.jpg",
          "scan.tiff",
        ])
      let first = try #require(found.first)
      #expect(first.url == folder.file("anim.gif"))
      // A name-sorted scan reads no sizes or dates; one stat fetches them when shown.
      #expect(first.byteCount == nil)
      let facts = first.withFileFacts()
      #expect(facts.byteCount == "anim.gif".utf8.count)
      #expect(facts.modificationDate != nil)
      #expect(facts.id == first.id)
      let bySize = try FolderScanner().scan(folder.url, sortedBy: .size)
      #expect(bySize.allSatisfy { $0.hasFileFacts })
    }

    @Test("the extension set is a parameter")
    func customFormats() throws {
      let folder = try TemporaryFolder(files: Self.mixed)
      let scanner = FolderScanner(formats: SupportedFormats(extensions: [".PNG", "gif"]))
      #expect(names(try scanner.scan(folder.url)) == ["anim.gif", "Img1.png"])
      #expect(SupportedFormats.common.contains(URL(fileURLWithPath: "/a/b.JPEG")))
      #expect(!SupportedFormats.common.contains(URL(fileURLWithPath: "/a/jpg")))
    }

    @Test("an empty folder lists nothing, without error")
    func emptyFolder() throws {
      let folder = try TemporaryFolder(files: ["notes.txt"])
      let listing = try FolderScanner().open(folder.url)
      #expect(listing.items.isEmpty)
      #expect(listing.selectedIndex == nil)
    }

    @Test("a missing folder is a typed error with a clear message")
    func missingFolder() throws {
      let missing = URL(fileURLWithPath: "/nonexistent/holiday photos")
      #expect(throws: BrowseError.notFound(missing)) { try FolderScanner().scan(missing) }
      #expect(throws: BrowseError.notFound(missing)) { try FolderScanner().open(missing) }
      #expect(
        BrowseError.notFound(missing).message
          == "“/nonexistent/holiday photos” does not exist.")
    }

    @Test("an unreadable folder is a typed error saying why")
    func unreadableFolder() throws {
      let folder = try TemporaryFolder(files: ["a.jpg"])
      let file = folder.file("a.jpg")
      // Listing a file as a folder fails the same way for every user, root included.
      #expect(throws: BrowseError.unreadable(file, reason: "it is not a folder")) {
        try FolderScanner().scan(file)
      }
      #expect(
        BrowseError.unreadable(file, reason: "permission denied").message
          == "The folder “\(file.path)” cannot be read: permission denied.")
    }

    @Test("opening a file opens its folder with that file selected")
    func openFile() throws {
      let folder = try TemporaryFolder(files: Self.mixed)
      let listing = try FolderScanner().open(folder.file("img2.JPG"))
      #expect(listing.folder == folder.url.standardizedFileURL)
      #expect(listing.items.count == 6)
      #expect(listing.selectedIndex == 3)
      #expect(listing.items[3].displayName == "img2.JPG")
    }

    @Test("opening a hidden file shows it in its place among the others")
    func openHiddenFile() throws {
      let folder = try TemporaryFolder(files: ["b.jpg", ".a.jpg", "c.jpg"])
      let listing = try FolderScanner().open(folder.file(".a.jpg"))
      #expect(names(listing.items) == [".a.jpg", "b.jpg", "c.jpg"])
      #expect(listing.selectedIndex == 0)
    }

    @Test("a file that is not an image is reported as such")
    func notAnImage() throws {
      let folder = try TemporaryFolder(files: Self.mixed)
      let notes = folder.file("notes.txt")
      #expect(throws: BrowseError.notAnImage(notes)) { try FolderScanner().open(notes) }
      #expect(
        BrowseError.notAnImage(notes).message
          == "“notes.txt” is not an image this browser can open.")
      let missing = folder.file("gone.jpg")
      #expect(throws: BrowseError.notFound(missing)) { try FolderScanner().open(missing) }
    }

    @Test("several files show exactly those files, in the given order")
    func severalFiles() throws {
      let folder = try TemporaryFolder(files: Self.mixed)
      let listing = try FolderScanner().open([folder.file("img10.jpg"), folder.file("Img1.png")])
      #expect(names(listing.items) == ["img10.jpg", "Img1.png"])
      #expect(listing.selectedIndex == 0)
      #expect(throws: BrowseError.notAnImage(folder.file("sub.png"))) {
        try FolderScanner().open([folder.file("img10.jpg"), folder.file("sub.png")])
      }
    }

    @Test("the bundled samples are all found, in natural order")
    func samples() throws {
      let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("resources/samples")
      let found = names(try FolderScanner().scan(samples))
      #expect(found.count >= 12)
      let two = try #require(found.firstIndex(of: "photo-2.jpg"))
      let ten = try #require(found.firstIndex(of: "photo-10.jpg"))
      #expect(two < ten)
    }
  }
}
