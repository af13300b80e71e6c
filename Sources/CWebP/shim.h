// libwebp's demuxer and animation decoder, for playing animated WebP (ImageBrowserPlatform
// only). The ABI-checking initializers (WebPDemux, WebPAnimDecoderNew, …) are static
// inline functions in demux.h, which Swift imports as they are.
#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H

#include <webp/decode.h>
#include <webp/demux.h>

#endif
