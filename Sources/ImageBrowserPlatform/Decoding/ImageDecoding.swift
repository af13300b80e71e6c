// Where images are decoded: in helper processes (the app's way) or in this process.
import CImaging
import Foundation
import ImageBrowserCore

/// How the app decodes an image file: in a decoder helper process (`HelperProcessPool`) when
/// one can be started, else in its own process (`ImageDecoder`).
///
/// With helpers, the first picture of every file (the still, an animation's first
/// frame, an SVG's raster) is decoded out of process, so a loader that hangs, runs long
/// or crashes costs only that image, and so is an SVG's every sharp re-render at zoom
/// (`SvgDocument`: the helper keeps the last document parsed). What stays in the app,
/// for the viewer only: an animation's later frames (the GIF's `GdkPixbufAnimation` or
/// the WebP's libwebp decoder is loaded here after the helper decoded the first frame
/// safely), on a queue of their own, never on the decode path, so they cannot hold
/// paging up; a crash in them would still end the app.
package nonisolated struct ImageDecoding: Sendable {
  /// The helpers, or `nil` to decode in this process.
  package let pool: HelperProcessPool?

  /// Decoding in this process, as before helpers (tests, and the fallback).
  package static let inProcess = ImageDecoding(pool: nil)

  /// Decoding through `pool`'s helpers.
  package init(pool: HelperProcessPool?) {
    self.pool = pool
    if Self.isTracing { _ = Self.traceOrigin }
  }

  /// The viewer's decoding (the current image, its neighbours, edits), made on first
  /// use (after `Localization.start`, whose catalogues the helpers read): see
  /// `standard(catalogues:niceness:warm:warmAfterFirstAnswer:)`. One helper starts at
  /// once, for the first image; a spare starts once it is decoded (so the image after
  /// a cancelled or killed decode does not wait for a process to start), not beside it.
  package static let shared = standard(
    catalogues: Localization.cataloguesPath.map { URL(fileURLWithPath: $0) }, warm: 1,
    warmAfterFirstAnswer: 1)

  /// The thumbnails' decoding: helpers of their own, `NearestFirstThreadPool.niceness` levels
  /// below the viewer's, one per thumbnail worker. They give way to the viewer's
  /// helpers as the workers' threads give way to the viewer (a thumbnail decoded at
  /// the viewer's priority in a shared helper took the final image of a held key a
  /// third of the CPU), and a pool of their own means no helper that was lowered ever
  /// serves the viewer: a process cannot raise its priority again.
  ///
  /// One starts at launch, lowered from its first instruction: spawned on demand, the
  /// first thumbnails of a cold launch waited 57–99 ms for it, and one started early
  /// made the visible thumbnails of 10,000 photos 0.04 s sooner without delaying the
  /// first image; two started early delayed the first image (Benchmarks/README.md).
  package static let thumbnails = standard(
    catalogues: Localization.cataloguesPath.map { URL(fileURLWithPath: $0) },
    niceness: NearestFirstThreadPool.niceness,
    capacity: ProcessInfo.processInfo.activeProcessorCount,
    warm: 1)

  /// Decoding in helpers beside the app's executable (`niceness` levels below it, at
  /// most `capacity` kept idle, `warm` started now and `warmAfterFirstAnswer` after the
  /// first answer), with the gettext `catalogues` for
  /// their messages; in this process, with a warning on stderr, when the helper is
  /// missing or `IMAGE_BROWSER_DECODER=in-process` asks for it (for comparisons).
  package static func standard(
    catalogues: URL?, niceness: Int32 = 0,
    capacity: Int = ProcessInfo.processInfo.activeProcessorCount + 1, warm: Int = 2,
    warmAfterFirstAnswer: Int = 0
  ) -> ImageDecoding {
    if EnvironmentVariable.value(of: "IMAGE_BROWSER_DECODER") == "in-process" {
      return .inProcess
    }
    guard let helper = HelperProcessPool.executableBesideApp() else {
      if niceness == 0 {
        FileHandle.standardError.write(
          Data(
            ("image-browser: \(HelperProcessPool.executableName) is missing beside the executable; "
              + "decoding in the app's own process, where a crashing or hanging loader "
              + "affects the whole app\n").utf8))
      }
      return .inProcess
    }
    return ImageDecoding(
      pool: HelperProcessPool(
        executable: helper, capacity: capacity, catalogues: catalogues, niceness: niceness,
        warm: warm, warmAfterFirstAnswer: warmAfterFirstAnswer))
  }

  /// Decodes `url` as `ImageDecoder.decode` does (same sizes, budget, orientation,
  /// colour management and messages), in a helper when there is a pool. For the viewer
  /// (`forViewer`), an animation or an SVG also gets its frames or document, loaded
  /// here.
  package func decode(
    _ url: URL, fitting box: PixelSize?, forViewer: Bool = false,
    budget: Int = DecodeBudget.pixels, isCancelled: () -> Bool = { false }
  ) -> Result<DecodedImage, DecodeFailure> {
    let started = ContinuousClock.now
    let result = decoded(
      url, fitting: box, forViewer: forViewer, budget: budget, isCancelled: isCancelled)
    if Self.isTracing { trace(url, box: box, result: result, since: started, what: "decode") }
    return result
  }

  /// Whether each decode is logged on stderr (`IMAGE_BROWSER_DECODER_TRACE=1`): the
  /// file, where it was decoded, the box, the outcome, when it started (milliseconds
  /// since the first decoding was set up, at launch) and the time it took, to compare
  /// helpers with in-process decoding on a machine as it is.
  private static let isTracing =
    EnvironmentVariable.value(of: "IMAGE_BROWSER_DECODER_TRACE") == "1"
  /// When the first `ImageDecoding` was made: where the trace counts from.
  private static let traceOrigin = ContinuousClock.now

  private func trace(
    _ url: URL, box: PixelSize?, result: Result<DecodedImage, DecodeFailure>,
    since started: ContinuousClock.Instant, what: String
  ) {
    func milliseconds(_ duration: Duration) -> Double {
      Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
    }
    let outcome: String
    switch result {
    case .success(let image): outcome = "\(image.width)x\(image.height)"
    case .failure(.cancelled): outcome = "cancelled"
    case .failure(let failure): outcome = "failed: \(failure.message ?? "")"
    }
    let fitting = box.map { "\($0.width)x\($0.height)" } ?? "full"
    let line = String(
      format: "%@ %@ %@ fit %@: %@ at %.1f ms in %.1f ms\n", what,
      pool == nil ? "in-process" : "helper", url.lastPathComponent, fitting, outcome,
      milliseconds(started - Self.traceOrigin), milliseconds(ContinuousClock.now - started))
    FileHandle.standardError.write(Data(line.utf8))
  }

  private func decoded(
    _ url: URL, fitting box: PixelSize?, forViewer: Bool, budget: Int,
    isCancelled: () -> Bool
  ) -> Result<DecodedImage, DecodeFailure> {
    guard let pool else {
      return ImageDecoder.decode(
        url, fitting: box, forViewer: forViewer, budget: budget, isCancelled: isCancelled)
    }
    // The viewer paints cairo surfaces: the helper writes the pixels that way, so the
    // app maps them as they are and holds them once.
    let answer = pool.decode(
      url, fitting: box, budget: budget, layout: forViewer ? .surface : .pixbuf,
      isCancelled: isCancelled)
    return Self.image(in: answer) { layout in
      guard forViewer, layout.kind != .still, !isCancelled() else { return (nil, nil) }
      return Self.extras(of: url, kind: layout.kind, fullSize: layout.fullSize, pool: pool)
    }
  }

  /// The preview embedded in the metadata of `url` (`EmbeddedPreview`: a camera's
  /// thumbnail, upright and without its black bars), read in a helper when there is a
  /// pool; a failure when the file has none.
  package func embeddedPreview(_ url: URL, isCancelled: () -> Bool = { false }) -> Result<
    DecodedImage, DecodeFailure
  > {
    let started = ContinuousClock.now
    let result =
      if let pool {
        Self.image(in: pool.embeddedPreview(url, isCancelled: isCancelled)) { _ in (nil, nil) }
      } else {
        EmbeddedPreview.decode(url)
      }
    if Self.isTracing { trace(url, box: nil, result: result, since: started, what: "preview") }
    return result
  }

  /// The image a helper's `answer` carries, with what `extras` loads beside it for its
  /// layout; or why there is none.
  private static func image(
    in answer: Result<DecoderProcessResult, DecodeFailure>,
    extras: (DecoderReply.Pixels) -> ((any PlayableAnimation)?, SvgDocument?)
  ) -> Result<DecodedImage, DecodeFailure> {
    switch answer {
    case .failure(let failure):
      return .failure(failure)
    case .success(let result):
      defer { if result.descriptor >= 0 { close(result.descriptor) } }
      switch result.reply {
      case .failed(let message), .ending(let message):
        return .failure(.failed(message))
      case .cancelled:
        return .failure(.cancelled)
      case .rendered:
        return .failure(.failed(tr("The decoder sent no usable pixels.")))
      case .decoded(let layout) where layout.isSurface:
        guard result.descriptor >= 0, layout.isValid,
          let surface = SurfacePixels.map(
            result.descriptor, size: layout.size, stride: layout.rowstride,
            hasAlpha: layout.hasAlpha)
        else { return .failure(.failed(tr("The decoder sent no usable pixels."))) }
        let (animation, vector) = extras(layout)
        return .success(
          DecodedImage(
            surface: surface, fullSize: layout.fullSize, isTransposed: layout.isTransposed,
            isCapped: layout.isCapped, budget: layout.budget, animation: animation,
            vector: vector, kind: layout.kind))
      case .decoded(let layout):
        guard result.descriptor >= 0, let pixbuf = SharedPixels.map(result.descriptor, as: layout)
        else { return .failure(.failed(tr("The decoder sent no usable pixels."))) }
        let (animation, vector) = extras(layout)
        return .success(
          DecodedImage(
            takingOwnership: pixbuf, fullSize: layout.fullSize,
            isTransposed: layout.isTransposed, isCapped: layout.isCapped,
            budget: layout.budget, animation: animation, vector: vector, kind: layout.kind))
      }
    }
  }

  /// The animation or the SVG document (rendered by `pool`'s helpers) of `url`, which
  /// a helper has already decoded once without trouble; nothing when it cannot be read.
  private static func extras(
    of url: URL, kind: ImageKind, fullSize: PixelSize, pool: HelperProcessPool
  ) -> ((any PlayableAnimation)?, SvgDocument?) {
    let opened = url.withFileSystemPath { RegularFile.open($0) }
    guard case .success(let file) = opened else { return (nil, nil) }
    defer { close(file.descriptor) }
    switch kind {
    case .still:
      return (nil, nil)
    case .animated:
      guard Animations.plays(canvas: fullSize) else { return (nil, nil) }
      return (Animations.load(from: file.descriptor), nil)
    case .vector:
      return (
        nil,
        SvgDocument.contents(of: file.descriptor).map {
          SvgDocument(data: $0, size: fullSize, pool: pool)
        }
      )
    }
  }
}
