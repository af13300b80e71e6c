// libheif's declarations (types, enums, the decoding options), for HEIFDecoder. libheif is
// not linked: LibHeif opens it with dlopen the first time a HEIC is decoded, so a decoder
// helper that never sees one does not map it and the four codecs it links.
#ifndef CHEIF_SHIM_H
#define CHEIF_SHIM_H

#include <libheif/heif.h>

#endif
