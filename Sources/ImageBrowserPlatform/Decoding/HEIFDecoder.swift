// HEIC through libheif directly: the embedded thumbnail when it is large enough, the
// picture's planes made RGB at the size shown, decoding threads for tiled pictures.
import CHEVCPlugin
import CHeif
import CImaging
import Foundation
import ImageBrowserCore

/// Decodes HEIC files (HEVC-coded HEIF: phones' photos) with libheif, doing less than
/// gdk-pixbuf's heif loader does for the same picture:
///
/// - a picture wanted smaller (a thumbnail, a strip cell) comes from the file's embedded
///   thumbnail image when one covers the size asked for (phones write a 320 × 240 one),
///   not from the full picture;
/// - an 8-bit picture without alpha is decoded through a libheif plugin of our own
///   (`CHEVCPlugin`: libde265, made RGB by vectorized integer arithmetic on threads, and
///   libde265's filters on worker threads), where libheif's own converts per pixel in
///   floating point; its planes are interleaved here at the largest power-of-two
///   reduction still covering the size shown, each pixel the average of the block it
///   stands for (as libjpeg's DCT scaling does for a JPEG), where the loader has libheif
///   interleave the whole picture and scales it after;
/// - tiled pictures (a phone's is a grid of 512 × 512 tiles) are decoded on as many
///   threads as there are processors.
///
/// Everything else (alpha, 10- and 12-bit pictures, monochrome) is converted by libheif
/// to 8-bit RGB or RGBA. libheif applies the file's rotation, mirroring and crop
/// (`irot`, `imir`, `clap`) as it decodes, so the picture comes out upright; an ICC
/// profile is applied after scaling.
/// The pixel budget is checked from the file's declared size before anything is decoded.
nonisolated enum HEIFDecoder {
  /// The most bytes a HEIC file may have to be read (it is read whole into memory).
  static let maximumFileSize = 512 << 20

  /// Whether the file starting at `descriptor`'s offset 0 is HEVC-coded HEIF: an `ftyp`
  /// box naming `heic`, `heix`, `heim` or `heis` (AVIF, `avif`, is left to gdk-pixbuf).
  static func isHEIC(_ descriptor: Int32) -> Bool {
    var header = [UInt8](repeating: 0, count: 64)
    let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 64, 0) }
    guard count >= 16, header[4...7].elementsEqual("ftyp".utf8) else { return false }
    let boxSize =
      Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8
      | Int(header[3])
    let end = min(count, boxSize)
    let hevc: Set<String> = ["heic", "heix", "heim", "heis"]
    // The major brand, then the compatible brands after the minor version.
    var brands = [8]
    brands.append(contentsOf: stride(from: 16, to: end - 3, by: 4))
    return brands.contains { start in
      hevc.contains(String(decoding: header[start..<start + 4], as: UTF8.self))
    }
  }

  /// Decodes the HEIC in `descriptor` to fit `box` (full size when `nil`) within
  /// `budget` pixels, upright; `nil` when libheif cannot be opened (gdk-pixbuf tries).
  static func decode(
    _ descriptor: Int32, fitting box: PixelSize?, budget: Int, isCancelled: () -> Bool
  ) -> Result<ImageDecoder.Unturned, DecodeFailure>? {
    guard let heif = LibHeif.shared else { return nil }
    // A file that shrank while read is decoded as far as it goes (libheif says what lacks).
    let bytes: UnsafeMutableRawBufferPointer
    switch WholeFile.read(descriptor, limit: maximumFileSize, isCancelled: isCancelled) {
    case .success(let read): bytes = read.bytes
    case .failure(let failure): return .failure(failure.decodeFailure)
    }
    defer { bytes.deallocate() }
    guard let context = heif.contextAlloc() else { return .failure(.failed(tr("Out of memory"))) }
    defer { heif.contextFree(context) }
    // Tiles decode in parallel; a picture of one tile uses one thread whatever this says.
    heif.setMaxDecodingThreads(context, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount)))
    if let message = LibHeif.failure(
      heif.readFromMemory(context, bytes.baseAddress, bytes.count, nil))
    {
      return .failure(.failed(damaged(message)))
    }
    var primary: LibHeif.Handle?
    if let message = LibHeif.failure(heif.primaryImageHandle(context, &primary)) {
      return .failure(.failed(damaged(message)))
    }
    guard let primary else { return .failure(.failed(damaged("no primary image"))) }
    defer { heif.handleRelease(primary) }
    let full = PixelSize(
      width: Int(heif.handleWidth(primary)), height: Int(heif.handleHeight(primary)))
    guard
      case .decode(let wanted, _) = DecodeBudget.plan(
        full: full, box: box, scaling: .afterDecoding, budget: budget)
    else {
      return .failure(
        .failed(
          full.area > 0
            ? DecodeBudget.refusedMessage(full: full, budget: budget)
            : damaged("the picture declares no pixels")))
    }
    if isCancelled() { return .failure(.cancelled) }
    let source = box == nil ? nil : thumbnail(of: primary, covering: wanted, heif: heif)
    defer { if let source { heif.handleRelease(source) } }
    let handle = source ?? primary
    let decoded: OpaquePointer
    switch pixbuf(of: handle, in: context, wanted: wanted, heif: heif) {
    case .success(let made): decoded = made
    case .failure(let failure): return .failure(failure)
    }
    var shown = decoded
    let size = PixelSize(
      width: Int(gdk_pixbuf_get_width(decoded)), height: Int(gdk_pixbuf_get_height(decoded)))
    if size != wanted {
      defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
      // The step under half left after `PlanarImage`'s reduction by 4 samples a pixel;
      // anything else (alpha, libheif's interleaved pictures) through gdk-pixbuf.
      guard
        let scaled = BilinearResample.scale(decoded, to: wanted)
          ?? gdk_pixbuf_scale_simple(
            decoded, Int32(wanted.width), Int32(wanted.height), GDK_INTERP_BILINEAR)
      else { return .failure(.failed(tr("Out of memory"))) }
      shown = scaled
    }
    // After scaling: only the pixels shown are converted.
    if let profile = profile(of: handle, heif: heif) ?? profile(of: primary, heif: heif) {
      ColorManagement.convertToSRGB(shown, from: profile)
    }
    let image = DecodedImage(
      takingOwnership: shown, fullSize: full, budget: budget, kind: .still)
    return .success(.pixels(image, orientation: 1))
  }

  /// The smallest embedded thumbnail of `primary` that covers `wanted` with the same
  /// proportions (within a pixel of rounding), or `nil`; the caller releases it.
  private static func thumbnail(
    of primary: LibHeif.Handle, covering wanted: PixelSize, heif: LibHeif
  ) -> LibHeif.Handle? {
    let count = Int(heif.thumbnailCount(primary))
    guard count > 0 else { return nil }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif.thumbnailIDs(primary, &ids, Int32(count)))
    let fullWidth = Int(heif.handleWidth(primary))
    let fullHeight = Int(heif.handleHeight(primary))
    var best: (handle: LibHeif.Handle, area: Int)?
    for id in ids.prefix(listed) {
      var handle: LibHeif.Handle?
      guard LibHeif.failure(heif.thumbnail(primary, id, &handle)) == nil, let handle else {
        continue
      }
      let width = Int(heif.handleWidth(handle))
      let height = Int(heif.handleHeight(handle))
      // Same proportions: the thumbnail's height is what the full picture's would be at
      // its width, give or take the rounding of each.
      let proportional = abs(width * fullHeight - height * fullWidth) <= max(fullWidth, fullHeight)
      if proportional, width >= wanted.width, height >= wanted.height,
        best.map({ width * height < $0.area }) ?? true
      {
        if let previous = best { heif.handleRelease(previous.handle) }
        best = (handle, width * height)
      } else {
        heif.handleRelease(handle)
      }
    }
    return best?.handle
  }

  /// The picture of `handle` as a new pixbuf, upright, at least `wanted` in size; from
  /// its planes (`PlanarImage`) when it is 8-bit without alpha.
  private static func pixbuf(
    of handle: LibHeif.Handle, in context: LibHeif.Context, wanted: PixelSize, heif: LibHeif
  ) -> Result<OpaquePointer, DecodeFailure> {
    guard let options = heif.optionsAlloc() else { return .failure(.failed(tr("Out of memory"))) }
    defer { heif.optionsFree(options) }
    // 10- and 12-bit pictures are shown in 8 bits, as gdk-pixbuf holds them.
    options.pointee.convert_hdr_to_8bit = 1
    let hasAlpha = heif.handleHasAlpha(handle) != 0
    if !hasAlpha, heif.handleLumaBits(handle) == 8 {
      // libheif 1.15 converts HEVC's YCbCr to RGB whatever it is asked (4:2:0 YCbCr costs
      // a second conversion back, interleaved RGB one more pass over the picture) unless
      // the plugin hands it RGB: ours does, in planes. Alpha and depth pictures would go
      // through the plugin too, hence only here.
      var image: LibHeif.Image?
      if let message = pluginDecode(handle, in: context, options: options, into: &image) {
        return .failure(.failed(damaged(message)))
      }
      if let image {
        defer { heif.imageRelease(image) }
        if let planes = PlanarImage(image, heif: heif) {
          guard let made = planes.pixbuf(covering: wanted) else {
            return .failure(.failed(tr("Out of memory")))
          }
          return .success(made)
        }
      }
    }
    // libheif converts the rest (alpha, more than 8 bits, monochrome) to RGB or RGBA.
    var image: LibHeif.Image?
    let chroma = hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
    if let message = LibHeif.failure(
      heif.decode(handle, &image, heif_colorspace_RGB, chroma, options))
    {
      return .failure(.failed(damaged(message)))
    }
    guard let image else { return .failure(.failed(damaged("no picture"))) }
    var stride: Int32 = 0
    let width = heif.imageWidth(image, heif_channel_interleaved)
    let height = heif.imageHeight(image, heif_channel_interleaved)
    guard let pixels = heif.plane(image, heif_channel_interleaved, &stride), width > 0, height > 0
    else {
      heif.imageRelease(image)
      return .failure(.failed(damaged("no picture")))
    }
    // The pixbuf wraps libheif's plane and releases the picture with it: no copy.
    let release: @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutableRawPointer?) -> Void = {
      _, image in
      LibHeif.shared?.imageRelease(image.map(OpaquePointer.init))
    }
    guard
      let made = gdk_pixbuf_new_from_data(
        pixels, GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, width, height, stride, release,
        UnsafeMutableRawPointer(image))
    else {
      heif.imageRelease(image)
      return .failure(.failed(tr("Out of memory")))
    }
    return .success(made)
  }

  /// Decodes `handle` through our HEVC plugin (`ib_hevc_decode`) into `image`; libheif's
  /// message when that fails.
  private static func pluginDecode(
    _ handle: LibHeif.Handle, in context: LibHeif.Context,
    options: UnsafeMutablePointer<heif_decoding_options>, into image: inout LibHeif.Image?
  ) -> String? {
    var message: UnsafePointer<CChar>?
    var decoded: UnsafeMutableRawPointer?
    let code = ib_hevc_decode(
      UnsafeMutableRawPointer(context), UnsafeRawPointer(handle), UnsafeRawPointer(options),
      &decoded, &message)
    image = decoded.map(OpaquePointer.init)
    return LibHeif.failure(
      heif_error(
        code: heif_error_code(UInt32(code)), subcode: heif_suberror_Unspecified,
        message: message))
  }

  /// The raw ICC profile of `handle`, if it has one of a usable size.
  private static func profile(of handle: LibHeif.Handle, heif: LibHeif) -> Data? {
    let size = heif.profileSize(handle)
    guard size > 0, size <= ColorManagement.maximumProfileSize else { return nil }
    var data = Data(count: size)
    let error = data.withUnsafeMutableBytes { heif.profile(handle, $0.baseAddress) }
    return LibHeif.failure(error) == nil ? data : nil
  }

  /// libheif's message, said as the damaged or incomplete image it nearly always is.
  private static func damaged(_ message: String) -> String {
    tr("The image is damaged or incomplete (%s).", message)
  }
}
