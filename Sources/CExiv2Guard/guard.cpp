// See include/CExiv2Guard.h: gexiv2 calls with every C++ exception caught.
#include "CExiv2Guard.h"

#include <exception>

namespace {

/// Sets `error` (when no error is set yet) to `message`.
void report(GError **error, const char *message) {
  if (error != nullptr && *error == nullptr) {
    g_set_error_literal(error, g_quark_from_static_string("Exiv2"), 0, message);
  }
}

/// Calls `body`; a C++ exception sets `error` and gives `failure` instead. The message
/// is copied inside the handler: `what()` dies with the exception.
template <typename Result, typename Body>
Result guarded(GError **error, Result failure, Body body) {
  try {
    return body();
  } catch (const std::exception &exception) {
    report(error, exception.what());
  } catch (...) {
    report(error, "unknown C++ exception");
  }
  return failure;
}

}  // namespace

extern "C" {

gboolean cexiv2_metadata_open_path(GExiv2Metadata *self, const gchar *path, GError **error) {
  return guarded<gboolean>(error, FALSE,
                           [&] { return gexiv2_metadata_open_path(self, path, error); });
}

gboolean cexiv2_metadata_save_file(GExiv2Metadata *self, const gchar *path, GError **error) {
  return guarded<gboolean>(error, FALSE,
                           [&] { return gexiv2_metadata_save_file(self, path, error); });
}

gboolean cexiv2_metadata_try_has_tag(GExiv2Metadata *self, const gchar *tag, GError **error) {
  return guarded<gboolean>(error, FALSE,
                           [&] { return gexiv2_metadata_try_has_tag(self, tag, error); });
}

gchar *cexiv2_metadata_try_get_tag_string(GExiv2Metadata *self, const gchar *tag,
                                          GError **error) {
  return guarded<gchar *>(error, nullptr,
                          [&] { return gexiv2_metadata_try_get_tag_string(self, tag, error); });
}

gdouble cexiv2_metadata_try_get_fnumber(GExiv2Metadata *self, GError **error) {
  return guarded<gdouble>(error, -1.0,
                          [&] { return gexiv2_metadata_try_get_fnumber(self, error); });
}

gdouble cexiv2_metadata_try_get_focal_length(GExiv2Metadata *self, GError **error) {
  return guarded<gdouble>(error, -1.0,
                          [&] { return gexiv2_metadata_try_get_focal_length(self, error); });
}

glong cexiv2_metadata_try_get_iso_speed(GExiv2Metadata *self, GError **error) {
  return guarded<glong>(error, 0, [&] { return gexiv2_metadata_try_get_iso_speed(self, error); });
}

gboolean cexiv2_metadata_try_get_exposure_time(GExiv2Metadata *self, gint *nom, gint *den,
                                               GError **error) {
  return guarded<gboolean>(error, FALSE, [&] {
    return gexiv2_metadata_try_get_exposure_time(self, nom, den, error);
  });
}

gboolean cexiv2_metadata_try_get_gps_latitude(GExiv2Metadata *self, gdouble *latitude,
                                              GError **error) {
  return guarded<gboolean>(error, FALSE, [&] {
    return gexiv2_metadata_try_get_gps_latitude(self, latitude, error);
  });
}

gboolean cexiv2_metadata_try_get_gps_longitude(GExiv2Metadata *self, gdouble *longitude,
                                               GError **error) {
  return guarded<gboolean>(error, FALSE, [&] {
    return gexiv2_metadata_try_get_gps_longitude(self, longitude, error);
  });
}

GExiv2Orientation cexiv2_metadata_try_get_orientation(GExiv2Metadata *self, GError **error) {
  return guarded<GExiv2Orientation>(error, GEXIV2_ORIENTATION_UNSPECIFIED, [&] {
    return gexiv2_metadata_try_get_orientation(self, error);
  });
}

void cexiv2_metadata_try_set_orientation(GExiv2Metadata *self, GExiv2Orientation orientation,
                                         GError **error) {
  guarded<int>(error, 0, [&] {
    gexiv2_metadata_try_set_orientation(self, orientation, error);
    return 0;
  });
}

gboolean cexiv2_metadata_get_exif_thumbnail(GExiv2Metadata *self, guint8 **buffer, gint *size,
                                            GError **error) {
  *buffer = nullptr;
  *size = 0;
  return guarded<gboolean>(error, FALSE,
                           [&] { return gexiv2_metadata_get_exif_thumbnail(self, buffer, size); });
}

gboolean cexiv2_metadata_get_pixel_size(GExiv2Metadata *self, gint *width, gint *height,
                                        GError **error) {
  return guarded<gboolean>(error, FALSE, [&] {
    *width = gexiv2_metadata_get_pixel_width(self);
    *height = gexiv2_metadata_get_pixel_height(self);
    return *width > 0 && *height > 0 ? TRUE : FALSE;
  });
}

gboolean cexiv2_metadata_try_set_tag_string(GExiv2Metadata *self, const gchar *tag,
                                            const gchar *value, GError **error) {
  return guarded<gboolean>(error, FALSE, [&] {
    return gexiv2_metadata_try_set_tag_string(self, tag, value, error);
  });
}

gboolean cexiv2_metadata_try_clear_tag(GExiv2Metadata *self, const gchar *tag, GError **error) {
  return guarded<gboolean>(error, FALSE,
                           [&] { return gexiv2_metadata_try_clear_tag(self, tag, error); });
}

void cexiv2_metadata_try_erase_exif_thumbnail(GExiv2Metadata *self, GError **error) {
  guarded<int>(error, 0, [&] {
    gexiv2_metadata_try_erase_exif_thumbnail(self, error);
    return 0;
  });
}

gboolean cexiv2_metadata_open_buf(GExiv2Metadata *self, const guint8 *data, glong n_data,
                                  GError **error) {
  return guarded<gboolean>(error, FALSE,
                           [&] { return gexiv2_metadata_open_buf(self, data, n_data, error); });
}

gchar **cexiv2_metadata_get_tags(GExiv2Metadata *self, gint family, GError **error) {
  return guarded<gchar **>(error, nullptr, [&]() -> gchar ** {
    switch (family) {
      case 0: return gexiv2_metadata_get_exif_tags(self);
      case 1: return gexiv2_metadata_get_iptc_tags(self);
      case 2: return gexiv2_metadata_get_xmp_tags(self);
      default: return nullptr;
    }
  });
}

gchar *cexiv2_metadata_try_get_tag_interpreted_string(GExiv2Metadata *self, const gchar *tag,
                                                      GError **error) {
  return guarded<gchar *>(error, nullptr, [&] {
    return gexiv2_metadata_try_get_tag_interpreted_string(self, tag, error);
  });
}

const gchar *cexiv2_metadata_try_get_tag_label(const gchar *tag, GError **error) {
  return guarded<const gchar *>(error, nullptr,
                                [&] { return gexiv2_metadata_try_get_tag_label(tag, error); });
}

gboolean cexiv2_metadata_get_largest_preview(GExiv2Metadata *self, guint32 max_size,
                                             guint8 **data, guint32 *size, guint32 *width,
                                             guint32 *height, GError **error) {
  *data = nullptr;
  *size = 0;
  return guarded<gboolean>(error, FALSE, [&]() -> gboolean {
    GExiv2PreviewProperties **properties = gexiv2_metadata_get_preview_properties(self);
    if (properties == nullptr) return FALSE;
    // The largest by pixels, then by bytes (some cameras store two of one size).
    GExiv2PreviewProperties *best = nullptr;
    guint64 best_pixels = 0;
    guint32 best_bytes = 0;
    for (GExiv2PreviewProperties **it = properties; *it != nullptr; ++it) {
      guint64 pixels = guint64(gexiv2_preview_properties_get_width(*it)) *
                       gexiv2_preview_properties_get_height(*it);
      guint32 bytes = gexiv2_preview_properties_get_size(*it);
      if (bytes == 0 || bytes > max_size) continue;
      if (best == nullptr || pixels > best_pixels ||
          (pixels == best_pixels && bytes > best_bytes)) {
        best = *it;
        best_pixels = pixels;
        best_bytes = bytes;
      }
    }
    if (best == nullptr) return FALSE;
    GExiv2PreviewImage *image = gexiv2_metadata_try_get_preview_image(self, best, error);
    if (image == nullptr) return FALSE;
    guint32 length = 0;
    const guint8 *bytes = gexiv2_preview_image_get_data(image, &length);
    gboolean found = FALSE;
    if (bytes != nullptr && length > 0 && length <= max_size) {
      *data = static_cast<guint8 *>(g_memdup2(bytes, length));
      *size = length;
      *width = gexiv2_preview_image_get_width(image);
      *height = gexiv2_preview_image_get_height(image);
      found = TRUE;
    }
    g_object_unref(image);
    return found;
  });
}

}  // extern "C"

gboolean cexiv2_metadata_has_preview(GExiv2Metadata *self, guint32 max_size, GError **error) {
  return guarded<gboolean>(error, FALSE, [&]() -> gboolean {
    GExiv2PreviewProperties **properties = gexiv2_metadata_get_preview_properties(self);
    if (properties == nullptr) return FALSE;
    for (GExiv2PreviewProperties **it = properties; *it != nullptr; ++it) {
      guint32 bytes = gexiv2_preview_properties_get_size(*it);
      if (bytes > 0 && bytes <= max_size) return TRUE;
    }
    return FALSE;
  });
}
