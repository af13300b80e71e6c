// Little CMS 2, for applying embedded ICC profiles (ImageBrowserPlatform only).
#ifndef CLCMS2_SHIM_H
#define CLCMS2_SHIM_H

#include <lcms2.h>

// TYPE_RGB_8 and TYPE_RGBA_8 are macros built from shifts Swift does not import.
static inline cmsUInt32Number clcms2_type_rgb_8(void) { return TYPE_RGB_8; }
static inline cmsUInt32Number clcms2_type_rgba_8(void) { return TYPE_RGBA_8; }
// Cairo's ARGB32 pixels in memory: premultiplied B, G, R, A on little-endian machines,
// A, R, G, B on big-endian ones.
static inline cmsUInt32Number clcms2_type_bgra_8_premul(void) { return TYPE_BGRA_8_PREMUL; }
static inline cmsUInt32Number clcms2_type_argb_8_premul(void) { return TYPE_ARGB_8_PREMUL; }

#endif
