// libjpeg-turbo's TurboJPEG API, opened on first use rather than linked.
import CTurboJPEG
import Foundation

/// The TurboJPEG functions `JPEGTransform` calls, looked up in `libturbojpeg.so.0` the
/// first time a JPEG is cropped or its quality estimated.
///
/// Linked, the library would load at every start of every decoder helper (which link
/// this target but never crop a JPEG): one shared object more to map and relocate per
/// spawn. Opened here, only the app pays, and only when saving an edit.
nonisolated struct LibTurboJPEG: @unchecked Sendable {
  // @unchecked: C function pointers, valid for the process's life.
  typealias Initialize = @convention(c) () -> tjhandle?
  typealias Destroy = @convention(c) (tjhandle?) -> Int32
  typealias DecompressHeader =
    @convention(c) (
      tjhandle?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<Int32>?,
      UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
    ) -> Int32
  typealias Transform =
    @convention(c) (
      tjhandle?, UnsafePointer<UInt8>?, UInt, Int32,
      UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<UInt>?,
      UnsafeMutablePointer<tjtransform>?, Int32
    ) -> Int32
  typealias Free = @convention(c) (UnsafeMutablePointer<UInt8>?) -> Void
  typealias ErrorString = @convention(c) (tjhandle?) -> UnsafeMutablePointer<CChar>?

  /// `tjInitDecompress`.
  let initDecompress: Initialize
  /// `tjInitTransform`.
  let initTransform: Initialize
  /// `tjDestroy`.
  let destroy: Destroy
  /// `tjDecompressHeader3`.
  let decompressHeader: DecompressHeader
  /// `tjTransform`.
  let transform: Transform
  /// `tjFree`.
  let free: Free
  /// `tjGetErrorStr2`.
  let errorString: ErrorString

  /// The library, opened once; `nil` when it is not installed (`JPEGTransform` then
  /// reads no header, so crops are encoded again).
  static let shared: LibTurboJPEG? = {
    guard let library = dlopen("libturbojpeg.so.0", RTLD_NOW | RTLD_LOCAL) else { return nil }
    func symbol<T>(_ name: String, as type: T.Type) -> T? {
      dlsym(library, name).map { unsafeBitCast($0, to: type) }
    }
    // Never closed: the functions stay valid for the process's life.
    guard let initDecompress = symbol("tjInitDecompress", as: Initialize.self),
      let initTransform = symbol("tjInitTransform", as: Initialize.self),
      let destroy = symbol("tjDestroy", as: Destroy.self),
      let decompressHeader = symbol("tjDecompressHeader3", as: DecompressHeader.self),
      let transform = symbol("tjTransform", as: Transform.self),
      let free = symbol("tjFree", as: Free.self),
      let errorString = symbol("tjGetErrorStr2", as: ErrorString.self)
    else { return nil }
    return LibTurboJPEG(
      initDecompress: initDecompress, initTransform: initTransform, destroy: destroy,
      decompressHeader: decompressHeader, transform: transform, free: free,
      errorString: errorString)
  }()
}
