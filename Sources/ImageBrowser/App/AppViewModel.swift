// The view model as the app instantiates it.
import ImageBrowserCore
import ImageBrowserPlatform

/// The view model the app's views bind to: gdk-pixbuf images and thumbnails.
typealias AppViewModel = BrowserViewModel<DecodedImage, DecodedImage>
