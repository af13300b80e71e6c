// Times one HEIC decode through libheif's own libde265 plugin and through ours
// (Sources/CHEVCPlugin), which hands libheif planar RGB it need not convert again.
// Benchmarks/heic-probe/run.sh builds and runs it.
// Usage: probe MODE FILE [RUNS] [CONVERTING_THREADS] [DE265_WORKERS]
//   MODE: builtin (heif_decode_image, colourspace left undefined, as the app asks)
//         ours    (the same call with our plugin registered on the context)
//         compare (decodes both ways once and prints the largest difference per plane)
#define _GNU_SOURCE
#include <libheif/heif.h>
#include <libheif/heif_plugin.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hevc_plugin.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void check(struct heif_error error, const char* what) {
  if (error.code != heif_error_Ok) {
    fprintf(stderr, "%s: %s\n", what, error.message);
    exit(1);
  }
}

static struct heif_image* decode(const void* bytes, size_t size, int ours) {
  struct heif_context* context = heif_context_alloc();
  check(heif_context_read_from_memory_without_copy(context, bytes, size, NULL), "read");
  struct heif_image_handle* handle;
  check(heif_context_get_primary_image_handle(context, &handle), "primary");
  struct heif_decoding_options* options = heif_decoding_options_alloc();
  options->convert_hdr_to_8bit = 1;
  struct heif_image* image;
  if (ours)
  {
    const char* message = NULL;
    void* made = NULL;
    int code = ib_hevc_decode(context, handle, options, &made, &message);
    struct heif_error error = {code, heif_suberror_Unspecified, message};
    check(error, "decode");
    image = made;
  }
  else
    check(heif_decode_image(handle, &image, heif_colorspace_undefined, heif_chroma_undefined,
                            options),
          "decode");
  heif_decoding_options_free(options);
  heif_image_handle_release(handle);
  heif_context_free(context);
  return image;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr,
            "usage: probe builtin|ours|compare FILE [RUNS] [CONVERTING_THREADS] [DE265_WORKERS]\n");
    return 2;
  }
  const char* mode = argv[1];
  FILE* file = fopen(argv[2], "rb");
  if (!file) {
    perror(argv[2]);
    return 1;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  void* bytes = malloc(size);
  if (fread(bytes, 1, size, file) != (size_t)size) return 1;
  fclose(file);
  int runs = argc > 3 ? atoi(argv[3]) : 1;
  ib_hevc_plugin_set_threads(argc > 4 ? atoi(argv[4]) : 1, argc > 5 ? atoi(argv[5]) : 0);
  heif_init(NULL);

  if (strcmp(mode, "compare") == 0) {
    struct heif_image* a = decode(bytes, size, 0);
    struct heif_image* b = decode(bytes, size, 1);
    printf("builtin: colourspace %d chroma %d; ours: colourspace %d chroma %d\n",
           heif_image_get_colorspace(a), heif_image_get_chroma_format(a),
           heif_image_get_colorspace(b), heif_image_get_chroma_format(b));
    enum heif_channel channels[] = {heif_channel_R, heif_channel_G, heif_channel_B};
    for (int c = 0; c < 3; c++) {
      int sa, sb;
      const uint8_t* pa = heif_image_get_plane_readonly(a, channels[c], &sa);
      const uint8_t* pb = heif_image_get_plane_readonly(b, channels[c], &sb);
      int w = heif_image_get_width(a, channels[c]), h = heif_image_get_height(a, channels[c]);
      if (!pa || !pb || w != heif_image_get_width(b, channels[c]) ||
          h != heif_image_get_height(b, channels[c])) {
        printf("plane %d: missing or of another size\n", c);
        continue;
      }
      int worst = 0;
      long differing = 0;
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
          int d = abs(pa[y * sa + x] - pb[y * sb + x]);
          if (d > worst) worst = d;
          if (d) differing++;
        }
      printf("plane %d: %dx%d, largest difference %d, %ld samples differ\n", c, w, h, worst,
             differing);
    }
    heif_image_release(a);
    heif_image_release(b);
    return 0;
  }

  int ours = strcmp(mode, "ours") == 0;
  double best = 1e9, total = 0;
  for (int run = 0; run < runs; run++) {
    double start = now();
    struct heif_image* image = decode(bytes, size, ours);
    double took = now() - start;
    heif_image_release(image);
    total += took;
    if (took < best) best = took;
  }
  printf("%s: %d runs, mean %.1f ms, best %.1f ms\n", mode, runs, total / runs * 1e3, best * 1e3);
  free(bytes);
  return 0;
}
