// The shared thumbnail cache on temporary folders: names, validity, writing, failures.
import CImaging
import Foundation
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// A cache under its own temporary cache home, and a folder of source images beside it.
@MainActor
private final class CacheFixture {
  let home = try! TemporaryFolder(files: [])
  let photos = try! TemporaryFolder(files: [])
  let cache: ThumbnailCache

  init() {
    cache = ThumbnailCache(cacheHome: home.url)
  }

  /// Writes a `width`×`height` PNG named `name` with the given modification time.
  func image(_ name: String, width: Int, height: Int, modified: Int = 1_700_000_000) -> String {
    let path = photos.file(name).path
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, 0x3366_99ff)
    var error: UnsafeMutablePointer<GError>?
    #expect(gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, &error) != 0)
    if let error { g_error_free(error) }
    touch(path, modified)
    return path
  }

  /// Writes `text` as a file named `name` (an image that will not decode).
  func junk(_ name: String, modified: Int = 1_700_000_000) -> String {
    let path = photos.file(name).path
    try! Data("not an image".utf8).write(to: URL(fileURLWithPath: path))
    touch(path, modified)
    return path
  }

  func touch(_ path: String, _ seconds: Int) {
    try! FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))],
      ofItemAtPath: path)
  }

  func source(_ path: String) throws -> ThumbnailCache.Source {
    try #require(ThumbnailCache.Source(url: FilePathBytes.url(forPath: path)))
  }

  /// The PNG text chunk `key` of the file at `url`.
  func option(_ key: String, of url: URL) -> String? {
    guard let pixbuf = gdk_pixbuf_new_from_file(url.path, nil) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    return gdk_pixbuf_get_option(pixbuf, key).map { String(cString: $0) }
  }

  func permissions(_ url: URL) -> Int? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes?[.posixPermissions] as? NSNumber)?.intValue
  }
}

extension ThumbnailCache.Entry {
  /// The thumbnail's size, when the entry is one.
  fileprivate var size: [Int]? {
    if case .thumbnail(let image) = self { dimensions(image) } else { nil }
  }

  fileprivate var isFailed: Bool { if case .failed = self { true } else { false } }
  fileprivate var isMissing: Bool { if case .missing = self { true } else { false } }
}

extension ImageBrowserPlatformTests {
  @Suite("Thumbnail cache")
  @MainActor
  struct ThumbnailCacheTests {
    @Test("the cache home is $XDG_CACHE_HOME when absolute, else ~/.cache")
    func cacheHome() {
      let home = URL(fileURLWithPath: "/home/someone", isDirectory: true)
      let set = ThumbnailCacheLayout.cacheHome(
        xdgCacheHome: "/var/cache/me", home: home)
      #expect(set.path == "/var/cache/me")
      let relative = ThumbnailCacheLayout.cacheHome(
        xdgCacheHome: "cache", home: home)
      #expect(relative.path == "/home/someone/.cache")
      #expect(
        ThumbnailCacheLayout.cacheHome(xdgCacheHome: nil, home: home).path
          == "/home/someone/.cache")
    }

    @Test("folders: normal is 128 px, large 256, fail/ per application")
    func layout() {
      let layout = ThumbnailCacheLayout(cacheHome: URL(fileURLWithPath: "/c", isDirectory: true))
      #expect(layout.thumbnail(hash: "ab", flavor: .normal).path == "/c/thumbnails/normal/ab.png")
      #expect(layout.thumbnail(hash: "ab", flavor: .large).path == "/c/thumbnails/large/ab.png")
      #expect(
        layout.failure(hash: "ab", application: "app-1").path
          == "/c/thumbnails/fail/app-1/ab.png")
      #expect(ThumbnailFlavor.normal.pixelSize == 128)
      #expect(ThumbnailFlavor.large.pixelSize == 256)
      #expect(ThumbnailFlavor(fitting: 96) == .normal)
      #expect(ThumbnailFlavor(fitting: 128) == .normal)
      #expect(ThumbnailFlavor(fitting: 129) == .large)
      #expect(ThumbnailFlavor(fitting: 257) == nil)
    }

    @Test("the stamp needs both the URI and the integer mtime to match")
    func stamp() {
      let stamp = ThumbnailStamp(uri: "file:///a.png", modificationTime: 42)
      #expect(stamp.validates(uri: "file:///a.png", modificationTime: "42"))
      #expect(!stamp.validates(uri: "file:///b.png", modificationTime: "42"))
      #expect(!stamp.validates(uri: "file:///a.png", modificationTime: "43"))
      #expect(!stamp.validates(uri: nil, modificationTime: "42"))
      #expect(!stamp.validates(uri: "file:///a.png", modificationTime: nil))
      #expect(!stamp.validates(uri: "file:///a.png", modificationTime: "42.5"))
    }

    @Test("the name is the MD5 of the percent-encoded file URI")
    func naming() throws {
      // Known values from Python: hashlib.md5(b"file:///tmp/a%20b.jpg").hexdigest()
      #expect(ThumbnailCache.uri(forPath: "/tmp/a b.jpg") == "file:///tmp/a%20b.jpg")
      #expect(ThumbnailCache.md5("file:///tmp/a%20b.jpg") == "45f1b47640b52dc5428fd58ac89fec15")
      #expect(
        ThumbnailCache.md5("file:///home/jens/photos/IMG_0001.jpg")
          == "206f8834b45eef22f6912ee563033743")
      let fixture = CacheFixture()
      let path = fixture.image("a b.png", width: 10, height: 10)
      let source = try fixture.source(path)
      #expect(source.stamp.uri == "file://" + path.replacingOccurrences(of: " ", with: "%20"))
      #expect(source.hash == ThumbnailCache.md5(source.stamp.uri))
      #expect(source.stamp.modificationTime == 1_700_000_000)
    }

    @Test("a written thumbnail reads back, scaled to the flavor with its chunks")
    func roundTrip() throws {
      let fixture = CacheFixture()
      let source = try fixture.source(fixture.image("wide.png", width: 400, height: 300))
      #expect(fixture.cache.entry(for: source, flavor: .normal).isMissing)
      let made = try fixture.cache.thumbnail(for: source, flavor: .normal).get()
      #expect(dimensions(made) == [128, 96])
      #expect(fixture.cache.entry(for: source, flavor: .normal).size == [128, 96])
      #expect(fixture.cache.entry(for: source, flavor: .large).isMissing)
      let large = try fixture.cache.thumbnail(for: source, flavor: .large).get()
      #expect(dimensions(large) == [256, 192])

      let file = fixture.cache.layout.thumbnail(hash: source.hash, flavor: .normal)
      #expect(fixture.option("tEXt::Thumb::URI", of: file) == source.stamp.uri)
      #expect(fixture.option("tEXt::Thumb::MTime", of: file) == "1700000000")
      #expect(fixture.option("tEXt::Thumb::Size", of: file) == String(source.byteCount))
      #expect(fixture.option("tEXt::Software", of: file) == ThumbnailCache.software)
    }

    @Test("a new thumbnail is handed over before its cache file is written, once")
    func handedOverBeforeWriting() throws {
      let fixture = CacheFixture()
      let source = try fixture.source(fixture.image("early.png", width: 400, height: 300))
      let file = fixture.cache.layout.thumbnail(hash: source.hash, flavor: .normal)
      var handedOver: [[Int]] = []
      var fileExistedThen = true
      let made = try fixture.cache.thumbnail(
        for: source, flavor: .normal,
        made: { image in
          handedOver.append(dimensions(image))
          fileExistedThen = FileManager.default.fileExists(atPath: file.path)
        }
      ).get()
      #expect(handedOver == [[128, 96]])
      #expect(!fileExistedThen)
      #expect(dimensions(made) == [128, 96])
      #expect(FileManager.default.fileExists(atPath: file.path))
      // From the cache nothing is made, so nothing is handed over early.
      _ = try fixture.cache.thumbnail(
        for: source, flavor: .normal, made: { _ in handedOver.append([]) }
      ).get()
      #expect(handedOver.count == 1)
    }

    @Test("a small image is stored at its own size, not scaled up")
    func noUpscaling() throws {
      let fixture = CacheFixture()
      let source = try fixture.source(fixture.image("small.png", width: 50, height: 40))
      let made = try fixture.cache.thumbnail(for: source, flavor: .large).get()
      #expect(dimensions(made) == [50, 40])
    }

    @Test("a thumbnail older than the file is ignored and regenerated")
    func staleModificationTime() throws {
      let fixture = CacheFixture()
      let path = fixture.image("photo.png", width: 300, height: 300)
      _ = try fixture.cache.thumbnail(for: fixture.source(path), flavor: .normal).get()
      fixture.touch(path, 1_700_000_100)
      let changed = try fixture.source(path)
      #expect(fixture.cache.entry(for: changed, flavor: .normal).isMissing)
      _ = try fixture.cache.thumbnail(for: changed, flavor: .normal).get()
      let file = fixture.cache.layout.thumbnail(hash: changed.hash, flavor: .normal)
      #expect(fixture.option("tEXt::Thumb::MTime", of: file) == "1700000100")
      #expect(fixture.cache.entry(for: changed, flavor: .normal).size == [128, 128])
    }

    @Test("a thumbnail that names another URI is ignored")
    func wrongURI() throws {
      let fixture = CacheFixture()
      let first = try fixture.source(fixture.image("one.png", width: 200, height: 200))
      let second = try fixture.source(fixture.image("two.png", width: 200, height: 200))
      _ = try fixture.cache.thumbnail(for: first, flavor: .normal).get()
      try FileManager.default.copyItem(
        at: fixture.cache.layout.thumbnail(hash: first.hash, flavor: .normal),
        to: fixture.cache.layout.thumbnail(hash: second.hash, flavor: .normal))
      #expect(fixture.cache.entry(for: first, flavor: .normal).size == [128, 128])
      #expect(fixture.cache.entry(for: second, flavor: .normal).isMissing)
    }

    @Test("folders are made 0700 and thumbnails 0600")
    func permissions() throws {
      let fixture = CacheFixture()
      let source = try fixture.source(fixture.image("p.png", width: 20, height: 20))
      _ = try fixture.cache.thumbnail(for: source, flavor: .normal).get()
      let layout = fixture.cache.layout
      #expect(fixture.permissions(layout.root) == 0o700)
      #expect(fixture.permissions(layout.directory(for: .normal)) == 0o700)
      #expect(fixture.permissions(layout.thumbnail(hash: source.hash, flavor: .normal)) == 0o600)
    }

    @Test("writing leaves only the thumbnail: the temporary file was renamed")
    func atomicWrite() throws {
      let fixture = CacheFixture()
      let source = try fixture.source(fixture.image("t.png", width: 20, height: 20))
      _ = try fixture.cache.thumbnail(for: source, flavor: .normal).get()
      // Writing again replaces the file in place, through another temporary name.
      #expect(
        fixture.cache.store(
          try fixture.cache.thumbnail(for: source, flavor: .normal).get(), for: source,
          flavor: .normal))
      let names = try FileManager.default.contentsOfDirectory(
        atPath: fixture.cache.layout.directory(for: .normal).path)
      #expect(names == [source.hash + ".png"])
      // Nothing written outside the thumbnails folder.
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: fixture.home.url.path)
          == ["thumbnails"])
    }

    @Test("a file that fails to decode is recorded and not retried until it changes")
    func failureRecord() throws {
      let fixture = CacheFixture()
      let path = fixture.junk("broken.png")
      let source = try fixture.source(path)
      #expect(throws: ThumbnailError.self) {
        try fixture.cache.thumbnail(for: source, flavor: .normal).get()
      }
      let record = fixture.cache.layout.failure(
        hash: source.hash, application: ThumbnailCache.application)
      #expect(record.path.contains("/thumbnails/fail/image-browser-"))
      #expect(fixture.option("tEXt::Thumb::URI", of: record) == source.stamp.uri)
      #expect(fixture.option("tEXt::Thumb::MTime", of: record) == "1700000000")
      #expect(fixture.permissions(record) == 0o600)
      #expect(fixture.cache.entry(for: source, flavor: .normal).isFailed)

      // Fixed in place but with the same mtime: the record still stands, so no decoding.
      _ = fixture.image("broken.png", width: 20, height: 20, modified: 1_700_000_000)
      #expect(throws: ThumbnailError.self) {
        try fixture.cache.thumbnail(for: fixture.source(path), flavor: .normal).get()
      }
      // A fresh mtime clears it.
      fixture.touch(path, 1_700_000_200)
      let fixed = try fixture.cache.thumbnail(for: fixture.source(path), flavor: .normal).get()
      #expect(dimensions(fixed) == [20, 20])
    }

    @Test("a corrupt PNG in the cache is ignored and replaced")
    func corruptCacheFile() throws {
      let fixture = CacheFixture()
      let source = try fixture.source(fixture.image("c.png", width: 64, height: 32))
      let file = fixture.cache.layout.thumbnail(hash: source.hash, flavor: .normal)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).write(to: file)
      #expect(fixture.cache.entry(for: source, flavor: .normal).isMissing)
      _ = try fixture.cache.thumbnail(for: source, flavor: .normal).get()
      #expect(fixture.cache.entry(for: source, flavor: .normal).size == [64, 32])
    }

    // Found by `make fuzz` (a planted 16,000 × 16,000 entry of 757 KB took the driver
    // to 768 MB): any program of the user can write the cache, so what is read back
    // must cost no more than a thumbnail.
    @Test("an entry larger than any thumbnail is not decoded but regenerated")
    func oversizedEntry() throws {
      let fixture = CacheFixture()
      let path = fixture.image("big.png", width: 600, height: 400)
      let source = try fixture.source(path)
      let full = try ImageDecoder.decode(URL(fileURLWithPath: path), fitting: nil).get()
      #expect(fixture.cache.store(full, for: source, flavor: .normal), "stamped, 600 × 400")
      #expect(fixture.cache.entry(for: source, flavor: .normal).isMissing)
      _ = try fixture.cache.thumbnail(for: source, flavor: .normal).get()
      #expect(fixture.cache.entry(for: source, flavor: .normal).size == [128, 85])
    }

    @Test("a FIFO where a thumbnail or failure record should be is skipped, never waited on")
    func fifoInCache() throws {
      let fixture = CacheFixture()
      let source = try fixture.source(fixture.image("p.png", width: 200, height: 100))
      let layout = fixture.cache.layout
      let fifos = [
        layout.thumbnail(hash: source.hash, flavor: .normal),
        layout.failure(hash: source.hash, application: ThumbnailCache.application),
      ]
      for fifo in fifos {
        try FileManager.default.createDirectory(
          at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
        SpecialFiles.makeFIFO(at: fifo)
      }
      let cache = fixture.cache
      let made = withoutHanging(unblocking: fifos) {
        (try? cache.thumbnail(for: source, flavor: .normal).get()).map(dimensions)
      }
      #expect(made == [128, 64], "decoded from the file instead")
      // The write replaced the FIFO with a real thumbnail.
      #expect(fixture.cache.entry(for: source, flavor: .normal).size == [128, 64])
    }

    @Test("a flavor folder that is a symbolic link is neither read nor written through")
    func linkedFlavorFolder() throws {
      let fixture = CacheFixture()
      let outside = try TemporaryFolder(files: [])
      let source = try fixture.source(fixture.image("p.png", width: 200, height: 100))
      let layout = fixture.cache.layout
      // A valid thumbnail of the file, where the link leads.
      _ = try fixture.cache.thumbnail(for: source, flavor: .large).get()
      let planted = outside.url.appendingPathComponent(source.hash + ".png")
      try FileManager.default.copyItem(
        at: layout.thumbnail(hash: source.hash, flavor: .large), to: planted)
      SpecialFiles.makeLink(at: layout.directory(for: .normal), to: outside.url.path)
      #expect(fixture.cache.entry(for: source, flavor: .normal).isMissing, "not read")
      try FileManager.default.removeItem(at: planted)
      let made = try fixture.cache.thumbnail(for: source, flavor: .normal).get()
      #expect(dimensions(made) == [128, 64], "still decoded")
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path) == [])
      #expect(!fixture.cache.store(made, for: source, flavor: .normal))
    }

    /// What `loader` sends for the file at `path` at `size`: the image's size or the
    /// error's message.
    private func load(_ loader: PixbufLoader, _ path: String, size: Int) -> Loaded? {
      var result: Loaded?
      let item = ImageItem(url: URL(fileURLWithPath: path))
      loader.loadThumbnail(for: item, size: size).subscribe(
        next: { result = .image(dimensions($0)) },
        error: { result = .failed($0.message) })
      return result
    }

    @Test("the loader reads through the cache and scales to the strip's size")
    func loaderUsesCache() throws {
      try expectNoLeaks {
        let fixture = CacheFixture()
        let loader = PixbufLoader(thumbnailCache: fixture.cache)
        let path = fixture.image("strip.png", width: 400, height: 200)
        let source = try fixture.source(path)
        #expect(load(loader, path, size: 96) == .image([96, 48]))
        #expect(fixture.cache.entry(for: source, flavor: .normal).size == [128, 64])
        // Served from the cache: the image itself is no longer needed.
        try FileManager.default.removeItem(
          at: fixture.cache.layout.thumbnail(
            hash: source.hash, flavor: .normal))
        #expect(load(loader, path, size: 200) == .image([200, 100]))
        #expect(fixture.cache.entry(for: source, flavor: .large).size == [256, 128])
        // Larger than any flavor: decoded directly, nothing more cached.
        #expect(load(loader, path, size: 300) == .image([300, 150]))
      }
    }

    @Test("the loader reports broken and missing files and records only the broken")
    func loaderFailures() throws {
      try expectNoLeaks {
        let fixture = CacheFixture()
        let loader = PixbufLoader(thumbnailCache: fixture.cache)
        let broken = fixture.junk("broken.jpg")
        #expect(try #require(load(loader, broken, size: 96)).isFailure)
        let source = try fixture.source(broken)
        #expect(fixture.cache.entry(for: source, flavor: .normal).isFailed)
        let missing = fixture.photos.file("gone.jpg").path
        #expect(try #require(load(loader, missing, size: 96)).isFailure)
        #expect(
          !FileManager.default.fileExists(
            atPath: fixture.cache.layout.directory(for: .normal).path))
      }
    }
  }
}

/// An image's width and height, for comparing against an array literal.
private func dimensions(_ image: DecodedImage) -> [Int] { [image.width, image.height] }

/// What a thumbnail load sent: an image of this size, or an error with this message.
private enum Loaded: Equatable {
  case image([Int])
  case failed(String)

  var isFailure: Bool { if case .failed = self { true } else { false } }
}
