// libheif's decoding API, opened on first use rather than linked.
import CHeif
import Foundation

/// The libheif functions `HEIFDecoder` calls, looked up in `libheif.so.1` the first time
/// a HEIC is decoded.
///
/// Debian's libheif links x265, libaom, dav1d and libde265: linked, all five would load at
/// every start of every decoder helper. Opened here, only a helper that meets a HEIC pays.
nonisolated struct LibHeif: @unchecked Sendable {
  // @unchecked: C function pointers, valid for the process's life.
  typealias Context = OpaquePointer
  typealias Handle = OpaquePointer
  typealias Image = OpaquePointer

  let contextAlloc: @convention(c) () -> Context?
  let contextFree: @convention(c) (Context?) -> Void
  let readFromMemory:
    @convention(c) (Context?, UnsafeRawPointer?, Int, OpaquePointer?) -> heif_error
  let setMaxDecodingThreads: @convention(c) (Context?, Int32) -> Void
  let primaryImageHandle: @convention(c) (Context?, UnsafeMutablePointer<Handle?>?) -> heif_error
  let handleRelease: @convention(c) (Handle?) -> Void
  let handleWidth: @convention(c) (Handle?) -> Int32
  let handleHeight: @convention(c) (Handle?) -> Int32
  let handleHasAlpha: @convention(c) (Handle?) -> Int32
  let handleLumaBits: @convention(c) (Handle?) -> Int32
  let thumbnailCount: @convention(c) (Handle?) -> Int32
  let thumbnailIDs: @convention(c) (Handle?, UnsafeMutablePointer<heif_item_id>?, Int32) -> Int32
  let thumbnail:
    @convention(c) (Handle?, heif_item_id, UnsafeMutablePointer<Handle?>?) -> heif_error
  let profileSize: @convention(c) (Handle?) -> Int
  let profile: @convention(c) (Handle?, UnsafeMutableRawPointer?) -> heif_error
  let optionsAlloc: @convention(c) () -> UnsafeMutablePointer<heif_decoding_options>?
  let optionsFree: @convention(c) (UnsafeMutablePointer<heif_decoding_options>?) -> Void
  let decode:
    @convention(c) (
      Handle?, UnsafeMutablePointer<Image?>?, heif_colorspace, heif_chroma,
      UnsafePointer<heif_decoding_options>?
    ) -> heif_error
  let imageRelease: @convention(c) (Image?) -> Void
  let imageChroma: @convention(c) (Image?) -> heif_chroma
  let imageColorspace: @convention(c) (Image?) -> heif_colorspace
  let imageWidth: @convention(c) (Image?, heif_channel) -> Int32
  let imageHeight: @convention(c) (Image?, heif_channel) -> Int32
  let imageBits: @convention(c) (Image?, heif_channel) -> Int32
  let plane:
    @convention(c) (Image?, heif_channel, UnsafeMutablePointer<Int32>?) -> UnsafePointer<UInt8>?
  let imageNCLX:
    @convention(c) (Image?, UnsafeMutablePointer<UnsafeMutablePointer<heif_color_profile_nclx>?>?)
      -> heif_error
  let nclxFree: @convention(c) (UnsafeMutablePointer<heif_color_profile_nclx>?) -> Void

  /// The library, opened once; `nil` when it is not installed (a HEIC then goes to
  /// gdk-pixbuf, which finds no loader either and says the format is not read).
  static let shared: LibHeif? = {
    guard let library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL) else { return nil }
    func symbol<T>(_ name: String) -> T? {
      dlsym(library, name).map { unsafeBitCast($0, to: T.self) }
    }
    // Never closed: the functions stay valid for the process's life.
    // heif_init registers the codecs libheif was built with (libde265 for HEVC); until
    // it runs, every decode fails as "Unsupported codec". It is never undone.
    guard let initialize: @convention(c) (OpaquePointer?) -> heif_error = symbol("heif_init"),
      LibHeif.failure(initialize(nil)) == nil
    else { return nil }
    guard let contextAlloc: @convention(c) () -> Context? = symbol("heif_context_alloc"),
      let contextFree: @convention(c) (Context?) -> Void = symbol("heif_context_free"),
      let readFromMemory:
        @convention(c) (Context?, UnsafeRawPointer?, Int, OpaquePointer?) ->
          heif_error = symbol("heif_context_read_from_memory_without_copy"),
      let setMaxDecodingThreads: @convention(c) (Context?, Int32) -> Void = symbol(
        "heif_context_set_max_decoding_threads"),
      let primaryImageHandle:
        @convention(c) (Context?, UnsafeMutablePointer<Handle?>?) ->
          heif_error = symbol("heif_context_get_primary_image_handle"),
      let handleRelease: @convention(c) (Handle?) -> Void = symbol("heif_image_handle_release"),
      let handleWidth: @convention(c) (Handle?) -> Int32 = symbol("heif_image_handle_get_width"),
      let handleHeight: @convention(c) (Handle?) -> Int32 = symbol(
        "heif_image_handle_get_height"),
      let handleHasAlpha: @convention(c) (Handle?) -> Int32 = symbol(
        "heif_image_handle_has_alpha_channel"),
      let handleLumaBits: @convention(c) (Handle?) -> Int32 = symbol(
        "heif_image_handle_get_luma_bits_per_pixel"),
      let thumbnailCount: @convention(c) (Handle?) -> Int32 = symbol(
        "heif_image_handle_get_number_of_thumbnails"),
      let thumbnailIDs:
        @convention(c) (Handle?, UnsafeMutablePointer<heif_item_id>?, Int32) ->
          Int32 = symbol("heif_image_handle_get_list_of_thumbnail_IDs"),
      let thumbnail:
        @convention(c) (Handle?, heif_item_id, UnsafeMutablePointer<Handle?>?) ->
          heif_error = symbol("heif_image_handle_get_thumbnail"),
      let profileSize: @convention(c) (Handle?) -> Int = symbol(
        "heif_image_handle_get_raw_color_profile_size"),
      let profile: @convention(c) (Handle?, UnsafeMutableRawPointer?) -> heif_error = symbol(
        "heif_image_handle_get_raw_color_profile"),
      let optionsAlloc: @convention(c) () -> UnsafeMutablePointer<heif_decoding_options>? =
        symbol("heif_decoding_options_alloc"),
      let optionsFree: @convention(c) (UnsafeMutablePointer<heif_decoding_options>?) -> Void =
        symbol("heif_decoding_options_free"),
      let decode:
        @convention(c) (
          Handle?, UnsafeMutablePointer<Image?>?, heif_colorspace, heif_chroma,
          UnsafePointer<heif_decoding_options>?
        ) -> heif_error = symbol("heif_decode_image"),
      let imageRelease: @convention(c) (Image?) -> Void = symbol("heif_image_release"),
      let imageChroma: @convention(c) (Image?) -> heif_chroma = symbol(
        "heif_image_get_chroma_format"),
      let imageColorspace: @convention(c) (Image?) -> heif_colorspace = symbol(
        "heif_image_get_colorspace"),
      let imageWidth: @convention(c) (Image?, heif_channel) -> Int32 = symbol(
        "heif_image_get_width"),
      let imageHeight: @convention(c) (Image?, heif_channel) -> Int32 = symbol(
        "heif_image_get_height"),
      let imageBits: @convention(c) (Image?, heif_channel) -> Int32 = symbol(
        "heif_image_get_bits_per_pixel_range"),
      let plane:
        @convention(c) (Image?, heif_channel, UnsafeMutablePointer<Int32>?) ->
          UnsafePointer<UInt8>? = symbol("heif_image_get_plane_readonly"),
      let imageNCLX:
        @convention(c) (
          Image?, UnsafeMutablePointer<UnsafeMutablePointer<heif_color_profile_nclx>?>?
        ) -> heif_error = symbol("heif_image_get_nclx_color_profile"),
      let nclxFree: @convention(c) (UnsafeMutablePointer<heif_color_profile_nclx>?) -> Void =
        symbol("heif_nclx_color_profile_free")
    else { return nil }
    return LibHeif(
      contextAlloc: contextAlloc, contextFree: contextFree, readFromMemory: readFromMemory,
      setMaxDecodingThreads: setMaxDecodingThreads, primaryImageHandle: primaryImageHandle,
      handleRelease: handleRelease, handleWidth: handleWidth, handleHeight: handleHeight,
      handleHasAlpha: handleHasAlpha, handleLumaBits: handleLumaBits,
      thumbnailCount: thumbnailCount, thumbnailIDs: thumbnailIDs, thumbnail: thumbnail,
      profileSize: profileSize, profile: profile, optionsAlloc: optionsAlloc,
      optionsFree: optionsFree, decode: decode, imageRelease: imageRelease,
      imageChroma: imageChroma, imageColorspace: imageColorspace, imageWidth: imageWidth,
      imageHeight: imageHeight,
      imageBits: imageBits, plane: plane, imageNCLX: imageNCLX, nclxFree: nclxFree)
  }()

  /// libheif's message for a failed call, or `nil` when it succeeded.
  static func failure(_ error: heif_error) -> String? {
    guard error.code != heif_error_Ok else { return nil }
    // Some of libheif's messages end with a line break.
    return error.message.map {
      String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)
    } ?? "error \(error.code.rawValue)"
  }
}
