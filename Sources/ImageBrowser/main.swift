// The image browser's entry point: `image-browser [FOLDER | FILE…]`.
import CGtk
import Foundation

// Decoded images are megabytes each and come and go with every page. A fixed mmap
// threshold (glibc otherwise raises it to 32 MB after the first large free) gives each
// one its own mapping, returned to the system when freed, so paging through thousands
// of photos does not leave the heap grown by their sum.
mallopt(M_MMAP_THRESHOLD, 256 * 1024)
// Decoding runs on a few threads; a few arenas keep freed memory from scattering.
mallopt(M_ARENA_MAX, 2)

let app = BrowserApplication()
exit(app.run(arguments: CommandLine.arguments))
