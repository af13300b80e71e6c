// An 8-bit HEIC picture in planes (RGB, or YCbCr), made RGB at the size shown.
import CHeif
import CImaging
import Foundation
import ImageBrowserCore

/// The three 8-bit planes of a picture libheif decoded without interleaving them: R, G
/// and B (what our HEVC plugin, `CHEVCPlugin`, hands libheif 1.15, and what libheif
/// gives when asked for nothing in particular: it converts HEVC's YCbCr itself), or Y,
/// Cb and Cr (4:2:0, 4:2:2 or 4:4:4, with the matrix and range
/// of its `nclx` profile) from a libheif that hands them on as decoded.
///
/// `pixbuf(covering:)` interleaves them into RGB at the largest reduction by 1, 2, 4 or
/// 8 that still covers the size shown, each output pixel the average of the block of
/// samples it stands for: the picture is made RGB once, at the reduced size, instead of
/// interleaved whole and then scaled. At full size YCbCr's chroma is taken from the
/// nearest sample, as libheif's own converter does, so both give the same pixels within
/// rounding.
nonisolated struct PlanarImage {
  private struct Plane {
    let pixels: UnsafePointer<UInt8>
    let stride: Int
  }

  /// Y or R; Cb or G; Cr or B.
  private let luma: Plane
  private let blue: Plane
  private let red: Plane
  let width: Int
  let height: Int
  /// How many columns and rows of the first plane share a sample of the other two, as
  /// shifts (0 or 1).
  private let shiftX: Int
  private let shiftY: Int
  /// Whether the planes are R, G and B (stored as they are).
  private let isRGB: Bool
  /// The conversion, in 16-bit fixed point: R = Y' + rCr·Cr, G = Y' − gCb·Cb − gCr·Cr,
  /// B = Y' + bCb·Cb, with Y' = (Y − yOffset)·yScale and Cb, Cr centred on 128.
  private let yOffset: Int
  private let yScale: Int
  private let rCr: Int
  private let gCb: Int
  private let gCr: Int
  private let bCb: Int

  /// The planes of `image`, or `nil` when it is not 8-bit planar RGB or YCbCr with a
  /// matrix this converts (libheif interleaves those).
  init?(_ image: LibHeif.Image, heif: LibHeif) {
    let chroma = heif.imageChroma(image)
    switch chroma {
    case heif_chroma_420: (shiftX, shiftY) = (1, 1)
    case heif_chroma_422: (shiftX, shiftY) = (1, 0)
    case heif_chroma_444: (shiftX, shiftY) = (0, 0)
    default: return nil
    }
    func plane(_ channel: heif_channel) -> Plane? {
      var stride: Int32 = 0
      // The plane first: libheif asserts when asked the depth of a channel it lacks.
      guard let pixels = heif.plane(image, channel, &stride), stride > 0,
        heif.imageBits(image, channel) == 8
      else { return nil }
      return Plane(pixels: pixels, stride: Int(stride))
    }
    isRGB = heif.imageColorspace(image) == heif_colorspace_RGB
    let channels =
      isRGB
      ? (heif_channel_R, heif_channel_G, heif_channel_B)
      : (heif_channel_Y, heif_channel_Cb, heif_channel_Cr)
    guard !isRGB || chroma == heif_chroma_444,
      let luma = plane(channels.0), let blue = plane(channels.1), let red = plane(channels.2)
    else { return nil }
    width = Int(heif.imageWidth(image, channels.0))
    height = Int(heif.imageHeight(image, channels.0))
    guard width > 0, height > 0 else { return nil }
    self.luma = luma
    self.blue = blue
    self.red = red
    // libheif's defaults when the file has no nclx profile: BT.601, full range.
    var matrix = 6
    var fullRange = true
    var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
    if !isRGB, LibHeif.failure(heif.imageNCLX(image, &nclx)) == nil, let nclx {
      matrix = Int(nclx.pointee.matrix_coefficients.rawValue)
      fullRange = nclx.pointee.full_range_flag != 0
      heif.nclxFree(nclx)
    }
    // Kr and Kb of the matrices given as constants (H.273); the others (identity,
    // YCgCo, derived from the primaries) are left to libheif.
    let kr: Double
    let kb: Double
    switch matrix {
    case 1: (kr, kb) = (0.2126, 0.0722)
    case 2, 5, 6: (kr, kb) = (0.299, 0.114)
    case 4: (kr, kb) = (0.30, 0.11)
    case 7: (kr, kb) = (0.212, 0.087)
    case 9, 10: (kr, kb) = (0.2627, 0.0593)
    default: return nil
    }
    let kg = 1 - kr - kb
    let chromaScale = fullRange ? 1.0 : 255.0 / 224.0
    func fixed(_ value: Double) -> Int { Int((value * 65536).rounded()) }
    yOffset = fullRange ? 0 : 16
    yScale = fixed(fullRange ? 1 : 255.0 / 219.0)
    rCr = fixed((2 - 2 * kr) * chromaScale)
    bCb = fixed((2 - 2 * kb) * chromaScale)
    gCb = fixed(kb * (2 - 2 * kb) / kg * chromaScale)
    gCr = fixed(kr * (2 - 2 * kr) / kg * chromaScale)
  }

  /// The reduction by 1, 2, 4 or 8 converted for a picture shown at `wanted`: the
  /// largest whose size still covers it.
  func factor(covering wanted: PixelSize) -> Int {
    [8, 4, 2].first { factor in
      (width + factor - 1) / factor >= wanted.width
        && (height + factor - 1) / factor >= wanted.height
    } ?? 1
  }

  /// A new RGB pixbuf of the picture reduced by `factor(covering: wanted)`; `nil` when
  /// its memory cannot be had.
  func pixbuf(covering wanted: PixelSize) -> OpaquePointer? {
    let factor = factor(covering: wanted)
    let outWidth = (width + factor - 1) / factor
    let outHeight = (height + factor - 1) / factor
    guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(outWidth), Int32(outHeight)),
      let output = gdk_pixbuf_get_pixels(pixbuf)
    else { return nil }
    let outStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    if factor == 1 {
      for row in 0..<height {
        convertRow(row, into: output + row * outStride)
      }
    } else {
      averageRows(factor: factor, outWidth: outWidth, outHeight: outHeight) { row, target in
        output + row * outStride
      }
    }
    return pixbuf
  }

  /// One RGB pixel from a luma value and centred chroma values.
  @inline(__always)
  private func store(
    _ y: Int, _ cb: Int, _ cr: Int, at target: UnsafeMutablePointer<UInt8>
  ) {
    if isRGB {
      // R, G − 128, B − 128: the planes as they are.
      target[0] = UInt8(truncatingIfNeeded: y)
      target[1] = UInt8(truncatingIfNeeded: cb &+ 128)
      target[2] = UInt8(truncatingIfNeeded: cr &+ 128)
      return
    }
    let base = (y &- yOffset) &* yScale &+ 32768
    target[0] = Self.clamp((base &+ rCr &* cr) >> 16)
    target[1] = Self.clamp((base &- gCb &* cb &- gCr &* cr) >> 16)
    target[2] = Self.clamp((base &+ bCb &* cb) >> 16)
  }

  @inline(__always)
  private static func clamp(_ value: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
  }

  /// Row `row` at full size, each pixel with its nearest chroma sample.
  private func convertRow(_ row: Int, into target: UnsafeMutablePointer<UInt8>) {
    let y = luma.pixels + row * luma.stride
    let chromaRow = (row >> shiftY)
    let cb = blue.pixels + chromaRow * blue.stride
    let cr = red.pixels + chromaRow * red.stride
    var out = target
    for column in 0..<width {
      let chromaColumn = column >> shiftX
      store(
        Int(y[column]), Int(cb[chromaColumn]) &- 128, Int(cr[chromaColumn]) &- 128, at: out)
      out += 3
    }
  }

  /// Every output row of the picture reduced by `factor`, each pixel the average of its
  /// block of first-plane samples and of the other planes' samples under that block.
  private func averageRows(
    factor: Int, outWidth: Int, outHeight: Int,
    target: (Int, Int) -> UnsafeMutablePointer<UInt8>
  ) {
    let chromaWidth = (width + (1 << shiftX) - 1) >> shiftX
    let chromaHeight = (height + (1 << shiftY) - 1) >> shiftY
    let chromaFactorX = max(1, factor >> shiftX)
    let chromaFactorY = max(1, factor >> shiftY)
    for outRow in 0..<outHeight {
      let top = outRow * factor
      let rows = min(factor, height - top)
      let chromaTop = top >> shiftY
      let chromaRows = min(chromaFactorY, chromaHeight - chromaTop)
      var out = target(outRow, outWidth)
      var firstColumn = 0
      if factor == 2, shiftX == 0, shiftY == 0, rows == 2 {
        // The viewer's usual case (a phone's photo in a window): halving planes of one
        // size, two rows at a time, without the general loop's bookkeeping.
        let whole = width >> 1
        halveRows(top: top, columns: whole, into: out)
        out += whole * 3
        firstColumn = whole
      }
      for outColumn in firstColumn..<outWidth {
        let left = outColumn * factor
        let columns = min(factor, width - left)
        let chromaLeft = left >> shiftX
        let chromaColumns = min(chromaFactorX, chromaWidth - chromaLeft)
        let y = Self.average(luma, left, top, columns, rows)
        let cb = Self.average(blue, chromaLeft, chromaTop, chromaColumns, chromaRows) &- 128
        let cr = Self.average(red, chromaLeft, chromaTop, chromaColumns, chromaRows) &- 128
        store(y, cb, cr, at: out)
        out += 3
      }
    }
  }

  /// Output pixels 0..<`columns` of the rows `top` and `top + 1` halved, when all three
  /// planes have the same size.
  private func halveRows(top: Int, columns: Int, into target: UnsafeMutablePointer<UInt8>) {
    let y0 = luma.pixels + top &* luma.stride
    let y1 = y0 + luma.stride
    let b0 = blue.pixels + top &* blue.stride
    let b1 = b0 + blue.stride
    let r0 = red.pixels + top &* red.stride
    let r1 = r0 + red.stride
    var out = target
    var x = 0
    for _ in 0..<columns {
      let y =
        (Int(y0[x]) &+ Int(y0[x &+ 1]) &+ Int(y1[x]) &+ Int(y1[x &+ 1]) &+ 2) >> 2
      let cb =
        (Int(b0[x]) &+ Int(b0[x &+ 1]) &+ Int(b1[x]) &+ Int(b1[x &+ 1]) &+ 2) >> 2
      let cr =
        (Int(r0[x]) &+ Int(r0[x &+ 1]) &+ Int(r1[x]) &+ Int(r1[x &+ 1]) &+ 2) >> 2
      store(y, cb &- 128, cr &- 128, at: out)
      out += 3
      x &+= 2
    }
  }

  /// The rounded average of the `columns` × `rows` samples of `plane` from `left`, `top`.
  @inline(__always)
  private static func average(
    _ plane: Plane, _ left: Int, _ top: Int, _ columns: Int, _ rows: Int
  ) -> Int {
    var sum = 0
    var line = plane.pixels + (top &* plane.stride &+ left)
    for _ in 0..<rows {
      for column in 0..<columns { sum &+= Int(line[column]) }
      line += plane.stride
    }
    let count = columns &* rows
    return (sum &+ count >> 1) / count
  }
}
