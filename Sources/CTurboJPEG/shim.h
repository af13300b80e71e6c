// libjpeg-turbo's TurboJPEG API, for cropping JPEGs without decoding them again
// (tjTransform with TJXOPT_CROP: the DCT blocks inside the crop are copied as they are).
// ImageBrowserPlatform only, for the declarations: the library is not linked but opened
// on first use (LibTurboJPEG.swift). Debian: libturbojpeg0-dev.
#ifndef CTURBOJPEG_SHIM_H
#define CTURBOJPEG_SHIM_H

#include <turbojpeg.h>

#endif
