// The two librsvg types the viewer uses, for rendering SVG images at its zoom
// (ImageBrowserPlatform only). librsvg is not linked: SvgDocument opens it with dlopen the
// first time an SVG is rendered sharp (see LibRsvg there), so start-up never loads its
// 11 MB; nor is its header included, since that needs pkg-config's flags, and with them
// SwiftPM links the library. The declarations match librsvg 2.46 and later (rsvg.h).
#ifndef CRSVG_SHIM_H
#define CRSVG_SHIM_H

// An SVG document (a GObject); only ever handled by pointer.
typedef struct _RsvgHandle RsvgHandle;

// The viewport rsvg_handle_render_document draws the document into, in user units.
typedef struct {
  double x;
  double y;
  double width;
  double height;
} RsvgRectangle;

#endif
