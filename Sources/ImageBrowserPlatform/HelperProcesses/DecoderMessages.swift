// What the app and a decoder helper say to each other: one request, one reply, as packets.
import CDecoderIPC
import Foundation
import ImageBrowserCore

/// A decode asked of a helper (`image-browser-decoder`): the file, the box to fit, the
/// pixel budget, the layout of the pixels wanted back; or a sharp render of an SVG
/// document sent along (`render`); or the file's embedded preview (`operation`). Sent
/// as one `SOCK_SEQPACKET` packet: six little-endian `Int64`s (a version, the box's
/// width and height or -1, the budget, the operation: 0 decode, 1 render, 2 embedded
/// preview; the layout: 0 pixbuf, 1 cairo surface), for a render eight more
/// (`VectorRender`), then the path's bytes (none for a render).
package nonisolated struct DecoderRequest: Equatable, Sendable {
  /// The format's version; a helper from another build refuses the request.
  static let version: Int64 = 4
  /// The longest packet either side reads.
  static let maximumPacket = 64 * 1024

  /// The file's path, as bytes (not necessarily UTF-8).
  package let path: [UInt8]
  /// The box to fit, or `nil` for full resolution.
  package let box: PixelSize?
  /// The most pixels the decode may allocate.
  package let budget: Int
  /// What is asked for.
  package let operation: Operation
  /// How the pixels are to be laid out.
  package let layout: PixelLayout

  /// How a helper lays out the pixels it sends.
  package enum PixelLayout: Int64, Equatable, Sendable {
    /// gdk-pixbuf's rows (RGB or RGBA, 8 bits a channel): for thumbnails, which the
    /// cache stores as PNG with gdk-pixbuf.
    case pixbuf = 0
    /// cairo's (premultiplied ARGB32, or RGB24 when opaque), turned upright: for the
    /// viewer, which maps them as the surface it paints (`SurfacePixels`).
    case surface = 1
  }

  /// What a request asks of a helper.
  package enum Operation: Equatable, Sendable {
    /// The picture at `path`.
    case decode
    /// A render of the SVG document in the memory file sent with the request.
    case render(VectorRender)
    /// The preview embedded in `path`'s metadata (`EmbeddedPreview`).
    case embeddedPreview

    /// A render's number in the packet (its region follows).
    static let renderCode: Int64 = 1

    /// Its number in the packet.
    var code: Int64 {
      switch self {
      case .decode: 0
      case .render: Self.renderCode
      case .embeddedPreview: 2
      }
    }
  }

  /// The render asked for, if the request is one.
  package var render: VectorRender? {
    if case .render(let render) = operation { render } else { nil }
  }

  /// A request to decode `path` to fit `box` within `budget`, the pixels laid out as
  /// `layout` says.
  package init(path: [UInt8], box: PixelSize?, budget: Int, layout: PixelLayout = .pixbuf) {
    self.path = path
    self.box = box
    self.budget = budget
    self.layout = layout
    operation = .decode
  }

  /// A request for the preview embedded in `path`'s metadata.
  package init(embeddedPreviewOf path: [UInt8]) {
    self.path = path
    box = nil
    budget = EmbeddedPreview.budget
    layout = .pixbuf
    operation = .embeddedPreview
  }

  /// A request to render a region of the SVG document sent with it.
  package init(render: VectorRender) {
    path = []
    box = nil
    budget = render.region.width * render.region.height
    layout = .surface
    operation = .render(render)
  }

  /// The packet.
  var encoded: [UInt8] {
    var fields = Fields()
    fields.append(Self.version)
    fields.append(Int64(box?.width ?? -1))
    fields.append(Int64(box?.height ?? -1))
    fields.append(Int64(budget))
    fields.append(operation.code)
    fields.append(layout.rawValue)
    render?.append(to: &fields)
    return fields.bytes + path
  }

  /// The request in `packet`, or `nil` when it is not one of this version.
  init?(packet: [UInt8]) {
    var reader = FieldReader(packet)
    guard let version = reader.next(), version == Self.version,
      let width = reader.next(), let height = reader.next(), let budget = reader.next(),
      let code = reader.next(), budget > 0, let layout = reader.next().flatMap(PixelLayout.init)
    else { return nil }
    self.layout = layout
    box = width > 0 && height > 0 ? PixelSize(width: Int(width), height: Int(height)) : nil
    self.budget = Int(budget)
    switch code {
    case Operation.decode.code: operation = .decode
    case Operation.embeddedPreview.code: operation = .embeddedPreview
    case Operation.renderCode:
      guard let render = VectorRender(reading: &reader) else { return nil }
      operation = .render(render)
    default: return nil
    }
    path = Array(reader.rest)
  }
}

/// A region of an SVG document to render sharp, as a request carries it: the
/// document's identity (a helper keeps the last document parsed, by this), its size at
/// 1:1 (what the region's scale refers to) and the region.
package nonisolated struct VectorRender: Equatable, Sendable {
  /// Which document: the same number means the same bytes.
  package var documentID: UInt64
  /// The document's size at 1:1.
  package var size: PixelSize
  /// The part to render and at what scale.
  package var region: RenderRegion

  /// A render of `region` of document `documentID`, of `size` at 1:1.
  package init(documentID: UInt64, size: PixelSize, region: RenderRegion) {
    self.documentID = documentID
    self.size = size
    self.region = region
  }

  fileprivate func append(to fields: inout Fields) {
    fields.append(Int64(bitPattern: documentID))
    for value in [size.width, size.height, region.x, region.y, region.width, region.height] {
      fields.append(Int64(value))
    }
    fields.append(Int64(bitPattern: region.scale.bitPattern))
  }

  fileprivate init?(reading reader: inout FieldReader) {
    guard let id = reader.next() else { return nil }
    var values: [Int] = []
    for _ in 0..<6 {
      guard let value = reader.next(), value >= 0, value <= Int64(Int32.max) else { return nil }
      values.append(Int(value))
    }
    guard let scaleBits = reader.next() else { return nil }
    let scale = Double(bitPattern: UInt64(bitPattern: scaleBits))
    guard scale.isFinite, scale > 0 else { return nil }
    documentID = UInt64(bitPattern: id)
    size = PixelSize(width: values[0], height: values[1])
    region = RenderRegion(
      scale: scale, x: values[2], y: values[3], width: values[4], height: values[5])
  }
}

/// The packet that asks a helper to stop the decode it is working on: one byte, which
/// no request can be (a request starts with eight bytes of version). A helper that has
/// already answered ignores it.
nonisolated let cancelPacket: [UInt8] = [0x43]

/// The packet a helper sends once it has started (libraries loaded, loaders preloaded),
/// before its first answer: one byte, which no reply can be (a reply starts with eight
/// bytes of status). A decode's time limit runs from it, so a helper slow to start on
/// a loaded machine is not taken for a loader that hangs.
nonisolated let readyPacket: [UInt8] = [0x52]

/// A helper's answer: the decoded pixels' layout (the pixels themselves travel as a
/// sealed memory file beside the packet), or why there are none.
package nonisolated enum DecoderReply: Equatable, Sendable {
  /// The layout of the pixels in the memory file sent with the packet: 8-bit RGB or
  /// RGBA rows of `rowstride` bytes, as gdk-pixbuf lays them out, or (`isSurface`)
  /// cairo's ARGB32 or RGB24 rows; what `DecodedImage` needs besides (the size at full
  /// resolution, the orientation's quarter turn, the budget cap, what the file holds
  /// beyond the still).
  package struct Pixels: Equatable, Sendable {
    package var size: PixelSize
    package var rowstride: Int
    package var hasAlpha: Bool
    package var fullSize: PixelSize
    package var isTransposed: Bool
    package var isCapped: Bool
    package var kind: ImageKind
    package var budget: Int
    /// Whether the rows are cairo's (32 bits a pixel) rather than gdk-pixbuf's.
    package var isSurface = false

    /// Bytes per pixel.
    var channels: Int { isSurface || hasAlpha ? 4 : 3 }
    /// The bytes the pixels take: every row but the last is `rowstride` long.
    var byteCount: Int {
      size.height <= 0 ? 0 : rowstride * (size.height - 1) + size.width * channels
    }
    /// Whether the layout is one a pixbuf (or a cairo surface) can wrap: positive
    /// sizes, rows long enough (exactly cairo's stride for a surface).
    var isValid: Bool {
      size.width > 0 && size.height > 0 && fullSize.width > 0 && fullSize.height > 0
        && rowstride >= size.width * channels && rowstride <= 1 << 28
        && size.width <= 1 << 20 && size.height <= 1 << 20
        && (!isSurface || rowstride == size.width * 4)
    }
  }

  /// The layout of a render in the memory file sent with the packet: a cairo ARGB32
  /// image (premultiplied, native-endian) of `size`, rows `stride` bytes apart.
  package struct Render: Equatable, Sendable {
    package var size: PixelSize
    package var stride: Int

    /// The bytes the render takes.
    var byteCount: Int { stride * size.height }
    /// Whether a cairo surface can wrap it: positive size, rows long enough.
    var isValid: Bool {
      size.width > 0 && size.height > 0 && size.width <= 1 << 15 && size.height <= 1 << 15
        && stride >= size.width * 4 && stride <= 1 << 20
    }
  }

  /// Decoded; the pixels come with the packet.
  case decoded(Pixels)
  /// Rendered; the pixels come with the packet.
  case rendered(Render)
  /// Not decoded, for the reason in the message (the decoder's words, translated).
  case failed(String)
  /// Stopped at the app's request (`cancelPacket`).
  case cancelled
  /// The helper's last words: it is about to end (out of memory inside a loader, which
  /// GLib ends the process for), for the reason in the message.
  case ending(String)

  private enum Status: Int64 {
    case decoded = 0
    case failed = 1
    case cancelled = 2
    case rendered = 3
    case ending = 4
  }

  /// The packet.
  var encoded: [UInt8] {
    var fields = Fields()
    switch self {
    case .decoded(let pixels):
      fields.append(Status.decoded.rawValue)
      for value in [
        pixels.size.width, pixels.size.height, pixels.rowstride, pixels.hasAlpha ? 1 : 0,
        pixels.fullSize.width, pixels.fullSize.height, pixels.isTransposed ? 1 : 0,
        pixels.isCapped ? 1 : 0, pixels.kind.rawValue, pixels.budget, pixels.isSurface ? 1 : 0,
      ] {
        fields.append(Int64(value))
      }
      return fields.bytes
    case .failed(let message), .ending(let message):
      if case .ending = self {
        fields.append(Status.ending.rawValue)
      } else {
        fields.append(Status.failed.rawValue)
      }
      // Cut to fit a packet, at a character boundary.
      var text = Array(message.utf8)
      if text.count > DecoderRequest.maximumPacket / 2 {
        text = Array(
          String(decoding: text.prefix(DecoderRequest.maximumPacket / 2), as: UTF8.self).utf8)
      }
      return fields.bytes + text
    case .cancelled:
      fields.append(Status.cancelled.rawValue)
      return fields.bytes
    case .rendered(let render):
      fields.append(Status.rendered.rawValue)
      for value in [render.size.width, render.size.height, render.stride] {
        fields.append(Int64(value))
      }
      return fields.bytes
    }
  }

  /// The reply in `packet`, or `nil` when it is not one.
  init?(packet: [UInt8]) {
    var reader = FieldReader(packet)
    guard let raw = reader.next(), let status = Status(rawValue: raw) else { return nil }
    switch status {
    case .cancelled:
      self = .cancelled
    case .rendered:
      var values: [Int] = []
      for _ in 0..<3 {
        guard let value = reader.next(), value >= 0, value <= Int64(Int32.max) else { return nil }
        values.append(Int(value))
      }
      self = .rendered(
        Render(size: PixelSize(width: values[0], height: values[1]), stride: values[2]))
    case .failed:
      self = .failed(String(decoding: reader.rest, as: UTF8.self))
    case .ending:
      self = .ending(String(decoding: reader.rest, as: UTF8.self))
    case .decoded:
      var values: [Int] = []
      for _ in 0..<11 {
        guard let value = reader.next(), value >= 0, value <= Int64(Int32.max) else { return nil }
        values.append(Int(value))
      }
      guard let kind = ImageKind(rawValue: values[8]) else { return nil }
      self = .decoded(
        Pixels(
          size: PixelSize(width: values[0], height: values[1]), rowstride: values[2],
          hasAlpha: values[3] != 0, fullSize: PixelSize(width: values[4], height: values[5]),
          isTransposed: values[6] != 0, isCapped: values[7] != 0, kind: kind,
          budget: values[9], isSurface: values[10] != 0))
    }
  }
}

/// Sends `packet` (with `descriptor`, if any) on `socket`; whether it went whole.
nonisolated func sendPacket(_ packet: [UInt8], on socket: Int32, with descriptor: Int32 = -1)
  -> Bool
{
  packet.withUnsafeBytes { cipc_send(socket, $0.baseAddress, $0.count, descriptor) } == packet.count
}

/// Receives one packet from `socket`, with the descriptor sent along (-1 if none); `nil`
/// at the end of the stream (the other side closed or died) or on an error.
nonisolated func receivePacket(on socket: Int32) -> (packet: [UInt8], descriptor: Int32)? {
  var buffer = [UInt8](repeating: 0, count: DecoderRequest.maximumPacket)
  var descriptor: Int32 = -1
  let count = buffer.withUnsafeMutableBytes {
    cipc_receive(socket, $0.baseAddress, $0.count, &descriptor)
  }
  guard count > 0 else {
    if descriptor >= 0 { close(descriptor) }
    return nil
  }
  return (Array(buffer.prefix(count)), descriptor)
}

/// Little-endian `Int64` fields, written.
nonisolated private struct Fields {
  var bytes: [UInt8] = []
  mutating func append(_ value: Int64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
}

/// Little-endian `Int64` fields, read in order, then the bytes after them.
nonisolated private struct FieldReader {
  let bytes: [UInt8]
  var offset = 0
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func next() -> Int64? {
    guard offset + 8 <= bytes.count else { return nil }
    var value: Int64 = 0
    for index in (0..<8).reversed() { value = value << 8 | Int64(bytes[offset + index]) }
    offset += 8
    return value
  }

  var rest: ArraySlice<UInt8> { bytes[offset...] }
}
