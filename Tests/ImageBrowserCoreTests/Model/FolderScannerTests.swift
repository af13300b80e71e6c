// Folder scanning on a real temporary folder: order, formats, hidden files, errors.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
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

    @Test(
      "the first image is announced before the listing ends, the same one the listing puts first",
      arguments: [ImageSortOrder.name, .size, .modificationDate])
    func announcedFirst(order: ImageSortOrder) throws {
      var random = SeededRandom(seed: 7)
      // Names that sort by number, by case, by accents, and with ties in size and date.
      var files: [String] = []
      for index in 0..<200 {
        let stem = ["img", "IMG", "Été", "photo", "ａ"][Int.random(in: 0..<5, using: &random)]
        files.append("\(stem)\(Int.random(in: 0..<1000, using: &random))-\(index).jpg")
      }
      let folder = try TemporaryFolder(files: files)
      for name in files {
        try Data(count: Int.random(in: 0..<4, using: &random)).write(to: folder.file(name))
        try FileManager.default.setAttributes(
          [
            .modificationDate: Date(
              timeIntervalSince1970: Double(Int.random(in: 0..<3, using: &random)))
          ],
          ofItemAtPath: folder.file(name).path)
      }
      for descending in [false, true] {
        var announced: [ImageItem] = []
        let listed = try FolderScanner().scan(
          folder.url, sortedBy: order, announcingFirstOf: ImageSort(order, descending: descending)
        ) { announced.append($0) }
        let shownFirst = descending ? listed.last : listed.first
        #expect(announced == [try #require(shownFirst)])
        #expect(listed == (try FolderScanner().scan(folder.url, sortedBy: order)))
      }
    }

    @Test("no first image is announced for an empty folder, another order, or the date taken")
    func nothingAnnounced() throws {
      let empty = try TemporaryFolder(files: ["notes.txt"])
      let photos = try TemporaryFolder(files: ["b.jpg", "a.jpg"])
      var announced: [ImageItem] = []
      _ = try FolderScanner().scan(empty.url, sortedBy: .name, announcingFirstOf: ImageSort(.name))
      {
        announced.append($0)
      }
      _ = try FolderScanner().scan(photos.url, sortedBy: .name, announcingFirstOf: ImageSort(.size))
      {
        announced.append($0)
      }
      _ = try FolderScanner().scan(
        photos.url, sortedBy: .dateTaken, announcingFirstOf: ImageSort(.dateTaken)
      ) { announced.append($0) }
      _ = try FolderScanner().scan(photos.url, sortedBy: .name, announcingFirstOf: nil) {
        announced.append($0)
      }
      #expect(announced.isEmpty)
    }

    @Test("the extension set is a parameter")
    func customFormats() throws {
      let folder = try TemporaryFolder(files: Self.mixed)
      let scanner = FolderScanner(formats: SupportedFormats(extensions: [".PNG", "gif"]))
      #expect(names(try scanner.scan(folder.url)) == ["anim.gif", "Img1.png"])
      #expect(SupportedFormats.common.contains(fileName: "b.JPEG"))
      #expect(!SupportedFormats.common.contains(fileName: "jpg"))
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

    // MARK: Bad input

    @Test("a folder named x.jpg, or a link to a folder, is not an image")
    func directoryNamedLikeAnImage() throws {
      let folder = try TemporaryFolder(files: ["x.jpg/", "real.jpg"])
      try FileManager.default.createSymbolicLink(
        atPath: folder.file("dir-link.jpg").path, withDestinationPath: "x.jpg")
      #expect(names(try FolderScanner().scan(folder.url)) == ["real.jpg"])
      #expect(throws: BrowseError.notAnImage(folder.file("x.jpg"))) {
        try FolderScanner().open([folder.file("real.jpg"), folder.file("x.jpg")])
      }
    }

    @Test("broken links and link loops are skipped; the listing still succeeds")
    func brokenLinks() throws {
      let folder = try TemporaryFolder(files: ["a.jpg"])
      let links = [
        ("broken.jpg", "/nonexistent/gone.jpg"), ("self.jpg", "self.jpg"),
        ("ping.jpg", "pong.jpg"), ("pong.jpg", "ping.jpg"),
      ]
      for (name, target) in links {
        try FileManager.default.createSymbolicLink(
          atPath: folder.file(name).path, withDestinationPath: target)
      }
      for order in ImageSortOrder.allCases {
        #expect(names(try FolderScanner().scan(folder.url, sortedBy: order)) == ["a.jpg"])
      }
      #expect(throws: BrowseError.notFound(folder.file("broken.jpg"))) {
        try FolderScanner().open(folder.file("broken.jpg"))
      }
    }

    @Test("a link to an image is listed under its own name, with the image's facts")
    func linkToImage() throws {
      let folder = try TemporaryFolder(files: ["b.png"])
      try FileManager.default.createSymbolicLink(
        atPath: folder.file("a-link.png").path, withDestinationPath: "b.png")
      let found = try FolderScanner().scan(folder.url, sortedBy: .size)
      #expect(names(found) == ["a-link.png", "b.png"])
      #expect(found[0].url == folder.file("a-link.png"))
      #expect(found[0].byteCount == "b.png".utf8.count)
    }

    @Test("a name that is not UTF-8 is listed, shown with U+FFFD, and its URL opens")
    func nameNotUTF8() throws {
      let folder = try TemporaryFolder(files: ["b.jpg"])
      let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
      let path = Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + name
      try Self.create(path, contents: Array("x".utf8))
      let found = try FolderScanner().scan(folder.url)
      #expect(names(found) == ["b.jpg", "caf\u{FFFD}.jpg"])
      let item = found[1]
      #expect(FilePathBytes.bytes(of: item.url) == path)
      #expect(item.url.withFileSystemPath { access($0, R_OK) } == 0)
      #expect(item.withFileFacts().byteCount == 1)
      // Opened by its URL: the file first, then its folder around it.
      let listing = try FolderScanner().open(item.url)
      #expect(listing.selectedIndex == 1)
      #expect(listing.items[1].id == item.id)
    }

    @Test("an unreadable file (mode 000) is listed; decoding reports it later")
    func unreadableFile() throws {
      let folder = try TemporaryFolder(files: ["locked.jpg", "open.jpg"])
      let locked = folder.file("locked.jpg")
      #expect(chmod(locked.path, 0) == 0)
      #expect(names(try FolderScanner().scan(folder.url)) == ["locked.jpg", "open.jpg"])
      #expect(names(try FolderScanner().scan(folder.url, sortedBy: .size)).count == 2)
      // Root reads whatever the permission bits say: check as an ordinary user.
      asUnprivilegedUser {
        // `access` asks for the real user; opening uses the effective one.
        let descriptor = locked.withFileSystemPath { open($0, O_RDONLY) }
        #expect(descriptor < 0 && errno == EACCES)
        if descriptor >= 0 { close(descriptor) }
      }
    }

    @Test("an unreadable folder (mode 000) is a typed error saying permission denied")
    func unreadableFolderPermissions() throws {
      let parent = try TemporaryFolder(files: ["locked/", "locked/a.jpg"])
      let locked = parent.file("locked")
      #expect(chmod(locked.path, 0) == 0)
      defer { chmod(locked.path, 0o700) }
      // Root lists any folder whatever its permission bits: check as an ordinary user.
      asUnprivilegedUser {
        #expect(throws: BrowseError.unreadable(locked, reason: "permission denied")) {
          try FolderScanner().scan(locked)
        }
      }
    }

    @Test("a text file named like a JPEG is listed: contents are not sniffed")
    func textNamedJPEG() throws {
      let folder = try TemporaryFolder(files: ["notes.jpg", ".jpg"])
      // `.jpg` itself is a hidden file: not listed, but it opens when asked for.
      #expect(names(try FolderScanner().scan(folder.url)) == ["notes.jpg"])
      let listing = try FolderScanner().open(folder.file(".jpg"))
      #expect(names(listing.items) == [".jpg", "notes.jpg"])
      #expect(listing.selectedIndex == 0)
    }

    @Test("a folder of 100,000 files lists every one, in natural order")
    func hundredThousand() throws {
      let count = 100_000
      let folder = try TemporaryFolder(files: [])
      let base = Array(folder.url.path.utf8) + Array("/img".utf8)
      // Made in reverse, so that creation order is not the answer.
      for index in (0..<count).reversed() {
        try Self.create(base + Array("\(index).jpg".utf8))
      }
      let found = try FolderScanner().scan(folder.url)
      #expect(found.count == count)
      let expected = (0..<count).map { "img\($0).jpg" }
      #expect(names(found) == expected)
      // With a stat per file for the sizes (all 0): ties keep the natural order.
      #expect(names(try FolderScanner().scan(folder.url, sortedBy: .size)) == expected)
    }

    /// Makes a file at `path` (bytes, not necessarily UTF-8) holding `contents`.
    static func create(_ path: [UInt8], contents: [UInt8] = []) throws {
      let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        }
      }
      guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno)!) }
      defer { close(descriptor) }
      if !contents.isEmpty {
        _ = contents.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
      }
    }
  }
}
