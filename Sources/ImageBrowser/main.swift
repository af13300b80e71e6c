// The image browser's entry point: `image-browser [FOLDER | FILE…]`.
import Foundation
import ImageBrowserCore
import ImageBrowserPlatform

// Decoded images are megabytes each and come and go with every page; decoding runs on
// a few threads.
ImageHeap.tune(arenas: 2)

// The browser paints with cairo only. Without this GDK opens GLX at start-up, which on
// Mesa loads the software rasterizer and LLVM: 45 MB of memory and a slower launch for
// nothing. A user's own GDK_GL setting wins.
setenv("GDK_GL", "disable", 0)

// Messages in the user's language: the catalogues beside the samples (resources/locale).
Localization.start(catalogues: Samples.catalogues())

// The decoder helpers (Docs/ImageBrowser.md, "Decoder helpers"): the viewer's first one
// starts now, beside GTK's start-up, so the first image does not wait for a process; then
// one of the thumbnails' (lower priority), so the first thumbnails do not either.
_ = ImageDecoding.shared
_ = ImageDecoding.thumbnails

// gdk-pixbuf's SVG module (librsvg and its libraries), which GTK's first SVG-only
// symbolic icon needs in the first frame, loads on a thread of its own meanwhile.
SvgLoaderWarmUp.start()

let app = BrowserApplication()
exit(app.run())
