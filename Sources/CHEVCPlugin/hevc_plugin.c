// libheif 1.15 converts whatever its libde265 plugin returns from YCbCr to RGB at full
// size, per pixel in floating point, before the caller can say what it wants; asked for
// YCbCr it converts to RGB and back. A plugin that returns planar RGB itself is left
// alone (libheif converts only when the plugin's colourspace differs from RGB), so this
// one decodes with libde265 and converts with integer arithmetic the compiler
// vectorizes, split over threads. Pictures it does not convert (monochrome, more than
// 8 bits, matrices other than Kr/Kb ones) go back to libheif as YCbCr, as its own
// plugin returns them. Both libraries are opened with dlopen: the decoder helpers load
// neither until they meet a HEIC.
#define _GNU_SOURCE
#include "hevc_plugin.h"

#include <dlfcn.h>
#include <libde265/de265.h>
#include <libheif/heif.h>
#include <libheif/heif_plugin.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// --- the libraries' functions, looked up once

static struct {
  de265_error (*init)(void);
  de265_decoder_context* (*new_decoder)(void);
  de265_error (*start_worker_threads)(de265_decoder_context*, int);
  de265_error (*free_decoder)(de265_decoder_context*);
  de265_error (*push_NAL)(de265_decoder_context*, const void*, int, de265_PTS, void*);
  de265_error (*flush_data)(de265_decoder_context*);
  de265_error (*decode)(de265_decoder_context*, int*);
  const struct de265_image* (*get_next_picture)(de265_decoder_context*);
  void (*release_next_picture)(de265_decoder_context*);
  const char* (*get_error_text)(de265_error);
  int (*image_width)(const struct de265_image*, int);
  int (*image_height)(const struct de265_image*, int);
  enum de265_chroma (*chroma_format)(const struct de265_image*);
  int (*bits_per_pixel)(const struct de265_image*, int);
  const uint8_t* (*image_plane)(const struct de265_image*, int, int*);
  int (*full_range_flag)(const struct de265_image*);
  int (*colour_primaries)(const struct de265_image*);
  int (*transfer_characteristics)(const struct de265_image*);
  int (*matrix_coefficients)(const struct de265_image*);
} de265;

static struct {
  struct heif_error (*image_create)(int, int, enum heif_colorspace, enum heif_chroma,
                                    struct heif_image**);
  struct heif_error (*add_plane)(struct heif_image*, enum heif_channel, int, int, int);
  uint8_t* (*plane)(struct heif_image*, enum heif_channel, int*);
  void (*image_release)(const struct heif_image*);
  struct heif_color_profile_nclx* (*nclx_alloc)(void);
  void (*nclx_free)(struct heif_color_profile_nclx*);
  struct heif_error (*set_nclx)(struct heif_image*, const struct heif_color_profile_nclx*);
  struct heif_error (*handle_nclx)(const struct heif_image_handle*,
                                   struct heif_color_profile_nclx**);
  struct heif_error (*register_decoder)(struct heif_context*, const struct heif_decoder_plugin*);
  struct heif_error (*decode_image)(const struct heif_image_handle*, struct heif_image**,
                                    enum heif_colorspace, enum heif_chroma,
                                    const struct heif_decoding_options*);
} heif;

static const struct heif_decoder_plugin plugin;
static const struct heif_decoder_plugin* loaded;
/// 0 and -1 until `load` or `ib_hevc_plugin_set_threads` sets them.
static atomic_int converting_threads = 0;
static atomic_int decoding_threads = -1;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define LOOK_UP(library, table, field, name)             \
  do {                                                   \
    *(void**)&table.field = dlsym(library, name);        \
    if (!table.field) return;                            \
  } while (0)

static void load(void) {
  // Both never closed: the functions stay valid for the process's life. Both are loaded
  // already when libheif is (it links libde265): opening them maps nothing new.
  void* container = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!container) return;
  LOOK_UP(container, heif, image_create, "heif_image_create");
  LOOK_UP(container, heif, add_plane, "heif_image_add_plane");
  LOOK_UP(container, heif, plane, "heif_image_get_plane");
  LOOK_UP(container, heif, image_release, "heif_image_release");
  LOOK_UP(container, heif, nclx_alloc, "heif_nclx_color_profile_alloc");
  LOOK_UP(container, heif, nclx_free, "heif_nclx_color_profile_free");
  LOOK_UP(container, heif, set_nclx, "heif_image_set_nclx_color_profile");
  LOOK_UP(container, heif, handle_nclx, "heif_image_handle_get_nclx_color_profile");
  LOOK_UP(container, heif, register_decoder, "heif_register_decoder");
  LOOK_UP(container, heif, decode_image, "heif_decode_image");
  void* decoder = dlopen("libde265.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!decoder) return;
  LOOK_UP(decoder, de265, init, "de265_init");
  LOOK_UP(decoder, de265, new_decoder, "de265_new_decoder");
  LOOK_UP(decoder, de265, start_worker_threads, "de265_start_worker_threads");
  LOOK_UP(decoder, de265, free_decoder, "de265_free_decoder");
  LOOK_UP(decoder, de265, push_NAL, "de265_push_NAL");
  LOOK_UP(decoder, de265, flush_data, "de265_flush_data");
  LOOK_UP(decoder, de265, decode, "de265_decode");
  LOOK_UP(decoder, de265, get_next_picture, "de265_get_next_picture");
  LOOK_UP(decoder, de265, release_next_picture, "de265_release_next_picture");
  LOOK_UP(decoder, de265, get_error_text, "de265_get_error_text");
  LOOK_UP(decoder, de265, image_width, "de265_get_image_width");
  LOOK_UP(decoder, de265, image_height, "de265_get_image_height");
  LOOK_UP(decoder, de265, chroma_format, "de265_get_chroma_format");
  LOOK_UP(decoder, de265, bits_per_pixel, "de265_get_bits_per_pixel");
  LOOK_UP(decoder, de265, image_plane, "de265_get_image_plane");
  LOOK_UP(decoder, de265, full_range_flag, "de265_get_image_full_range_flag");
  LOOK_UP(decoder, de265, colour_primaries, "de265_get_image_colour_primaries");
  LOOK_UP(decoder, de265, transfer_characteristics, "de265_get_image_transfer_characteristics");
  LOOK_UP(decoder, de265, matrix_coefficients, "de265_get_image_matrix_coefficients");
  if (de265.init() != DE265_OK) return;
  cpu_set_t processors;
  int count =
      sched_getaffinity(0, sizeof processors, &processors) == 0 ? CPU_COUNT(&processors) : 1;
  if (count > 4) count = 4;
  if (count < 1) count = 1;
  // Set before: the caller's choice stands.
  int unset = 0;
  atomic_compare_exchange_strong(&converting_threads, &unset, count);
  unset = -1;
  atomic_compare_exchange_strong(&decoding_threads, &unset, count > 1 ? count : 0);
  loaded = &plugin;
}

const struct heif_decoder_plugin* ib_hevc_plugin(void) {
  pthread_once(&load_once, load);
  return loaded;
}

// --- settings

static _Thread_local long converted = 0;

long ib_hevc_plugin_converted(void) { return converted; }

static _Thread_local int file_matrix = -1;
static _Thread_local int file_full_range = -1;

void ib_hevc_plugin_set_nclx(int matrix_coefficients, int full_range) {
  file_matrix = matrix_coefficients;
  file_full_range = full_range;
}

void ib_hevc_plugin_set_threads(int converting, int decoding) {
  atomic_store(&converting_threads, converting < 1 ? 1 : converting > 16 ? 16 : converting);
  atomic_store(&decoding_threads, decoding < 0 ? 0 : decoding > 16 ? 16 : decoding);
}

// --- YCbCr to RGB

/// One picture's conversion: R = Y' + rCr·Cr, G = Y' − gCb·Cb − gCr·Cr, B = Y' + bCb·Cb
/// in 16-bit fixed point, Y' = (Y − yOffset)·yScale, Cb and Cr centred on 128.
struct conversion {
  const uint8_t* luma;
  const uint8_t* cb;
  const uint8_t* cr;
  int luma_stride, cb_stride, cr_stride;
  uint8_t* red;
  uint8_t* green;
  uint8_t* blue;
  int red_stride, green_stride, blue_stride;
  int width, height;
  int shift_x, shift_y;
  int32_t y_offset, y_scale, r_cr, g_cb, g_cr, b_cb;
  /// Rows first..<last of this band.
  int first, last;
  int failed;
};

static inline uint8_t clamp(int32_t value) {
  return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

static void* convert_band(void* argument) {
  struct conversion* c = argument;
  int width = c->width;
  // The chroma terms of one chroma row, one value per luma column: the luma loop then
  // reads every array at the same index and vectorizes.
  int32_t* terms = malloc(sizeof(int32_t) * 3 * (size_t)width);
  if (!terms) {
    c->failed = 1;
    return NULL;
  }
  int32_t* red_terms = terms;
  int32_t* green_terms = terms + width;
  int32_t* blue_terms = terms + 2 * (size_t)width;
  int chroma_row = -1;
  for (int row = c->first; row < c->last; row++) {
    if (row >> c->shift_y != chroma_row) {
      chroma_row = row >> c->shift_y;
      const uint8_t* cb = c->cb + (size_t)chroma_row * c->cb_stride;
      const uint8_t* cr = c->cr + (size_t)chroma_row * c->cr_stride;
      if (c->shift_x) {
        for (int x = 0; x < width; x++) {
          int32_t blue = cb[x >> 1] - 128, red = cr[x >> 1] - 128;
          red_terms[x] = c->r_cr * red + 32768;
          green_terms[x] = 32768 - c->g_cb * blue - c->g_cr * red;
          blue_terms[x] = c->b_cb * blue + 32768;
        }
      } else {
        for (int x = 0; x < width; x++) {
          int32_t blue = cb[x] - 128, red = cr[x] - 128;
          red_terms[x] = c->r_cr * red + 32768;
          green_terms[x] = 32768 - c->g_cb * blue - c->g_cr * red;
          blue_terms[x] = c->b_cb * blue + 32768;
        }
      }
    }
    const uint8_t* y = c->luma + (size_t)row * c->luma_stride;
    uint8_t* r = c->red + (size_t)row * c->red_stride;
    uint8_t* g = c->green + (size_t)row * c->green_stride;
    uint8_t* b = c->blue + (size_t)row * c->blue_stride;
    int32_t offset = c->y_offset, scale = c->y_scale;
    for (int x = 0; x < width; x++) {
      int32_t base = (y[x] - offset) * scale;
      r[x] = clamp((base + red_terms[x]) >> 16);
      g[x] = clamp((base + green_terms[x]) >> 16);
      b[x] = clamp((base + blue_terms[x]) >> 16);
    }
  }
  free(terms);
  return NULL;
}

/// Kr and Kb of the matrices given as constants (H.273), as libheif takes them; 0 for
/// the others (identity, YCgCo, derived from the primaries), which libheif converts.
static int kr_kb(int matrix, double* kr, double* kb) {
  switch (matrix) {
    case 1: *kr = 0.2126, *kb = 0.0722; return 1;
    case 4: *kr = 0.30, *kb = 0.11; return 1;
    case 5: case 6: *kr = 0.299, *kb = 0.114; return 1;
    case 7: *kr = 0.212, *kb = 0.087; return 1;
    case 9: case 10: *kr = 0.2627, *kb = 0.0593; return 1;
    // Unspecified or reserved: libheif's default, BT.601.
    case 2: case 3: *kr = 0.299, *kb = 0.114; return 1;
    default: return 0;
  }
}

static int32_t fixed(double value) { return (int32_t)(value * 65536 + (value < 0 ? -0.5 : 0.5)); }

static const char no_memory[] = "Out of memory";
static const char no_picture[] = "No picture decoded";
static const char success[] = "Success";

static struct heif_error plugin_error(enum heif_suberror_code code, const char* message) {
  struct heif_error error = {heif_error_Decoder_plugin_error, code, message};
  return error;
}

/// `picture` as planar 8-bit RGB, or NULL with `*error` set; NULL with no error when
/// this does not convert it.
static struct heif_image* to_rgb(const struct de265_image* picture, int matrix, int full_range,
                                 struct heif_error* error) {
  enum de265_chroma chroma = de265.chroma_format(picture);
  double kr, kb;
  if (chroma == de265_chroma_mono || !kr_kb(matrix, &kr, &kb)) return NULL;
  for (int c = 0; c < 3; c++)
    if (de265.bits_per_pixel(picture, c) != 8) return NULL;
  struct conversion c = {0};
  c.width = de265.image_width(picture, 0);
  c.height = de265.image_height(picture, 0);
  c.shift_x = chroma == de265_chroma_444 ? 0 : 1;
  c.shift_y = chroma == de265_chroma_420 ? 1 : 0;
  if (c.width <= 0 || c.height <= 0 ||
      de265.image_width(picture, 1) < (c.width + c.shift_x) >> c.shift_x ||
      de265.image_height(picture, 1) < (c.height + c.shift_y) >> c.shift_y ||
      de265.image_width(picture, 2) < (c.width + c.shift_x) >> c.shift_x ||
      de265.image_height(picture, 2) < (c.height + c.shift_y) >> c.shift_y) {
    *error = plugin_error(heif_suberror_Invalid_image_size, no_picture);
    return NULL;
  }
  c.luma = de265.image_plane(picture, 0, &c.luma_stride);
  c.cb = de265.image_plane(picture, 1, &c.cb_stride);
  c.cr = de265.image_plane(picture, 2, &c.cr_stride);
  if (!c.luma || !c.cb || !c.cr) {
    *error = plugin_error(heif_suberror_Unspecified, no_picture);
    return NULL;
  }
  double kg = 1 - kr - kb;
  double chroma_scale = full_range ? 1.0 : 255.0 / 224.0;
  c.y_offset = full_range ? 0 : 16;
  c.y_scale = fixed(full_range ? 1.0 : 255.0 / 219.0);
  c.r_cr = fixed((2 - 2 * kr) * chroma_scale);
  c.b_cb = fixed((2 - 2 * kb) * chroma_scale);
  c.g_cb = fixed(kb * (2 - 2 * kb) / kg * chroma_scale);
  c.g_cr = fixed(kr * (2 - 2 * kr) / kg * chroma_scale);

  struct heif_image* image = NULL;
  struct heif_error made = heif.image_create(c.width, c.height, heif_colorspace_RGB,
                                             heif_chroma_444, &image);
  if (made.code != heif_error_Ok) {
    *error = made;
    return NULL;
  }
  enum heif_channel channels[3] = {heif_channel_R, heif_channel_G, heif_channel_B};
  uint8_t* planes[3];
  int strides[3];
  for (int p = 0; p < 3; p++) {
    made = heif.add_plane(image, channels[p], c.width, c.height, 8);
    planes[p] = made.code == heif_error_Ok ? heif.plane(image, channels[p], &strides[p]) : NULL;
    if (!planes[p]) {
      heif.image_release(image);
      *error =
          made.code != heif_error_Ok ? made : plugin_error(heif_suberror_Unspecified, no_memory);
      return NULL;
    }
  }
  c.red = planes[0], c.green = planes[1], c.blue = planes[2];
  c.red_stride = strides[0], c.green_stride = strides[1], c.blue_stride = strides[2];

  // Bands of whole chroma rows, the first on this thread. A band whose thread cannot be
  // started is converted here too.
  enum { most = 16 };
  int bands = atomic_load(&converting_threads);
  if (bands < 1) bands = 1;
  if (bands > c.height / 64) bands = c.height / 64 > 0 ? c.height / 64 : 1;
  struct conversion band[most];
  pthread_t threads[most];
  int started[most] = {0};
  int step = ((c.height + bands - 1) / bands + 1) & ~1;
  for (int i = 0; i < bands; i++) {
    band[i] = c;
    band[i].first = i * step < c.height ? i * step : c.height;
    band[i].last = (i + 1) * step < c.height ? (i + 1) * step : c.height;
  }
  for (int i = 1; i < bands; i++)
    started[i] = pthread_create(&threads[i], NULL, convert_band, &band[i]) == 0;
  convert_band(&band[0]);
  int failed = band[0].failed;
  for (int i = 1; i < bands; i++) {
    if (started[i])
      pthread_join(threads[i], NULL);
    else
      convert_band(&band[i]);
    failed |= band[i].failed;
  }
  if (failed) {
    heif.image_release(image);
    *error = plugin_error(heif_suberror_Unspecified, no_memory);
    return NULL;
  }
  converted++;
  return image;
}

/// `picture`'s planes copied as YCbCr (or monochrome), as libheif's own plugin returns
/// them, with the bitstream's colour description; libheif converts them.
static struct heif_image* copy_planes(const struct de265_image* picture, struct heif_error* error) {
  int mono = de265.chroma_format(picture) == de265_chroma_mono;
  enum heif_chroma chroma;
  switch (de265.chroma_format(picture)) {
    case de265_chroma_mono: chroma = heif_chroma_monochrome; break;
    case de265_chroma_420: chroma = heif_chroma_420; break;
    case de265_chroma_422: chroma = heif_chroma_422; break;
    default: chroma = heif_chroma_444; break;
  }
  struct heif_image* image = NULL;
  struct heif_error made =
      heif.image_create(de265.image_width(picture, 0), de265.image_height(picture, 0),
                        mono ? heif_colorspace_monochrome : heif_colorspace_YCbCr, chroma, &image);
  if (made.code != heif_error_Ok) {
    *error = made;
    return NULL;
  }
  enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
  int bits = de265.bits_per_pixel(picture, 0);
  for (int p = 0; p < (mono ? 1 : 3); p++) {
    int stride, target_stride;
    const uint8_t* source = de265.image_plane(picture, p, &stride);
    int width = de265.image_width(picture, p), height = de265.image_height(picture, p);
    if (!source || width <= 0 || height <= 0 || de265.bits_per_pixel(picture, p) != bits) {
      heif.image_release(image);
      *error = plugin_error(heif_suberror_Invalid_image_size, no_picture);
      return NULL;
    }
    made = heif.add_plane(image, channels[p], width, height, bits);
    uint8_t* target =
        made.code == heif_error_Ok ? heif.plane(image, channels[p], &target_stride) : NULL;
    if (!target) {
      heif.image_release(image);
      *error =
          made.code != heif_error_Ok ? made : plugin_error(heif_suberror_Unspecified, no_memory);
      return NULL;
    }
    size_t bytes = (size_t)width * ((bits + 7) / 8);
    for (int row = 0; row < height; row++)
      memcpy(target + (size_t)row * target_stride, source + (size_t)row * stride, bytes);
  }
  struct heif_color_profile_nclx* nclx = heif.nclx_alloc();
  if (nclx) {
    nclx->color_primaries = (enum heif_color_primaries)de265.colour_primaries(picture);
    nclx->transfer_characteristics =
        (enum heif_transfer_characteristics)de265.transfer_characteristics(picture);
    nclx->matrix_coefficients = (enum heif_matrix_coefficients)de265.matrix_coefficients(picture);
    nclx->full_range_flag = (uint8_t)de265.full_range_flag(picture);
    heif.set_nclx(image, nclx);
    heif.nclx_free(nclx);
  }
  return image;
}

// --- the plugin

struct decoder {
  de265_decoder_context* context;
  /// The file's colour description when this decoder was made on a thread that set one.
  int matrix, full_range;
};

static const char* plugin_name(void) { return "libde265 HEVC decoder, converting to RGB"; }

static int does_support_format(enum heif_compression_format format) {
  // Above libheif's own libde265 plugin (100).
  return format == heif_compression_HEVC ? 200 : 0;
}

static struct heif_error new_decoder(void** made) {
  struct decoder* decoder = calloc(1, sizeof *decoder);
  if (!decoder) return plugin_error(heif_suberror_Unspecified, no_memory);
  decoder->context = de265.new_decoder();
  if (!decoder->context) {
    free(decoder);
    return plugin_error(heif_suberror_Unspecified, no_memory);
  }
  int workers = atomic_load(&decoding_threads);
  // Workers decode nothing themselves here: libde265 gives them the deblocking and
  // sample-adaptive-offset filters, by rows, while this thread waits.
  if (workers > 0) de265.start_worker_threads(decoder->context, workers);
  decoder->matrix = file_matrix;
  decoder->full_range = file_full_range;
  *made = decoder;
  struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, success};
  return ok;
}

static void free_decoder(void* raw) {
  struct decoder* decoder = raw;
  de265.free_decoder(decoder->context);
  free(decoder);
}

static struct heif_error push_data(void* raw, const void* data, size_t size) {
  struct decoder* decoder = raw;
  const uint8_t* bytes = data;
  size_t at = 0;
  // NAL units, each after its size in 4 bytes (libheif writes the hvcC's the same way).
  while (at < size) {
    if (size - at < 4) return plugin_error(heif_suberror_End_of_data, "Truncated NAL unit size");
    uint32_t length = (uint32_t)bytes[at] << 24 | (uint32_t)bytes[at + 1] << 16 |
                      (uint32_t)bytes[at + 2] << 8 | bytes[at + 3];
    at += 4;
    if (length > size - at || length > INT32_MAX)
      return plugin_error(heif_suberror_End_of_data, "NAL unit larger than the data left");
    de265_error pushed = de265.push_NAL(decoder->context, bytes + at, (int)length, 0, NULL);
    if (pushed != DE265_OK)
      return plugin_error(heif_suberror_Unspecified, de265.get_error_text(pushed));
    at += length;
  }
  struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, success};
  return ok;
}

static struct heif_error decode_image(void* raw, struct heif_image** out) {
  struct decoder* decoder = raw;
  *out = NULL;
  struct heif_error error = plugin_error(heif_suberror_Unspecified, no_picture);
  de265.flush_data(decoder->context);
  int more;
  do {
    more = 0;
    de265_error decoded = de265.decode(decoder->context, &more);
    if (decoded != DE265_OK) {
      // The picture is lost; say why when nothing else has.
      if (!*out) error = plugin_error(heif_suberror_Unspecified, de265.get_error_text(decoded));
      break;
    }
    const struct de265_image* picture = de265.get_next_picture(decoder->context);
    if (picture) {
      // The last picture is the one kept, as libheif's own plugin does.
      if (*out) heif.image_release(*out);
      int matrix = decoder->matrix >= 0 ? decoder->matrix : de265.matrix_coefficients(picture);
      int full_range =
          decoder->full_range >= 0 ? decoder->full_range : de265.full_range_flag(picture);
      struct heif_error failure = {heif_error_Ok, heif_suberror_Unspecified, success};
      *out = to_rgb(picture, matrix, full_range, &failure);
      if (!*out && failure.code == heif_error_Ok) *out = copy_planes(picture, &failure);
      de265.release_next_picture(decoder->context);
      if (!*out) return failure;
    }
  } while (more);
  if (*out) {
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, success};
    return ok;
  }
  return error;
}

static const struct heif_decoder_plugin plugin = {
    .plugin_api_version = 3,
    .get_plugin_name = plugin_name,
    .init_plugin = NULL,
    .deinit_plugin = NULL,
    .does_support_format = does_support_format,
    .new_decoder = new_decoder,
    .free_decoder = free_decoder,
    .push_data = push_data,
    .decode_image = decode_image,
    // No stricter mode: a picture libde265 cannot decode fails either way.
    .set_strict_decoding = NULL,
    .id_name = "image-browser-libde265",
};

static struct heif_error decode_through_plugin(struct heif_context* context,
                                               const struct heif_image_handle* handle,
                                               const struct heif_decoding_options* options,
                                               struct heif_image** image) {
  const struct heif_decoder_plugin* ours = ib_hevc_plugin();
  if (!ours) {
    // libheif's own plugin, when libde265 is not where libheif's is.
    if (heif.decode_image)
      return heif.decode_image(handle, image, heif_colorspace_undefined, heif_chroma_undefined,
                               options);
    struct heif_error missing = {heif_error_Unsupported_feature, heif_suberror_Unsupported_codec,
                                 "libheif cannot be opened"};
    return missing;
  }
  struct heif_error registered = heif.register_decoder(context, ours);
  if (registered.code != heif_error_Ok) return registered;
  struct heif_color_profile_nclx* nclx = NULL;
  struct heif_error found = heif.handle_nclx(handle, &nclx);
  if (found.code == heif_error_Ok && nclx)
    ib_hevc_plugin_set_nclx(nclx->matrix_coefficients, nclx->full_range_flag);
  else
    ib_hevc_plugin_set_nclx(-1, -1);
  if (nclx) heif.nclx_free(nclx);
  struct heif_error decoded =
      heif.decode_image(handle, image, heif_colorspace_undefined, heif_chroma_undefined, options);
  ib_hevc_plugin_set_nclx(-1, -1);
  return decoded;
}

int ib_hevc_decode(void* context, const void* handle, const void* options, void** image,
                   const char** message) {
  struct heif_image* decoded = NULL;
  struct heif_error error = decode_through_plugin(context, handle, options, &decoded);
  *image = decoded;
  if (message) *message = error.message;
  return error.code;
}
