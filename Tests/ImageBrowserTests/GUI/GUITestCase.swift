// The GUI suites' harness: GtkTestCase with a generated folder, and synthesized input.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// The base of the image browser's GUI suites: GtkReactiveTesting's `GtkTestCase` (main
/// thread, GTK once, skipped without a display, GLib warnings fail the test) plus a fresh
/// folder per test, removed afterwards. Test bodies run in `gtk { }` and drive a
/// `BrowserHarness`.
class GUITestCase: GtkTestCase {
  /// The generated folder of the current test.
  var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("image-browser-gui-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    if let folder { try? FileManager.default.removeItem(at: folder) }
    super.tearDown()
  }
}

/// One browser window on a generated folder, and the input a person would give it.
@MainActor
final class BrowserHarness {
  /// The folder the images are written to.
  let folder: URL
  /// The window under test, once `makeBrowser` made it.
  var browser: BrowserWindow?

  /// A harness writing into `folder`.
  init(folder: URL) {
    self.folder = folder
  }

  /// Destroys the window and lets GTK finish with it.
  func close() {
    browser?.window.destroy()
    browser = nil
    MainLoop.drain()
    try? FileManager.default.removeItem(at: desktopFolder)
  }

  /// Writes `count` PNG images named `photo-1.png`…, of varied sizes and colours.
  func makeImages(_ count: Int) {
    for index in 1...count {
      let width = 160 + (index % 4) * 60
      let height = 120 + (index % 3) * 50
      let hue = UInt32((index * 53) % 256)
      let rgba = (hue << 24) | ((255 - hue) << 16) | (0x80 << 8) | 0xff
      let pixbuf = makePixbuf(width: width, height: height, rgba: rgba)
      save(pixbuf, to: folder.appendingPathComponent("photo-\(index).png"))
    }
  }

  /// An opaque pixbuf of one colour (`0xRRGGBBAA`).
  func makePixbuf(width: Int, height: Int, rgba: UInt32) -> Pixbuf {
    let pixbuf = Pixbuf(
      colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: width, height: height)!
    pixbuf.fill(Int(rgba))
    return pixbuf
  }

  /// Writes a file with an image's name and garbage inside.
  func makeBrokenImage(_ name: String) throws {
    try Data("not an image at all".utf8).write(to: folder.appendingPathComponent(name))
  }

  func save(_ pixbuf: Pixbuf, to url: URL) {
    var error: UnsafeMutablePointer<GError>?
    gdk_pixbuf_savev(OpaquePointer(pixbuf.pointer), url.path, "png", nil, nil, &error)
    XCTAssertNil(error, "saving \(url.lastPathComponent)")
  }

  /// A registered application (non-unique, local: `GtkTestCase` runs without a session
  /// bus) the test window belongs to, so its actions and accelerators work as in the app.
  lazy var application: Application = {
    let application = Application(applicationId: nil, flags: .nonUnique)
    _ = try? application.register(nil)
    return application
  }()

  /// A folder of the test's own beside `folder`, for the desktop's files (the recent
  /// list, wallpapers), removed by `close()`.
  lazy var desktopFolder: URL = {
    let url = folder.deletingLastPathComponent()
      .appendingPathComponent(folder.lastPathComponent + "-desktop", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()
  /// The URIs the test desktop was asked to open with their default application.
  var openedURIs: [String] = []
  /// Whether the test desktop's default application launcher fails.
  var openingFails = false

  /// A desktop that touches nothing of the user's: its recent list and wallpaper folder
  /// in `desktopFolder`, default applications recorded in `openedURIs`.
  func testDesktop() -> Desktop {
    Desktop(
      recentManager: RecentManager(
        filename: desktopFolder.appendingPathComponent("recent.xbel").path),
      wallpaperFolder: desktopFolder.appendingPathComponent("backgrounds", isDirectory: true),
      wallpaperSchema: "org.gnome.desktop.background", bus: .session,
      openURI: { [weak self] uri in
        guard let self else { return }
        if openingFails { throw CocoaError(.fileReadNoPermission) }
        openedURIs.append(uri)
      })
  }

  /// Opens `folder` (or `path`) in a new browser window, as the app does (the view
  /// model starts opening before the window is built), and waits until its images are
  /// listed (or the opening failed). `justBuilt` sees the window as its constructor left
  /// it, before the main loop runs.
  func makeBrowser(
    expecting count: Int, opening path: URL? = nil, files: any FileOperating = NoFileOperations(),
    metadata: any MetadataReading = NoMetadataReading(),
    settings: any SettingsStore = InMemorySettings(), desktop: Desktop? = nil,
    orientations: any OrientationSaving = NoOrientationSaving(),
    timing: AppViewModel.Timing = .init(), decoding: ImageDecoding = .inProcess,
    thumbnailDecoding: ImageDecoding? = nil, thumbnailCache: ThumbnailCache? = nil,
    iconName: String? = nil, justBuilt: (BrowserWindow) -> Void = { _ in }
  ) -> BrowserWindow {
    let viewModel = AppViewModel(
      scanner: FolderScanner(
        formats: PixbufLoader.supportedFormats(), unshowable: RawPreview.unshownReason),
      images: PixbufLoader(decoding: decoding),
      thumbnails: PixbufLoader(
        decoding: thumbnailDecoding ?? decoding, previews: decoding,
        thumbnailCache: thumbnailCache),
      settings: settings,
      main: MainLoopScheduler.main, background: QueueScheduler(name: "gui-test.folder"),
      imageDecoding: QueueScheduler(name: "gui-test.images"),
      thumbnailDecoding: NearestFirstThreadPool(workers: 2, name: "gui-test.thumbnails"),
      editing: QueueScheduler(name: "gui-test.editing"),
      watcher: FolderMonitor(), metadata: metadata,
      metadataReading: QueueScheduler(name: "gui-test.metadata"), files: files,
      orientations: orientations, timing: timing)
    viewModel.open([path ?? folder])
    let window = ApplicationWindow(application: application)
    window.title = "test"
    let browser = BrowserWindow(
      window: window, viewModel: viewModel, desktop: desktop ?? testDesktop(),
      iconName: iconName)
    self.browser = browser
    justBuilt(browser)
    XCTAssertTrue(
      MainLoop.iterate(until: {
        switch viewModel.state.value.phase {
        case .open, .failed: true
        case .idle, .opening: false
        }
      }), "the folder opened")
    XCTAssertEqual(viewModel.items.value.count, count)
    settle()
    return browser
  }

  /// Lets GTK lay out, draw and deliver decoded images for a moment.
  func settle(_ duration: Duration = .milliseconds(300)) {
    MainLoop.iterate(for: duration)
  }

  /// Sends a key press (and its release) to the window, as the X server would.
  func press(
    _ keyName: String, control: Bool = false, alt: Bool = false,
    modifiers: ModifierType = [], in browser: BrowserWindow
  ) {
    var modifiers = modifiers.union(control ? .control : [])
    if alt { modifiers.insert(.alt) }
    GtkReactiveTesting.press(keyName, modifiers: modifiers, in: browser.window)
    settle(.milliseconds(50))
  }

  /// Clicks the centre of the strip's cell `index` with mouse button `button`.
  func clickThumbnail(_ index: Int, button: UInt32 = 1, in browser: BrowserWindow) {
    let canvas = browser.strip.canvas.pointer(as: GtkWidget.self)
    guard let window = gtk_widget_get_window(canvas) else {
      return XCTFail("the strip is not realized")
    }
    // A drawing area has a window of its own: event coordinates are the canvas's.
    let centre = browser.strip.centre(ofRow: index)
    XCTAssertTrue(browser.strip.visibleRange?.contains(index) == true, "cell \(index) in view")
    for type in [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE] {
      let event = gdk_event_new(type)!
      event.pointee.button.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
      event.pointee.button.send_event = 1
      event.pointee.button.button = button
      event.pointee.button.x = centre.x
      event.pointee.button.y = centre.y
      event.pointee.button.time = UInt32(GDK_CURRENT_TIME)
      if let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()))
      {
        gdk_event_set_device(event, pointer)
      }
      gtk_widget_event(canvas, event)
      gdk_event_free(event)
    }
    settle(.milliseconds(50))
  }

  /// Moves the pointer over the strip's cell `index` and returns the strip's tooltip.
  func hoverThumbnail(_ index: Int, in browser: BrowserWindow) -> String? {
    let canvas = browser.strip.canvas.pointer(as: GtkWidget.self)
    guard let window = gtk_widget_get_window(canvas) else { return nil }
    let centre = browser.strip.centre(ofRow: index)
    let event = gdk_event_new(GDK_MOTION_NOTIFY)!
    event.pointee.motion.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
    event.pointee.motion.send_event = 1
    event.pointee.motion.x = centre.x
    event.pointee.motion.y = centre.y
    event.pointee.motion.time = UInt32(GDK_CURRENT_TIME)
    if let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default())) {
      gdk_event_set_device(event, pointer)
    }
    gtk_widget_event(canvas, event)
    gdk_event_free(event)
    guard let text = gtk_widget_get_tooltip_text(canvas) else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }

  /// Saves what the window shows as a PNG for a person to look at: in
  /// `$IMAGE_BROWSER_SCREENSHOTS` when set, else in the temporary directory. Returns
  /// the path.
  @discardableResult
  func saveScreenshot(of browser: BrowserWindow, named name: String) -> String? {
    settle()
    let widget = browser.window.pointer(as: GtkWidget.self)
    guard let window = gtk_widget_get_window(widget) else { return nil }
    let width = gtk_widget_get_allocated_width(widget)
    let height = gtk_widget_get_allocated_height(widget)
    guard let shot = gdk_pixbuf_get_from_window(window, 0, 0, width, height) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(shot)) }
    let directory =
      ProcessInfo.processInfo.environment["IMAGE_BROWSER_SCREENSHOTS"]
      ?? FileManager.default.temporaryDirectory.path
    let path = URL(fileURLWithPath: directory).appendingPathComponent("\(name).png").path
    var error: UnsafeMutablePointer<GError>?
    gdk_pixbuf_savev(shot, path, "png", nil, nil, &error)
    if let error {
      g_error_free(error)
      return nil
    }
    print("screenshot: \(path)")
    return path
  }
}
