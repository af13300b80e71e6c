// The extensions of image files people keep, whether or not this machine can show them.
import Foundation

/// Image formats by extension, beyond what the installed loaders read: a file with one
/// of these that no loader reads is one the browser says it cannot show, never one it
/// leaves out without a word (`UnshownFiles`). Documents, sidecars (`.xmp`), videos and
/// the like are not images and are not counted.
package nonisolated enum ImageExtensions {
  /// Lowercased, without dots: what `SupportedFormats.common` lists, cameras' RAW files,
  /// editors' layered files and newer formats.
  package static let known: Set<String> = SupportedFormats.common.extensions.union([
    // Cameras' RAW files.
    "3fr", "ari", "arw", "bay", "cr2", "cr3", "crw", "dcr", "dng", "erf", "fff", "iiq", "k25",
    "kdc", "mef", "mos", "mrw", "nef", "nrw", "orf", "pef", "raf", "raw", "rw2", "rwl", "sr2",
    "srf", "srw", "x3f",
    // Editors' files and other formats.
    "psd", "psb", "xcf", "kra", "ora", "jxl", "jp2", "j2k", "jpf", "jpx", "exr", "hdr", "dds",
    "heic", "heif", "hif", "avif", "jxr", "wdp", "hdp", "pcx", "pic", "sgi", "rgb",
  ])
}
