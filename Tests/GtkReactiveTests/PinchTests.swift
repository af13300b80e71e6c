// Synthesized pinches (touchpad and touch screen) reach GTK's zoom gesture as real ones do.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class PinchTests: GtkTestCase {
  /// What a `GestureZoom` on a drawing area reported, in order.
  @MainActor
  private final class ZoomLog {
    let window = Window(type: .toplevel)
    let area = DrawingArea()
    let gesture: GestureZoom
    var entries: [String] = []
    private let bag = DisposeBag()

    init() {
      area.setSizeRequest(400, height: 300)
      window.add(area)
      gesture = GestureZoom(widget: area)
      let gesture = gesture
      gesture.rx.begin
        .subscribe(next: { [weak self] _ in self?.entries.append("begin \(Self.centre(gesture))") })
        .disposed(by: bag)
      gesture.rx.scaleChanged
        .subscribe(next: { [weak self] in
          self?.entries.append("scale \(($0 * 100).rounded() / 100) \(Self.centre(gesture))")
        })
        .disposed(by: bag)
      gesture.rx.cancel
        .subscribe(next: { [weak self] _ in self?.entries.append("cancel") })
        .disposed(by: bag)
      gesture.rx.end
        .subscribe(next: { [weak self] _ in self?.entries.append("end") })
        .disposed(by: bag)
      // A touch screen's first finger is also the pointer.
      area.rx.buttonPress
        .subscribe(next: { [weak self] in self?.entries.append("press \(Int($0.x)),\(Int($0.y))") })
        .disposed(by: bag)
      area.rx.motion
        .subscribe(next: { [weak self] in self?.entries.append("motion \(Int($0.x)),\(Int($0.y))") }
        )
        .disposed(by: bag)
      area.rx.buttonRelease
        .subscribe(next: { [weak self] in
          self?.entries.append("release \(Int($0.x)),\(Int($0.y))")
        })
        .disposed(by: bag)
      window.showAll()
      runMainLoop(for: .milliseconds(100))
    }

    /// The fingers' centre, in the area's coordinates.
    static func centre(_ gesture: GestureZoom) -> String {
      let centre = gesture.boundingBoxCenter()
      return centre.result ? "\(Int(centre.x)),\(Int(centre.y))" : "none"
    }
  }

  func testATouchpadPinchBeginsScalesAndEnds() {
    gtk {
      let log = ZoomLog()
      defer { log.window.destroy() }
      pinch(log.area, at: 120, 80, scales: [1.5, 2])
      XCTAssertEqual(
        log.entries, ["begin 120,80", "scale 1.5 120,80", "scale 2.0 120,80", "end"])
      XCTAssertFalse(log.gesture.isRecognized, "over")
    }
  }

  func testACancelledTouchpadPinchIsCancelledThenEnds() {
    gtk {
      let log = ZoomLog()
      defer { log.window.destroy() }
      pinch(log.area, at: 200, 150, scales: [1.5], ending: .cancel)
      XCTAssertEqual(log.entries, ["begin 200,150", "scale 1.5 200,150", "cancel", "end"])
      // The gesture is free for the next pinch.
      log.entries = []
      pinch(log.area, at: 10, 20, scales: [0.5])
      XCTAssertEqual(log.entries, ["begin 10,20", "scale 0.5 10,20", "end"])
    }
  }

  func testATouchScreenPinchBeginsWithTheSecondFinger() {
    gtk {
      let log = ZoomLog()
      defer { log.window.destroy() }
      touchPinch(log.area, at: 200, 150, spread: 100, scales: [2])
      // The first finger is the pointer too (moved there, pressed, dragged, released);
      // the second finger down begins the pinch; each finger's move is an update (the
      // first moves alone, then both are apart); lifting the first ends it.
      XCTAssertEqual(
        log.entries,
        [
          "motion 150,150", "press 150,150", "begin 200,150", "motion 100,150",
          "scale 1.5 175,150", "scale 2.0 200,150", "release 100,150", "end",
        ])
    }
  }

  func testACancelledTouchScreenPinch() {
    gtk {
      let log = ZoomLog()
      defer { log.window.destroy() }
      touchPinch(log.area, at: 200, 150, scales: [1.5], ending: .cancel)
      XCTAssertEqual(
        log.entries,
        [
          "motion 150,150", "press 150,150", "begin 200,150", "motion 125,150",
          "scale 1.25 187,150", "scale 1.5 200,150", "cancel", "end",
        ])
    }
  }
}
