// The X server's own pointer, driven through XTEST: real presses, drags and key holds.
import CGtk
import Foundation
import GtkReactive
import XCTest

/// The pointer and keys of the X server the tests run on, moved and pressed through the
/// XTEST extension (as `xdotool` does), so GTK gets what a hand on a mouse gives it: the
/// server's implicit grab from the press, motion with the button held, a release even
/// outside the window. libXtst is opened at run time (GTK's accessibility bridge brings
/// it); without it, or off X11, `init` returns `nil` and the test skips.
@MainActor
struct RealPointer {
  private typealias Motion = @convention(c) (OpaquePointer, Int32, Int32, Int32, UInt) -> Int32
  private typealias Button = @convention(c) (OpaquePointer, UInt32, Int32, UInt) -> Int32
  private typealias Key = @convention(c) (OpaquePointer, UInt32, Int32, UInt) -> Int32
  private typealias Keycode = @convention(c) (OpaquePointer, UInt) -> UInt8
  private typealias Flush = @convention(c) (OpaquePointer) -> Int32
  private typealias XDisplay = @convention(c) (OpaquePointer) -> OpaquePointer?

  private let display: OpaquePointer
  private let fakeMotion: Motion
  private let fakeButton: Button
  private let fakeKey: Key
  private let keycode: Keycode
  private let flush: Flush

  /// The display's pointer, or `nil` when XTEST cannot be reached.
  init?() {
    guard let xtst = dlopen("libXtst.so.6", RTLD_NOW | RTLD_GLOBAL),
      let gdkDisplay = gdk_display_get_default(),
      let xdisplayFunction = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "gdk_x11_display_get_xdisplay"),
      let motion = dlsym(xtst, "XTestFakeMotionEvent"),
      let button = dlsym(xtst, "XTestFakeButtonEvent"),
      let key = dlsym(xtst, "XTestFakeKeyEvent"),
      let keycode = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "XKeysymToKeycode"),
      let flush = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "XFlush")
    else { return nil }
    let xdisplay = unsafeBitCast(xdisplayFunction, to: XDisplay.self)
    guard let display = xdisplay(gdkDisplay) else { return nil }
    self.display = display
    self.fakeMotion = unsafeBitCast(motion, to: Motion.self)
    self.fakeButton = unsafeBitCast(button, to: Button.self)
    self.fakeKey = unsafeBitCast(key, to: Key.self)
    self.keycode = unsafeBitCast(keycode, to: Keycode.self)
    self.flush = unsafeBitCast(flush, to: Flush.self)
  }

  /// Moves the pointer to (`x`, `y`) in `widget`'s coordinates (its own window's).
  func move(to x: Double, _ y: Double, over widget: Widget) {
    let target = widget.pointer(as: GtkWidget.self)
    guard let window = gtk_widget_get_window(target) else { return XCTFail("not realized") }
    var allocation = GtkAllocation()
    gtk_widget_get_allocation(target, &allocation)
    let origin = gtk_widget_get_has_window(target) == 0 ? allocation : GtkAllocation()
    var rootX: Int32 = 0
    var rootY: Int32 = 0
    gdk_window_get_root_coords(
      window, Int32(x) + origin.x, Int32(y) + origin.y, &rootX, &rootY)
    _ = fakeMotion(display, -1, rootX, rootY, 0)
    deliver()
  }

  /// Presses (`down`) or releases mouse button `number` where the pointer is.
  func button(_ number: UInt32, down: Bool) {
    _ = fakeButton(display, number, down ? 1 : 0, 0)
    deliver()
  }

  /// Holds (`down`) or lets go of the left Control key.
  func control(down: Bool) {
    _ = fakeKey(display, UInt32(keycode(display, 0xffe3)), down ? 1 : 0, 0)  // XK_Control_L
    deliver()
  }

  /// Drags with the first button from one point to another over `widget`, in `steps`
  /// moves, leaving the button down when `release` is false.
  func drag(
    from start: (x: Double, y: Double), to end: (x: Double, y: Double), over widget: Widget,
    steps: Int = 6, release: Bool = true
  ) {
    move(to: start.x, start.y, over: widget)
    button(1, down: true)
    for step in 1...steps {
      let t = Double(step) / Double(steps)
      move(
        to: start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t, over: widget)
    }
    if release { button(1, down: false) }
  }

  /// Sends what was faked and lets GTK take the server's events.
  private func deliver() {
    _ = flush(display)
    MainLoop.iterate(for: .milliseconds(40))
  }
}
