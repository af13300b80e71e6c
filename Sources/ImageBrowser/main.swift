// The image browser's entry point: `image-browser [FOLDER | FILE…]`.
import Foundation

let app = BrowserApplication()
exit(app.run(arguments: CommandLine.arguments))
