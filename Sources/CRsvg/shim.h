// librsvg, for rendering SVG images at the viewer's zoom (ImageBrowserPlatform only).
#ifndef CRSVG_SHIM_H
#define CRSVG_SHIM_H

#include <librsvg/rsvg.h>

#endif
