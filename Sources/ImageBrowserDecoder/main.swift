// `image-browser-decoder`: the helper process that decodes images for the image browser.
// Started by the app (HelperProcessPool), never by hand; see Docs/ImageBrowser.md, "Decoder
// helpers".
import CDecoderSandbox
import Foundation
import ImageBrowserCore
import ImageBrowserPlatform

// As the app does: each decoded image its own mapping, returned when freed; one thread.
ImageHeap.tune(arenas: 1)

let options = DecoderService.Options(arguments: Array(CommandLine.arguments.dropFirst()))
Localization.start(catalogues: options.catalogues)
exit(
  DecoderService.run(options) {
    // The seccomp filter, once the libraries and the common loaders are in.
    let status = cdecoder_sandbox_apply(getpid())
    return status == 0 ? nil : String(cString: strerror(-status))
  })
