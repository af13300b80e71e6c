// One way to decode an image file: chunked, cancellable, size-checked, scaled while decoding.
import CImaging
import Foundation
import ImageBrowserCore

/// Why a decode produced no image.
package nonisolated enum DecodeFailure: Error, Hashable, Sendable {
  /// The caller cancelled it (the image is no longer wanted).
  case cancelled
  /// The file cannot be decoded; the message says why, for a person.
  case failed(String)
  /// The decoder ran past its time limit and was stopped: the file may be fine (the
  /// machine busy), so it is not recorded as undecodable.
  case timedOut(String)
  /// The decoder was stopped by something outside the file (killed or stopped from
  /// outside, twice, or it could not be started): not recorded as undecodable either.
  case interrupted(String)

  /// What to tell a person, or `nil` when cancelled.
  package var message: String? {
    switch self {
    case .cancelled: nil
    case .failed(let message), .timedOut(let message), .interrupted(let message): message
    }
  }

  /// Whether it says the file cannot be decoded, whatever tries again (a thumbnail
  /// cache records it): not a cancel, a time-out or an interruption.
  package var isDeterministic: Bool {
    if case .failed = self { true } else { false }
  }
}

/// Decodes image files with a `GdkPixbufLoader`, the way every part of the browser
/// does it (viewer, neighbour preload, thumbnails):
///
/// - the file is opened without following it into a FIFO or a device, and anything but
///   a regular, non-empty, readable file is refused with a sentence saying what it is;
/// - the format comes from the content, not the name (a PNG named `.jpg` opens, a
///   text file named `.jpg` is refused as "not an image");
/// - no decode allocates more than `DecodeBudget.pixels`: from the `size-prepared`
///   signal, before any pixel memory is allocated, a JPEG or an SVG over the budget is
///   asked for a smaller size (`DecodedImage.cappedMessage` says so) and an image in
///   another format is refused (the loader is stopped);
/// - with a box, the loader is asked for the fitting size, so JPEG decodes at 1/2, 1/4
///   or 1/8 scale straight from the file and SVG renders at that size;
/// - the file is fed in chunks, checking `isCancelled` between them, so a decode that
///   is no longer wanted stops within one chunk;
/// - the EXIF orientation is applied, and an embedded ICC profile (converted to sRGB;
///   a WebP's from its `ICCP` chunk, which gdk-pixbuf's loader does not report);
/// - for the viewer (`forViewer`), an animation keeps its frames (`DecodedImage.animation`,
///   the decoded pixbuf being its first frame) and an SVG its document
///   (`DecodedImage.vector`) to render sharp when zoomed; a thumbnail keeps neither;
/// - a HEIC goes to libheif directly (`HEIFDecoder`: its embedded thumbnail, its YCbCr
///   planes converted at the size shown), with the same budget, messages and result.
///
/// Safe on any thread: each call uses its own loader.
package nonisolated enum ImageDecoder {
  /// How much of the file is fed to the loader between two cancellation checks.
  static let chunkSize = 128 * 1024

  /// Decodes the image at `url`, scaled down to fit `box` (after orientation) when
  /// given, else at full size, never allocating more than `budget` pixels (tests pass a
  /// smaller one).
  package static func decode(
    _ url: URL, fitting box: PixelSize?, forViewer: Bool = false,
    budget: Int = DecodeBudget.pixels, isCancelled: () -> Bool = { false }
  ) -> Result<DecodedImage, DecodeFailure> {
    let descriptor: Int32
    switch url.withFileSystemPath({ path in openRegularFile(path) }) {
    case .success(let opened): descriptor = opened
    case .failure(let failure): return .failure(failure)
    }
    defer { close(descriptor) }
    if RawPreview.isRaw(url) {
      return decodeRaw(
        url, box: box, forViewer: forViewer, budget: budget, unturned: false,
        isCancelled: isCancelled
      ).map { loaded in
        switch loaded {
        case .pixels(let image, _): image
        case .vector: preconditionFailure("a RAW file's preview is never a vector")
        }
      }
    }
    return loadFitting(
      descriptor, box: box, forViewer: forViewer, budget: budget, unturned: false,
      isCancelled: isCancelled
    ).map { loaded in
      switch loaded {
      case .pixels(let image, _): image
      case .vector: preconditionFailure("a vector is only left to the caller when asked")
      }
    }
  }

  /// What `decodeUnturned` gives: the picture as the loader made it, for the caller
  /// to turn upright while copying it (a decoder helper writing the viewer's pixels,
  /// `SurfacePixels`), or an SVG for the caller to render.
  package enum Unturned {
    /// The picture in `image`'s pixbuf, colour-managed, not turned yet: the EXIF
    /// `orientation` (1–8) says how. `image.fullSize` and `isTransposed` are already
    /// those of the upright picture.
    case pixels(DecodedImage, orientation: Int)
    /// An SVG to render at `size` (the loader rendered nothing): `image` is its
    /// document at full size.
    case vector(SvgDocument, size: PixelSize, isCapped: Bool, budget: Int)
  }

  /// Decodes `url` as `decode` does, but leaves turning the picture upright (a whole
  /// copy of it) to the caller, and an SVG's rendering too, so the caller can write the
  /// picture where it goes in one pass.
  package static func decodeUnturned(
    _ url: URL, fitting box: PixelSize?, budget: Int = DecodeBudget.pixels,
    isCancelled: () -> Bool = { false }
  ) -> Result<Unturned, DecodeFailure> {
    let descriptor: Int32
    switch url.withFileSystemPath({ path in openRegularFile(path) }) {
    case .success(let opened): descriptor = opened
    case .failure(let failure): return .failure(failure)
    }
    defer { close(descriptor) }
    if RawPreview.isRaw(url) {
      return decodeRaw(
        url, box: box, forViewer: false, budget: budget, unturned: true,
        isCancelled: isCancelled)
    }
    return loadFitting(
      descriptor, box: box, forViewer: false, budget: budget, unturned: true,
      isCancelled: isCancelled)
  }

  /// The camera RAW file at `url` through its largest embedded preview (`RawPreview`),
  /// loaded as any file is, turned as the RAW file's EXIF orientation says.
  private static func decodeRaw(
    _ url: URL, box: PixelSize?, forViewer: Bool, budget: Int, unturned: Bool,
    isCancelled: () -> Bool
  ) -> Result<Unturned, DecodeFailure> {
    switch RawPreview.largest(in: url) {
    case .failure(let failure): return .failure(failure)
    case .success(let preview):
      defer { close(preview.descriptor) }
      return loadFitting(
        preview.descriptor, box: box, forViewer: forViewer, budget: budget,
        unturned: unturned, orientation: preview.orientation, isCancelled: isCancelled)
    }
  }

  /// `load`, then once more for the transposed box when a quarter turn left the
  /// picture too small for the box's other orientation (it was fitted before turning;
  /// rare).
  private static func loadFitting(
    _ descriptor: Int32, box: PixelSize?, forViewer: Bool, budget: Int, unturned: Bool,
    orientation fallback: Int? = nil, isCancelled: () -> Bool
  ) -> Result<Unturned, DecodeFailure> {
    let first = load(
      descriptor, fitting: box, forViewer: forViewer, budget: budget, unturned: unturned,
      orientation: fallback, isCancelled: isCancelled)
    guard case .success(.pixels(let image, let orientation)) = first, let box,
      image.isTransposed, !image.isCapped
    else { return first }
    let upright = orientation == 1 ? image.size : image.size.transposed
    guard !upright.covers(image.fullSize.fitting(in: box)), lseek(descriptor, 0, SEEK_SET) == 0
    else { return first }
    return load(
      descriptor, fitting: box.transposed, forViewer: forViewer, budget: budget,
      unturned: unturned, orientation: fallback, isCancelled: isCancelled)
  }

  /// Decodes the still image in the open file `descriptor` (read from its current
  /// offset; not closed) at full size, within `budget` pixels: bytes found inside
  /// another file, such as an embedded preview.
  static func decode(contentsOf descriptor: Int32, budget: Int) -> Result<
    DecodedImage, DecodeFailure
  > {
    load(
      descriptor, fitting: nil, forViewer: false, budget: budget, unturned: false,
      isCancelled: { false }
    ).flatMap { loaded in
      guard case .pixels(let image, _) = loaded else {
        return .failure(
          .failed(tr("It is not an image (its content is not in any format this browser reads).")))
      }
      return .success(image)
    }
  }

  /// Opens `path` for reading if it is a regular, non-empty file; else says what it is.
  private static func openRegularFile(_ path: UnsafePointer<CChar>) -> Result<
    Int32, DecodeFailure
  > {
    // Never blocks: a FIFO named like an image must not hang the decoder on open.
    switch RegularFile.open(path) {
    case .failure(.system(let code)):
      return .failure(.failed(openFailure(code, path: path)))
    case .failure(.notRegular(.folder)):
      return .failure(.failed(tr("It is a folder, not an image.")))
    case .failure(.notRegular):
      return .failure(.failed(tr("It is not a regular file (a device, a pipe or a socket).")))
    case .success(let file) where file.info.st_size == 0:
      close(file.descriptor)
      return .failure(.failed(tr("The file is empty (0 bytes).")))
    case .success(let file):
      return .success(file.descriptor)
    }
  }

  /// A sentence for an `open` failure.
  private static func openFailure(_ code: Int32, path: UnsafePointer<CChar>) -> String {
    switch code {
    case ENOENT:
      var info = stat()
      if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
        return tr("It is a link to a file that does not exist.")
      }
      return tr("The file no longer exists (it was deleted or renamed).")
    case ELOOP:
      return tr("It is a symbolic link that leads back to itself.")
    case EACCES, EPERM:
      return tr("Permission denied: you are not allowed to read this file.")
    default:
      return String(cString: strerror(code))
    }
  }

  /// What the `size-prepared` handler reads and writes, owned by one `load` call.
  private struct SizeRequest {
    package var box: PixelSize?
    package var fullSize: PixelSize?
    /// The most pixels the decode may allocate.
    let budget: Int
    /// The file, and where the image starts in it, for a JPEG's headers.
    let descriptor: Int32
    let start: off_t
    /// Whether an SVG is left to the caller to render (the loader renders nothing).
    let leavesVector: Bool
    /// What `DecodeBudget` decided, once the size is known.
    var plan: DecodeBudget.Plan?
    /// The bytes a JPEG in several scans needs for its coefficients, when they are
    /// over the budget (the decode is refused).
    var coefficientBytes = 0
    /// The size an SVG left to the caller is to be rendered at, when it is one.
    var vectorSize: PixelSize?
    var isTooLarge: Bool { plan == .refuse }
  }

  /// Feeds the file to a new loader and takes its image: turned upright and colour
  /// managed, or with `unturned`, colour managed only (an SVG then left to the caller).
  /// `fallback` is the EXIF orientation to apply when the image carries none of its own
  /// (a RAW file's preview: the RAW file's tag says how it is turned).
  private static func load(
    _ descriptor: Int32, fitting box: PixelSize?, forViewer: Bool, budget: Int,
    unturned: Bool, orientation fallback: Int? = nil, isCancelled: () -> Bool
  ) -> Result<Unturned, DecodeFailure> {
    // Files two gdk-pixbuf loaders go wrong on (GLib criticals, a NULL they go on with)
    // never reach them: a GIF with a frame of no pixels, and every animated WebP.
    if lseek(descriptor, 0, SEEK_CUR) == 0 {
      // HEIC through libheif directly (thumbnails, reduced conversion); gdk-pixbuf's
      // loader only when libheif cannot be opened.
      if HEIFDecoder.isHEIC(descriptor),
        let decoded = HEIFDecoder.decode(
          descriptor, fitting: box, budget: budget, isCancelled: isCancelled)
      {
        return decoded
      }
      if GIFFrames.isGIF(descriptor), let frame = GIFFrames.firstEmptyFrame(descriptor) {
        return .failure(
          .failed(tr("The image is damaged (its frame %d declares no pixels).", frame)))
      }
      if AnimatedWebPFrame.isAnimated(descriptor) {
        return loadAnimatedWebP(
          descriptor, fitting: box, forViewer: forViewer, budget: budget,
          isCancelled: isCancelled)
      }
    }
    guard let loader = gdk_pixbuf_loader_new() else {
      return .failure(.failed(tr("Out of memory")))
    }
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
    let request = UnsafeMutablePointer<SizeRequest>.allocate(capacity: 1)
    request.initialize(
      to: SizeRequest(
        box: box, budget: budget, descriptor: descriptor,
        start: lseek(descriptor, 0, SEEK_CUR), leavesVector: unturned))
    defer { request.deinitialize(count: 1).deallocate() }
    let sizePrepared:
      @convention(c) (
        UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?
      ) -> Void = { loader, width, height, data in
        guard let loader, let data else { return }
        let request = data.assumingMemoryBound(to: SizeRequest.self)
        let full = PixelSize(width: Int(width), height: Int(height))
        request.pointee.fullSize = full
        let scaling = ImageDecoder.scaling(of: loader)
        var plan = DecodeBudget.plan(
          full: full, box: request.pointee.box, scaling: scaling,
          budget: request.pointee.budget)
        // A JPEG in several scans keeps the whole picture's coefficients, whatever
        // size it outputs: counted against the budget before libjpeg allocates them.
        if scaling == .byEighths, plan != .refuse,
          let layout = JPEGLayout.read(request.pointee.descriptor, from: request.pointee.start),
          layout.coefficientBytes > DecodeBudget.bytes(of: request.pointee.budget)
        {
          request.pointee.coefficientBytes = layout.coefficientBytes
          plan = .refuse
        }
        request.pointee.plan = plan
        if scaling == .exactly, request.pointee.leavesVector, case .decode(let size, _) = plan {
          // The caller renders it where it goes: the loader is stopped as for a refusal.
          request.pointee.vectorSize = size
          gdk_pixbuf_loader_set_size(loader, 0, 0)
          return
        }
        switch plan {
        case .refuse:
          // A zero size makes every gdk-pixbuf loader stop before allocating pixels.
          gdk_pixbuf_loader_set_size(loader, 0, 0)
        case .decode(let size, _) where size != full:
          gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
        case .decode:
          break
        }
      }
    g_signal_connect_data(
      UnsafeMutableRawPointer(loader), "size-prepared",
      unsafeBitCast(sizePrepared, to: GCallback.self), request, nil, GConnectFlags(0))

    var error: UnsafeMutablePointer<GError>?
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    var cancelled = false
    feeding: while true {
      if isCancelled() {
        cancelled = true
        break
      }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        let reason = String(cString: strerror(errno))
        gdk_pixbuf_loader_close(loader, nil)
        return .failure(.failed(tr("The file cannot be read: %s.", reason)))
      }
      if count == 0 { break feeding }
      let accepted = buffer.withUnsafeBufferPointer {
        gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize(count), &error)
      }
      if accepted == 0 || request.pointee.isTooLarge || request.pointee.vectorSize != nil {
        break feeding
      }
    }
    // Closing finishes (or abandons) the decode; its error is the first one if writing
    // already failed.
    var closeError: UnsafeMutablePointer<GError>?
    let closed = gdk_pixbuf_loader_close(loader, &closeError)
    let message =
      (error ?? closeError).map { String(cString: $0.pointee.message) } ?? tr("Unknown error")
    if let error { g_error_free(error) }
    if let closeError { g_error_free(closeError) }
    if cancelled { return .failure(.cancelled) }
    if request.pointee.isTooLarge {
      let full = request.pointee.fullSize
      let message =
        if let full, request.pointee.coefficientBytes > 0 {
          DecodeBudget.refusedMultiScanMessage(
            full: full, bytes: request.pointee.coefficientBytes, budget: budget)
        } else {
          full.map { DecodeBudget.refusedMessage(full: $0, budget: budget) }
            ?? tr("The image is too large to show.")
        }
      return .failure(.failed(message))
    }
    if let size = request.pointee.vectorSize, let full = request.pointee.fullSize {
      guard let data = SvgDocument.contents(of: descriptor) else {
        return .failure(.failed(tr("The image is too large to show.")))
      }
      let isCapped = if case .decode(_, true) = request.pointee.plan { true } else { false }
      return .success(
        .vector(SvgDocument(data: data, size: full), size: size, isCapped: isCapped, budget: budget)
      )
    }
    guard error == nil, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
      return .failure(.failed(friendly(message)))
    }
    // A preview without a tag of its own takes the orientation of the file it is in
    // (gdk-pixbuf sets an option only once: a tag of its own wins).
    if let fallback, fallback != 1, gdk_pixbuf_get_option(pixbuf, "orientation") == nil {
      _ = gdk_pixbuf_set_option(pixbuf, "orientation", String(fallback))
    }
    // A new pixbuf, rotated or flipped as the EXIF tag says (a new reference either way);
    // left as it is when the caller turns it while copying it.
    let orientation = Self.orientation(of: pixbuf)
    let oriented: OpaquePointer
    if unturned {
      oriented = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(pixbuf)))
    } else {
      guard let turned = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
        return .failure(.failed(tr("Out of memory")))
      }
      oriented = turned
    }
    // Colours as the embedded profile means them, in the screen's sRGB. `oriented` may
    // be the loader's own pixbuf: the loader goes with this call, so nobody else sees it.
    // gdk-pixbuf's WebP loader does not report a WebP's profile: it is read from the file.
    if !ColorManagement.applyEmbeddedProfile(of: pixbuf, to: oriented),
      formatName(loader) == "webp", let profile = WebPProfile.embedded(in: descriptor)
    {
      ColorManagement.convertToSRGB(oriented, from: profile)
    }
    let transposed = isTransposed(pixbuf)
    let full = request.pointee.fullSize.map { transposed ? $0.transposed : $0 }
    let isCapped: Bool
    if case .decode(_, true) = request.pointee.plan { isCapped = true } else { isCapped = false }
    var animation: (any PlayableAnimation)?
    var vector: SvgDocument?
    let loaded = gdk_pixbuf_loader_get_animation(loader)
    let kind: ImageKind =
      if let loaded, AnimatedImage.isAnimated(loaded) { .animated } else if isSVG(loader) {
        .vector
      } else { .still }
    if forViewer {
      if kind == .animated, let loaded, Animations.plays(canvas: full) {
        // WebP through libwebp: webp-pixbuf-loader's iterator gets the timing wrong.
        animation =
          formatName(loader) == "webp"
          ? WebPAnimation.load(from: descriptor) : AnimatedImage(retaining: loaded)
      } else if kind == .vector, let full, let data = SvgDocument.contents(of: descriptor) {
        vector = SvgDocument(data: data, size: full)
      }
    }
    let image = DecodedImage(
      takingOwnership: oriented, fullSize: full, isTransposed: transposed,
      isCapped: isCapped, budget: budget, animation: animation, vector: vector,
      kind: kind)
    return .success(.pixels(image, orientation: unturned ? orientation : 1))
  }

  /// An animated WebP's first frame (`AnimatedWebPFrame`), with libwebp's animation for
  /// the viewer when it plays (`Animations.maximumCanvas`).
  private static func loadAnimatedWebP(
    _ descriptor: Int32, fitting box: PixelSize?, forViewer: Bool, budget: Int,
    isCancelled: () -> Bool
  ) -> Result<Unturned, DecodeFailure> {
    AnimatedWebPFrame.decode(descriptor, fitting: box, budget: budget, isCancelled: isCancelled)
      .map { frame in
        let animated = frame.frames > 1
        let animation: (any PlayableAnimation)? =
          forViewer && animated && Animations.plays(canvas: frame.canvas)
          ? WebPAnimation.load(from: descriptor) : nil
        let image = DecodedImage(
          takingOwnership: frame.pixbuf, fullSize: frame.canvas, budget: budget,
          animation: animation, kind: animated ? .animated : .still)
        return .pixels(image, orientation: 1)
      }
  }

  /// How the loader's format honours a requested size: JPEG decodes at eighths, SVG at
  /// any size, every other gdk-pixbuf loader at full size first.
  fileprivate static func scaling(of loader: UnsafeMutablePointer<GdkPixbufLoader>)
    -> DecodeBudget.Scaling
  {
    switch formatName(loader) {
    case "jpeg": .byEighths
    case "svg": .exactly
    default: .afterDecoding
    }
  }

  /// The name gdk-pixbuf gives the loader's format ("jpeg", "png", "svg"…), once known.
  private static func formatName(_ loader: UnsafeMutablePointer<GdkPixbufLoader>) -> String? {
    guard let format = gdk_pixbuf_loader_get_format(loader),
      let name = gdk_pixbuf_format_get_name(format)
    else { return nil }
    defer { g_free(name) }
    return String(cString: name)
  }

  /// Whether the loader read an SVG (gdk-pixbuf names its librsvg module's format "svg").
  private static func isSVG(_ loader: UnsafeMutablePointer<GdkPixbufLoader>) -> Bool {
    formatName(loader) == "svg"
  }

  /// Whether the EXIF orientation of `pixbuf` turns it a quarter (values 5 to 8).
  private static func isTransposed(_ pixbuf: OpaquePointer) -> Bool {
    (5...8).contains(orientation(of: pixbuf))
  }

  /// The EXIF orientation gdk-pixbuf read for `pixbuf` (1–8), 1 when none.
  private static func orientation(of pixbuf: OpaquePointer) -> Int {
    guard let raw = gdk_pixbuf_get_option(pixbuf, "orientation"),
      let value = Int(String(cString: raw)), (1...8).contains(value)
    else { return 1 }
    return value
  }

  /// gdk-pixbuf's message, with the two everybody meets put in plain words.
  private static func friendly(_ message: String) -> String {
    if message.contains("nrecognized image file format") || message.contains("Not a JPEG file") {
      return tr("It is not an image (its content is not in any format this browser reads).")
    }
    if message.contains("Premature end") || message.contains("truncated")
      || message.contains("corrupt") || message.contains("CRC error")
    {
      return tr("The image is damaged or incomplete (%s).", message)
    }
    return message
  }
}
