// The browse grid's cell names, laid out once and kept as small images.
import CCairo  // cairo, for the images
import Foundation
import GtkReactive

/// The names under the browse grid's cells, each shortened in the middle to fit its
/// cell, laid out by Pango once and kept as a small opaque image on the cell's
/// background, so a frame paints a name with one copy. Laying the names out again in
/// every frame (a Pango layout to measure and one to draw, for every cell in view)
/// was most of what a frame of the scrolling grid cost.
///
/// The image is opaque (the grid's background, or the picked cells' highlight, behind
/// the text) so the text keeps the window's subpixel antialiasing: glyphs drawn with it
/// on a transparent image would lose their colour fringes when painted.
@MainActor
final class GridCaptions {
  /// A name as laid out: its image and its size in points.
  private struct Caption {
    let surface: OpaquePointer
    let width: Double
    let height: Double
    /// The paint that last used it: names off screen go first when the cache is full.
    var lastUse: Int
  }

  /// What the cache is keyed by: the file (so the name to show is not made again for
  /// every frame), once per background.
  private struct Key: Hashable {
    let url: URL
    let picked: Bool
  }

  /// The background behind a name: the grid's and the picked cells' highlight (RGB).
  static let background = (0x24 / 255.0, 0x24 / 255.0, 0x26 / 255.0)
  static let pickedBackground = (0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0)

  private let font: String
  private let limit: Int
  private var cache: [Key: Caption] = [:]
  /// Names shortened to a width, by text (measuring is the costly part of shortening).
  private var shortened: [String: String] = [:]
  private var room: Double = 0
  private var scale = 1
  private var paints = 0
  /// How many names have been laid out (for tests: once each while they stay in view).
  private(set) var layouts = 0
  /// How many laid-out names are kept now (for tests).
  var held: Int { cache.count }

  /// Captions in `font`; at most `limit` kept beyond those on screen.
  init(font: String, limit: Int = 256) {
    self.font = font
    self.limit = limit
  }

  isolated deinit {
    for caption in cache.values { cairo_surface_destroy(caption.surface) }
  }

  /// Starts a paint of the grid: names must fit `room` points at device scale `scale`
  /// (the cache is dropped when either changed).
  func beginPaint(room: Double, scale: Int) {
    paints += 1
    guard room != self.room || scale != self.scale else { return }
    clear()
    self.room = room
    self.scale = scale
  }

  /// Drops every laid-out name (the theme's font or the cells' size changed).
  func clear() {
    for caption in cache.values { cairo_surface_destroy(caption.surface) }
    cache = [:]
    shortened = [:]
  }

  /// Paints the name of the file at `url` (`name`, asked for only the first time),
  /// shortened to fit, centred on `centreX` with its top at `top`, over the grid's
  /// background or, when `picked`, the highlight.
  func paint(
    _ name: @autoclosure () -> String, of url: URL, centreX: Double, top: Double, picked: Bool,
    on cr: OpaquePointer
  ) {
    let key = Key(url: url, picked: picked)
    let caption: Caption
    if var known = cache[key] {
      known.lastUse = paints
      cache[key] = known
      caption = known
    } else {
      guard let made = make(name(), picked: picked, like: cr) else { return }
      evictIfFull()
      cache[key] = made
      caption = made
    }
    cairo_set_source_surface(cr, caption.surface, (centreX - caption.width / 2).rounded(), top)
    cairo_paint(cr)
  }

  /// Lays `name` out once, on its background, at the device scale.
  private func make(_ name: String, picked: Bool, like target: OpaquePointer) -> Caption? {
    let context = CairoContext(borrowing: target)
    let text = shortenedText(name, context: context)
    layouts += 1
    let size = context.measureText(text, font: font)
    let width = max(1, size.width.rounded(.up))
    let height = max(1, size.height.rounded(.up))
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, Int32(width) * Int32(scale), Int32(height) * Int32(scale))
    else { return nil }
    cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
    guard let cr = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      return nil
    }
    defer { cairo_destroy(cr) }
    // The window's font options (antialiasing, hinting), so the name looks as it would
    // drawn straight into the window.
    let options = cairo_font_options_create()
    cairo_surface_get_font_options(cairo_get_target(target), options)
    cairo_set_font_options(cr, options)
    cairo_font_options_destroy(options)
    let back = picked ? Self.pickedBackground : Self.background
    cairo_set_source_rgb(cr, back.0, back.1, back.2)
    cairo_paint(cr)
    cairo_set_source_rgb(cr, 0.9, 0.9, 0.9)
    CairoContext(borrowing: cr).drawText(text, x: 0, y: 0, font: font)
    cairo_surface_flush(surface)
    return Caption(surface: surface, width: width, height: height, lastUse: paints)
  }

  /// Over the limit, drops the names this paint has not used (those scrolled away).
  private func evictIfFull() {
    guard cache.count >= limit else { return }
    for (key, caption) in cache where caption.lastUse != paints {
      cairo_surface_destroy(caption.surface)
      cache[key] = nil
    }
    if shortened.count > 4 * limit { shortened = [:] }
  }

  /// `text` shortened in the middle with an ellipsis to fit the room, measured once.
  private func shortenedText(_ text: String, context: CairoContext) -> String {
    if let known = shortened[text] { return known }
    var result = text
    if context.measureText(text, font: font).width > room {
      let characters = Array(text)
      var keep = characters.count
      while keep > 2 {
        keep -= max(1, keep / 8)
        let head = characters.prefix((keep + 1) / 2)
        let tail = characters.suffix(keep / 2)
        result = String(head) + "…" + String(tail)
        if context.measureText(result, font: font).width <= room { break }
      }
    }
    shortened[text] = result
    return result
  }
}
