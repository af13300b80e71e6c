// gexiv2: EXIF, IPTC and XMP metadata through Exiv2, for ImageBrowserPlatform only.
#include <gexiv2/gexiv2.h>
