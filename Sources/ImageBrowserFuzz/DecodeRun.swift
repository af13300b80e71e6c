// The decoder fuzz run: every corpus file through the decoders and the thumbnail cache.
import CImaging
import Foundation
import ImageBrowserCore
import ImageBrowserPlatform

/// Takes every file of a corpus folder (listed by bytes, so names that are not UTF-8
/// work) through what the browser does with an image, in one process:
///
/// 1. a decode fitted to a 1280 × 800 view (the viewer's first picture and the
///    neighbour preload);
/// 2. a full-size decode for the viewer (zoom 1:1), keeping animations and SVG
///    documents: three frames of an animation are drawn, and a 512-pixel region of an
///    SVG is rendered at 4× as the zoomed viewer does;
/// 3. the metadata read and the embedded preview (gexiv2);
/// 4. a thumbnail made and stored in a private cache, then read back from the cache;
///    a `cache-bomb-*` file is also planted in the cache as its own thumbnail.
///
/// Prints `BEGIN index name` before and `END index milliseconds peak-KiB summary` after
/// each file (the peak RSS while it ran, `VmHWM` reset first), and `FINDING index what`
/// when a result breaks a promise: a decode over the pixel budget or larger than its
/// box, a thumbnail over its size, a cache that reads back something other than what
/// was just stored. A crash or a hang shows as a `BEGIN` with no `END`:
/// `Fuzz/run-decoders.py` watches the time, kills, and starts again after that file
/// (`--from`). Exits 0 when done, whatever it found (the lines say).
nonisolated enum DecodeRun {
  /// The viewer's box for the fitted decode.
  static let viewBox = PixelSize(width: 1280, height: 800)

  /// Runs over the folder in `arguments`; the exit status.
  static func main(_ arguments: [String]) -> Int32 {
    guard let folder = arguments.first else {
      FileHandle.standardError.write(Data(usage.utf8))
      return 2
    }
    var start = 0
    if let flag = arguments.firstIndex(of: "--from"), flag + 1 < arguments.count {
      start = Int(arguments[flag + 1]) ?? 0
    }
    let names = listing(folder)
    var template = Array("/tmp/image-browser-fuzz-cache-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      return 1
    }
    let cacheHome = URL(
      fileURLWithPath: String(
        decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    let cache = ThumbnailCache(cacheHome: cacheHome)
    let folderBytes = Array(folder.utf8)
    emit("FILES \(names.count)")
    for (index, name) in names.enumerated() where index >= start {
      emit("BEGIN \(index) \(escaped(name))")
      resetPeakMemory()
      let began = DispatchTime.now().uptimeNanoseconds
      let url = FilePathBytes.url(forPath: folderBytes + [UInt8(ascii: "/")] + name)
      let summary = run(url, cache: cache, index: index)
      let milliseconds = (DispatchTime.now().uptimeNanoseconds - began) / 1_000_000
      emit("END \(index) \(milliseconds) \(peakMemoryKiB()) \(summary)")
    }
    emit("DONE")
    return 0
  }

  /// One file through every step; a short summary of the results.
  private static func run(_ url: URL, cache: ThumbnailCache, index: Int) -> String {
    var summary: [String] = []
    func finding(_ what: String) { emit("FINDING \(index) \(what)") }

    switch ImageDecoder.decode(url, fitting: viewBox) {
    case .success(let image):
      summary.append("fit=\(text(image.size))")
      if image.width * image.height > DecodeBudget.pixels {
        finding("fitted decode of \(image.size) is over the pixel budget")
      }
      if image.width > viewBox.width || image.height > viewBox.height {
        finding("fitted decode of \(image.size) is larger than the view box")
      }
    case .failure(let failure):
      summary.append("fit=\(label(failure))")
    }

    switch ImageDecoder.decode(url, fitting: nil, forViewer: true) {
    case .success(let image):
      summary.append("full=\(text(image.size))")
      if image.width * image.height > DecodeBudget.pixels {
        finding("full decode of \(image.size) is over the pixel budget")
      }
      if let animation = image.animation {
        for milliseconds in [0, 120, 5_000] {
          _ = animation.frame(at: .milliseconds(milliseconds))
        }
        summary.append("animated")
      }
      if let vector = image.vector {
        let region = RenderRegion(scale: 4, x: 0, y: 0, width: 512, height: 512)
        summary.append(vector.render(region) == nil ? "svg-render=nil" : "svg-render")
      }
    case .failure(let failure):
      summary.append("full=\(label(failure))")
    }

    let metadata = Exiv2MetadataReader().metadata(at: url)
    if metadata != .empty { summary.append("metadata") }
    if case .success(let preview) = EmbeddedPreview.decode(url) {
      summary.append("preview=\(text(preview.size))")
      if preview.size.width * preview.size.height > EmbeddedPreview.budget {
        finding("embedded preview of \(preview.size) is over its pixel budget")
      }
    }

    guard let source = ThumbnailCache.Source(url: url) else {
      summary.append("thumb=no-source")
      return summary.joined(separator: " ")
    }
    let made = cache.thumbnail(for: source, flavor: .normal)
    let readBack = cache.entry(for: source, flavor: .normal)
    switch (made, readBack) {
    case (.success(let thumbnail), .thumbnail(let cached)):
      summary.append("thumb=\(text(thumbnail.size))")
      let limit = ThumbnailFlavor.normal.pixelSize
      if thumbnail.width > limit || thumbnail.height > limit {
        finding("thumbnail of \(thumbnail.size) is over \(limit) pixels")
      }
      if cached.size != thumbnail.size {
        finding("the cache read back \(cached.size) for a \(thumbnail.size) thumbnail")
      }
    case (.failure, .failed):
      summary.append("thumb=failed")
    case (.success, _):
      finding("a thumbnail was made but the cache does not read it back")
    case (.failure(let error), _):
      finding("a thumbnail failed (\(error.message)) but no failure was recorded")
    }
    if FilePathBytes.displayName(of: url).hasPrefix("cache-bomb-") {
      summary.append(plantedEntry(url, source: source, cache: cache, finding: finding))
    }
    return summary.joined(separator: " ")
  }

  /// Puts the file itself (a PNG) into the cache as its own thumbnail, stamped to
  /// match, and reads it back: a cache entry is written by any program of the user, so
  /// it must not cost more than a thumbnail.
  private static func plantedEntry(
    _ url: URL, source: ThumbnailCache.Source, cache: ThumbnailCache, finding: (String) -> Void
  ) -> String {
    guard var png = FileManager.default.contents(atPath: url.path).map({ [UInt8]($0) }),
      png.count > 33
    else { return "planted=unreadable" }
    var info = stat()
    _ = url.withFileSystemPath { stat($0, &info) }
    let chunks =
      PNGChunk.text("Thumb::URI", url.absoluteString)
      + PNGChunk.text("Thumb::MTime", String(info.st_mtim.tv_sec))
    png.insert(contentsOf: chunks, at: 33)  // after the signature and IHDR
    let hash = md5(url.absoluteString)
    let target = cache.layout.thumbnail(hash: hash, flavor: .normal)
    try? FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard (try? Data(png).write(to: target)) != nil else { return "planted=unwritable" }
    switch cache.entry(for: source, flavor: .normal) {
    case .thumbnail(let image):
      let limit = ThumbnailFlavor.normal.pixelSize
      if image.width > limit || image.height > limit {
        finding("the cache read a planted entry of \(text(image.size)) as a thumbnail")
      }
      return "planted=\(text(image.size))"
    case .failed: return "planted=failed"
    case .missing: return "planted=missing"
    }
  }

  /// The lowercase hex MD5 of `text` (the cache's file names).
  private static func md5(_ text: String) -> String {
    let raw = g_compute_checksum_for_string(G_CHECKSUM_MD5, text, -1)!
    defer { g_free(raw) }
    return String(cString: raw)
  }

  /// Writes `line` to stdout at once (unbuffered: the supervisor must see the `BEGIN`
  /// of a file that then crashes).
  static func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// `size` as one word, `WxH`.
  private static func text(_ size: PixelSize) -> String { "\(size.width)x\(size.height)" }

  private static func label(_ failure: DecodeFailure) -> String {
    switch failure {
    case .cancelled: "cancelled"
    case .failed: "failed"
    case .timedOut: "timed out"
    case .interrupted: "interrupted"
    }
  }

  /// The names in `folder` (its directory entries' bytes), sorted by bytes; `.` and
  /// `..` left out, everything else in.
  static func listing(_ folder: String) -> [[UInt8]] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(directory) {
      let pointer = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
      let name = Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
      if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
      names.append(name)
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// `name` on one line: bytes outside printable ASCII as `\xHH`.
  static func escaped(_ name: [UInt8]) -> String {
    name.map { byte in
      (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "\\")
        ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16).leftPadded()
    }.joined()
  }

  /// Resets this process's peak RSS (`VmHWM`) to its current RSS.
  private static func resetPeakMemory() {
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    guard descriptor >= 0 else { return }
    _ = write(descriptor, "5", 1)
    close(descriptor)
  }

  /// This process's peak RSS since the last reset, in KiB (0 when unknown).
  private static func peakMemoryKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
  }
}

extension String {
  /// Two hex digits.
  fileprivate func leftPadded() -> String { count < 2 ? "0" + self : self }
}
