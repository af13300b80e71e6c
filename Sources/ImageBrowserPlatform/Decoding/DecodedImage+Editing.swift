// Showing a crop or a resize before it is saved: the decoded pixels cut and scaled.
import CImaging
import ImageBrowserCore

nonisolated extension DecodedImage {
  /// This image edited by `edit` for the viewer: turned, then the crop cut out and
  /// scaled to the edit's size, with a cairo surface ready; itself turned only when the
  /// edit keeps every pixel, and when memory runs out.
  ///
  /// The image may be decoded smaller than its file (to fit the viewer): the crop is in
  /// the file's pixels, so it is cut at the decoded scale, and the result is no larger
  /// than that scale gives (`fullSize` says the edited size at full resolution). An
  /// animation or an SVG shows as a still of its first frame or raster.
  package func edited(by edit: ImageEdit) -> DecodedImage {
    let turned = transformed(by: edit.orientation)
    guard edit.changesPixels, let source = turned.newSurfaceReference() else { return turned }
    defer { cairo_surface_destroy(source) }
    let full = turned.fullSize
    let crop = edit.crop ?? PixelRect(full)
    let output = edit.size ?? crop.size
    let scaleX = Double(turned.size.width) / Double(max(full.width, 1))
    let scaleY = Double(turned.size.height) / Double(max(full.height, 1))
    // No more pixels than the edited image has, nor than the decoded ones give.
    let shrink = min(1, max(scaleX, scaleY))
    let width = max(1, Int((Double(output.width) * shrink).rounded()))
    let height = max(1, Int((Double(output.height) * shrink).rounded()))
    guard
      let result = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(result) == CAIRO_STATUS_SUCCESS
    else { return turned }
    let cr = cairo_create(result)
    cairo_scale(
      cr, Double(width) / (Double(crop.width) * scaleX),
      Double(height) / (Double(crop.height) * scaleY))
    cairo_translate(cr, -Double(crop.x) * scaleX, -Double(crop.y) * scaleY)
    cairo_set_source_surface(cr, source, 0, 0)
    // The edges of the crop take no colour from outside it.
    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_rectangle(
      cr, Double(crop.x) * scaleX, Double(crop.y) * scaleY, Double(crop.width) * scaleX,
      Double(crop.height) * scaleY)
    cairo_fill(cr)
    cairo_destroy(cr)
    cairo_surface_flush(result)
    return DecodedImage(
      surface: CairoSurface(takingOwnership: result), fullSize: output, kind: .still)
  }
}
