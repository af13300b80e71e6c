// The decoder fuzz run through the decoder helpers, as the app sends files to them.
import Foundation
import ImageBrowserCore
import ImageBrowserPlatform

/// Takes every file of a corpus folder through the decoder helpers the way the app does
/// (`image-browser-decoder` beside this driver, its sandbox and limits on): the viewer's
/// decode fitted to a 1280 × 800 view and at full size, as cairo surfaces; an SVG's
/// region rendered sharp at 1:1; the embedded preview; the thumbnail, made and stored
/// through a private cache by lowered helpers of their own.
///
/// The helpers run with `G_DEBUG=fatal-criticals`: a GLib critical in a loader (a
/// loader going on with a NULL it was handed) ends its helper (SIGTRAP), and a file
/// that does so on its second try too comes back as "The decoder stopped on this file
/// (Trace/breakpoint trap)." — printed as a `FINDING`. Warnings go to stderr, where
/// `Fuzz/run-decoders.py --mode helpers` counts them (a warning is a finding there, but
/// for Pango's about a font too large for FreeType: the one librsvg makes for text drawn
/// beyond 65,535 pixels, which that render then lacks). So does any failure a helper's limits explain (processor time,
/// memory, the sandbox): the corpus holds no file a loader should need them for.
/// Lines as `DecodeRun` prints them, for `Fuzz/run-decoders.py`.
nonisolated enum HelperRun {
  /// Runs over the folder in `arguments`; the exit status.
  static func main(_ arguments: [String]) -> Int32 {
    guard let folder = arguments.first, let executable = HelperProcessPool.executableBesideApp()
    else {
      FileHandle.standardError.write(
        Data("image-browser-fuzz helpers: a folder, and image-browser-decoder beside me\n".utf8))
      return 2
    }
    var start = 0
    if let flag = arguments.firstIndex(of: "--from"), flag + 1 < arguments.count {
      start = Int(arguments[flag + 1]) ?? 0
    }
    let strict = ["G_DEBUG": "fatal-criticals"]
    let viewer = ImageDecoding(
      pool: HelperProcessPool(executable: executable, capacity: 2, environment: strict, warm: 1))
    let thumbnails = ImageDecoding(
      pool: HelperProcessPool(
        executable: executable, capacity: 1, niceness: NearestFirstThreadPool.niceness,
        environment: strict,
        warm: 1))
    let names = DecodeRun.listing(folder)
    var template = Array("/tmp/image-browser-fuzz-helpers-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      return 1
    }
    let cacheHome = URL(
      fileURLWithPath: String(
        decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    let cache = ThumbnailCache(cacheHome: cacheHome)
    let folderBytes = Array(folder.utf8)
    DecodeRun.emit("FILES \(names.count)")
    for (index, name) in names.enumerated() where index >= start {
      DecodeRun.emit("BEGIN \(index) \(DecodeRun.escaped(name))")
      let began = DispatchTime.now().uptimeNanoseconds
      let url = FilePathBytes.url(forPath: folderBytes + [UInt8(ascii: "/")] + name)
      let summary = run(
        url, viewer: viewer, thumbnails: thumbnails, cache: cache,
        finding: { DecodeRun.emit("FINDING \(index) \($0)") })
      let milliseconds = (DispatchTime.now().uptimeNanoseconds - began) / 1_000_000
      DecodeRun.emit("END \(index) \(milliseconds) 0 \(summary)")
    }
    DecodeRun.emit("DONE")
    return 0
  }

  /// One file through the helpers; a short summary.
  private static func run(
    _ url: URL, viewer: ImageDecoding, thumbnails: ImageDecoding, cache: ThumbnailCache,
    finding: (String) -> Void
  ) -> String {
    var summary: [String] = []
    func check(_ step: String, _ failure: DecodeFailure) {
      summary.append("\(step)=failed")
      guard let message = failure.message else { return }
      let limits = [
        "Trace/breakpoint trap", "processor time", "ran out of memory", "start a program",
        "stopped twice", "could not be started",
      ]
      if limits.contains(where: message.contains) { finding("\(step): \(message)") }
    }
    switch viewer.decode(url, fitting: DecodeRun.viewBox, forViewer: true) {
    case .success(let image): summary.append("fit=\(image.width)x\(image.height)")
    case .failure(let failure): check("fit", failure)
    }
    switch viewer.decode(url, fitting: nil, forViewer: true) {
    case .success(let image):
      summary.append("full=\(image.width)x\(image.height)")
      if let vector = image.vector {
        let region = RenderRegion(scale: 1, x: 0, y: 0, width: 512, height: 512)
        summary.append(vector.render(region) == nil ? "svg-render=nil" : "svg-render")
      }
    case .failure(let failure): check("full", failure)
    }
    if case .failure(let failure) = viewer.embeddedPreview(url), failure.message != nil {
      check("preview", failure)
    }
    guard let source = ThumbnailCache.Source(url: url) else {
      summary.append("thumb=no-source")
      return summary.joined(separator: " ")
    }
    switch cache.thumbnail(for: source, flavor: .normal, decoding: thumbnails) {
    case .success(let thumbnail): summary.append("thumb=\(thumbnail.width)x\(thumbnail.height)")
    case .failure(let error):
      summary.append("thumb=failed")
      if error.message.contains("Trace/breakpoint trap") { finding("thumb: \(error.message)") }
    }
    return summary.joined(separator: " ")
  }
}
