// gexiv2 calls that cannot take the process down: Exiv2 throws C++ exceptions that
// gexiv2 does not catch (it catches Exiv2::Error only; Exiv2 0.27's overflow checks
// throw std::overflow_error), and an exception reaching a Swift frame terminates the
// app. Each function here calls the gexiv2 function of the same name (`cexiv2_` for
// `gexiv2_`) inside try/catch: a C++ exception becomes a GError (domain "Exiv2") and
// the function's failure value.
#ifndef CEXIV2_GUARD_H
#define CEXIV2_GUARD_H

#include <gexiv2/gexiv2.h>

#ifdef __cplusplus
extern "C" {
#endif

gboolean cexiv2_metadata_open_path(GExiv2Metadata *self, const gchar *path, GError **error);
gboolean cexiv2_metadata_save_file(GExiv2Metadata *self, const gchar *path, GError **error);
gboolean cexiv2_metadata_try_has_tag(GExiv2Metadata *self, const gchar *tag, GError **error);
gchar *cexiv2_metadata_try_get_tag_string(GExiv2Metadata *self, const gchar *tag,
                                          GError **error);
gdouble cexiv2_metadata_try_get_fnumber(GExiv2Metadata *self, GError **error);
gdouble cexiv2_metadata_try_get_focal_length(GExiv2Metadata *self, GError **error);
glong cexiv2_metadata_try_get_iso_speed(GExiv2Metadata *self, GError **error);
gboolean cexiv2_metadata_try_get_exposure_time(GExiv2Metadata *self, gint *nom, gint *den,
                                               GError **error);
gboolean cexiv2_metadata_try_get_gps_latitude(GExiv2Metadata *self, gdouble *latitude,
                                              GError **error);
gboolean cexiv2_metadata_try_get_gps_longitude(GExiv2Metadata *self, gdouble *longitude,
                                               GError **error);
GExiv2Orientation cexiv2_metadata_try_get_orientation(GExiv2Metadata *self, GError **error);
void cexiv2_metadata_try_set_orientation(GExiv2Metadata *self, GExiv2Orientation orientation,
                                         GError **error);
/// The EXIF thumbnail's bytes (free them with `g_free`), or FALSE when there is none.
gboolean cexiv2_metadata_get_exif_thumbnail(GExiv2Metadata *self, guint8 **buffer, gint *size,
                                            GError **error);
/// The image's stored pixel size (before orientation), or FALSE when unknown.
gboolean cexiv2_metadata_get_pixel_size(GExiv2Metadata *self, gint *width, gint *height,
                                        GError **error);
/// Sets `tag` (an EXIF, XMP or IPTC key) to `value`.
gboolean cexiv2_metadata_try_set_tag_string(GExiv2Metadata *self, const gchar *tag,
                                            const gchar *value, GError **error);
/// Removes `tag` if present.
gboolean cexiv2_metadata_try_clear_tag(GExiv2Metadata *self, const gchar *tag, GError **error);
/// Removes the EXIF thumbnail (it would show the picture before an edit).
void cexiv2_metadata_try_erase_exif_thumbnail(GExiv2Metadata *self, GError **error);
/// Reads the metadata of the image in `data` (a file's bytes).
gboolean cexiv2_metadata_open_buf(GExiv2Metadata *self, const guint8 *data, glong n_data,
                                  GError **error);
/// Every tag of one family (0 EXIF, 1 IPTC, 2 XMP), NULL-terminated (free with
/// `g_strfreev`), or NULL.
gchar **cexiv2_metadata_get_tags(GExiv2Metadata *self, gint family, GError **error);
gchar *cexiv2_metadata_try_get_tag_interpreted_string(GExiv2Metadata *self, const gchar *tag,
                                                      GError **error);
/// The tag's readable name (owned by Exiv2: do not free), or NULL.
const gchar *cexiv2_metadata_try_get_tag_label(const gchar *tag, GError **error);
/// The largest preview Exiv2 finds in the file (a camera RAW's embedded JPEG), copied
/// into `data` (free it with `g_free`) with its pixel size and MIME type (Exiv2's, do not
/// free), or FALSE when there is none or it is larger than `max_size` bytes.
gboolean cexiv2_metadata_get_largest_preview(GExiv2Metadata *self, guint32 max_size,
                                             guint8 **data, guint32 *size, guint32 *width,
                                             guint32 *height, GError **error);

/// Whether the file holds a preview of at most `max_size` bytes (one
/// `cexiv2_metadata_get_largest_preview` would find), without reading it.
gboolean cexiv2_metadata_has_preview(GExiv2Metadata *self, guint32 max_size, GError **error);

#ifdef __cplusplus
}
#endif

#endif
