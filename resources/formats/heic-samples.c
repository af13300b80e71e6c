// Writes the HEIC test files of HEIFDecoderTests: a picture stored turned (an `irot`
// property, as phones write them), one whose embedded thumbnail shows something else than
// the picture (so a test can see which of the two was decoded), one with alpha, one in
// 10 bits and one with full chroma (4:4:4), each 200 x 150: a gradient with a red block near
// the top left corner; and two of eight flat colour patches (`patches`), one coded in
// limited range with BT.709's matrix, one in grey levels alone (monochrome).
// Build and run from this folder (Debian: libheif-dev):
//   cc -O2 -o /tmp/heic-samples heic-samples.c $(pkg-config --cflags --libs libheif) && /tmp/heic-samples
#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>

enum { WIDTH = 200, HEIGHT = 150 };

// A horizontal and vertical gradient with a red block near the top left corner, or one
// flat colour.
static struct heif_image *picture(int width, int height, int flat) {
  struct heif_image *image;
  heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image);
  heif_image_add_plane(image, heif_channel_interleaved, width, height, 8);
  int stride;
  uint8_t *pixels = heif_image_get_plane(image, heif_channel_interleaved, &stride);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++) {
      uint8_t *pixel = pixels + y * stride + x * 3;
      int block = x >= 10 && x < 50 && y >= 10 && y < 40;
      pixel[0] = flat ? 0 : block ? 255 : 255 * x / (width - 1);
      pixel[1] = flat ? 200 : block ? 0 : 255 * y / (height - 1);
      pixel[2] = flat ? 0 : block ? 0 : 120;
    }
  return image;
}

// The gradient in 10 bits (samples 0–1023, little-endian), or with its left quarter
// transparent.
static struct heif_image *deep_or_clear(int deep) {
  struct heif_image *image;
  heif_image_create(WIDTH, HEIGHT, heif_colorspace_RGB,
                    deep ? heif_chroma_interleaved_RRGGBB_LE : heif_chroma_interleaved_RGBA, &image);
  heif_image_add_plane(image, heif_channel_interleaved, WIDTH, HEIGHT, deep ? 10 : 8);
  int stride;
  uint8_t *pixels = heif_image_get_plane(image, heif_channel_interleaved, &stride);
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++) {
      int block = x >= 10 && x < 50 && y >= 10 && y < 40;
      int red = block ? 255 : 255 * x / (WIDTH - 1), green = block ? 0 : 255 * y / (HEIGHT - 1);
      int blue = block ? 0 : 120;
      if (deep) {
        uint16_t *pixel = (uint16_t *)(pixels + y * stride) + x * 3;
        pixel[0] = red * 1023 / 255, pixel[1] = green * 1023 / 255, pixel[2] = blue * 1023 / 255;
      } else {
        uint8_t *pixel = pixels + y * stride + x * 4;
        pixel[0] = red, pixel[1] = green, pixel[2] = blue, pixel[3] = x < WIDTH / 4 ? 0 : 255;
      }
    }
  return image;
}

// Eight flat patches of 50 x 75, left to right then top to bottom: red, green, blue, white,
// black, grey 128, yellow, cyan; or, monochrome, eight grey levels.
static const uint8_t patch_colours[8][3] = {{255, 0, 0},   {0, 255, 0},     {0, 0, 255},
                                            {255, 255, 255}, {0, 0, 0},     {128, 128, 128},
                                            {255, 255, 0}, {0, 255, 255}};

static struct heif_image *patches(int grey) {
  struct heif_image *image;
  heif_image_create(WIDTH, HEIGHT, grey ? heif_colorspace_monochrome : heif_colorspace_RGB,
                    grey ? heif_chroma_monochrome : heif_chroma_interleaved_RGB, &image);
  enum heif_channel channel = grey ? heif_channel_Y : heif_channel_interleaved;
  heif_image_add_plane(image, channel, WIDTH, HEIGHT, 8);
  int stride;
  uint8_t *pixels = heif_image_get_plane(image, channel, &stride);
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++) {
      int patch = x / 50 + y / 75 * 4;
      if (grey) {
        pixels[y * stride + x] = (uint8_t)(patch * 255 / 7);
      } else {
        for (int c = 0; c < 3; c++) pixels[y * stride + x * 3 + c] = patch_colours[patch][c];
      }
    }
  return image;
}

static int check(struct heif_error error, const char *what) {
  if (error.code == heif_error_Ok) return 0;
  fprintf(stderr, "%s: %s\n", what, error.message);
  exit(1);
}

// kind: 0 the gradient, 1 with a flat green thumbnail, 2 in 10 bits, 3 with alpha, 4 the
// gradient with full chroma (4:4:4), 5 the patches in limited range with BT.709's matrix, 6
// the grey patches.
static void write(const char *name, int orientation, int kind) {
  struct heif_context *context = heif_context_alloc();
  struct heif_encoder *encoder;
  check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder), "encoder");
  heif_encoder_set_lossy_quality(encoder, 90);
  if (kind == 4) heif_encoder_set_parameter(encoder, "chroma", "444");
  struct heif_encoding_options *options = heif_encoding_options_alloc();
  options->image_orientation = orientation;
  struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
  if (kind == 5) {
    heif_nclx_color_profile_set_matrix_coefficients(nclx, heif_matrix_coefficients_ITU_R_BT_709_5);
    nclx->full_range_flag = 0;
    options->output_nclx_profile = nclx;
  }
  struct heif_image *image = kind == 5 || kind == 6 ? patches(kind == 6)
                             : kind == 2 || kind == 3 ? deep_or_clear(kind == 2)
                                                      : picture(WIDTH, HEIGHT, 0);
  if (kind == 5) heif_image_set_nclx_color_profile(image, nclx);
  struct heif_image_handle *handle;
  check(heif_context_encode_image(context, image, encoder, options, &handle), "encode");
  if (kind == 1) {
    struct heif_image *flat = picture(WIDTH, HEIGHT, 1);
    struct heif_image_handle *thumb;
    check(heif_context_encode_thumbnail(context, flat, handle, encoder, options, WIDTH / 2, &thumb),
          "thumbnail");
    heif_image_handle_release(thumb);
    heif_image_release(flat);
  }
  check(heif_context_write_to_file(context, name), "write");
  heif_image_handle_release(handle);
  heif_image_release(image);
  options->output_nclx_profile = NULL;
  heif_nclx_color_profile_free(nclx);
  heif_encoding_options_free(options);
  heif_encoder_release(encoder);
  heif_context_free(context);
}

int main(void) {
  write("turned.heic", heif_orientation_rotate_90_cw, 0);
  write("thumbnail.heic", heif_orientation_normal, 1);
  write("deep.heic", heif_orientation_normal, 2);
  write("alpha.heic", heif_orientation_normal, 3);
  write("full-chroma.heic", heif_orientation_normal, 4);
  write("limited-range.heic", heif_orientation_normal, 5);
  write("grey.heic", heif_orientation_normal, 6);
  return 0;
}
