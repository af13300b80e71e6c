// A libheif decoder plugin for HEVC that hands libheif planar RGB it need not convert.
#ifndef IB_HEVC_PLUGIN_H
#define IB_HEVC_PLUGIN_H

// libheif's types are not named here: its header belongs to the CHeif module, and a
// second module including it would claim its declarations from Swift's point of view.
struct heif_decoder_plugin;

/// The plugin, for `heif_register_decoder` on one context; NULL when libde265 or
/// libheif cannot be opened. Both are opened on the first call (never closed).
const struct heif_decoder_plugin* ib_hevc_plugin(void);

/// Decodes `handle` (a `struct heif_image_handle*`) of `context` (a `struct
/// heif_context*`) with `options` (`const struct heif_decoding_options*`, may be NULL)
/// as `heif_decode_image` does when asked for no colourspace in particular, through the
/// plugin: an 8-bit picture comes out as planar RGB converted here, with the matrix and
/// range of the handle's `colr` box, else of the bitstream. Without the plugin (no
/// libde265), through libheif's own. Sets `*image` (a `struct heif_image*`) and returns
/// 0, or returns libheif's error code with its message in `*message`. Registers the
/// plugin on `context`: its alpha pictures would go through it too, so call this only
/// for pictures without alpha.
int ib_hevc_decode(void* context, const void* handle, const void* options, void** image,
                   const char** message);

/// The matrix coefficients (H.273) and range of the picture the calling thread decodes
/// next; -1, -1 to take the bitstream's own (its VUI). `ib_hevc_decode` sets them from
/// the handle. Read by decodes on the calling thread only: a grid's tiles, decoded on
/// libheif's threads, take their bitstreams' values, as libheif's own conversion does.
void ib_hevc_plugin_set_nclx(int matrix_coefficients, int full_range);

/// How many threads convert one picture to RGB and how many workers libde265 gets
/// (0: decoding on the calling thread alone). Process-wide; by default the processors
/// this process may run on, at most 4 (workers 0 on one processor).
void ib_hevc_plugin_set_threads(int converting, int decoding);

/// How many pictures the plugin has converted to RGB itself on the calling thread (the
/// others it handed libheif as YCbCr): what the tests check the plugin's use by.
long ib_hevc_plugin_converted(void);

#endif
