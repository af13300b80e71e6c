// Classes declared in Swift against GTK's own: making and dropping a widget, and setting
// a property that one subscriber observes.
import BenchHarness
import CGtk
import GtkReactive
import Reactive

/// A drawing area declared in Swift with one property, as an app's custom widget is.
final class BenchGauge: DrawingArea, WidgetSubclass {
  override class var gType: GType { registeredType }
  static let level = ObjectProperty(\BenchGauge.level, "level")
  static let properties: [PropertyDeclaration] = [level]
  var level = 0.0 {
    didSet { notify(Self.level) }
  }
}

/// Making and dropping widgets: `gtk_drawing_area_new` from C, a `DrawingArea` wrapper,
/// and a `BenchGauge`, each made and released `count` times.
func creationContenders(count: Int) -> [(String, () -> Trial)] {
  _ = BenchGauge.gType
  return [
    (
      "C: `gtk_drawing_area_new` + `g_object_ref_sink` + `g_object_unref`",
      {
        Trial(
          run: {
            for _ in 0..<count {
              let widget = gtk_drawing_area_new()
              g_object_ref_sink(widget)
              g_object_unref(widget)
            }
          }, finish: { 0 })
      }
    ),
    (
      "`DrawingArea()` made and released",
      {
        Trial(run: { for _ in 0..<count { _ = DrawingArea() } }, finish: { 0 })
      }
    ),
    (
      "`BenchGauge()` (declared in Swift) made and released",
      {
        Trial(run: { for _ in 0..<count { _ = BenchGauge() } }, finish: { 0 })
      }
    ),
  ]
}

/// Setting a double property with one `notify` subscriber: GTK's `GtkAdjustment:value`
/// through its setter, and a property declared in Swift.
func propertyContenders(count: Int, counter: UnsafeMutablePointer<Int>) -> [(String, () -> Trial)]
{
  [
    (
      "built-in property (`adjustment.value = x`, one `rx.value` subscriber)",
      {
        let adjustment = Adjustment(
          value: 0, lower: 0, upper: Double(count) + 1, stepIncrement: 1, pageIncrement: 1,
          pageSize: 0)
        let subscription = adjustment.rx.value.subscribe(next: { _ in counter.pointee &+= 1 })
        return Trial(
          run: { for index in 0..<count { adjustment.value = Double(index + 1) } },
          finish: {
            subscription.dispose()
            defer { counter.pointee = 0 }
            return counter.pointee
          })
      }
    ),
    (
      "property declared in Swift (`gauge.level = x`, one `rx.property` subscriber)",
      {
        let gauge = BenchGauge()
        let subscription = gauge.rx.property(BenchGauge.level).subscribe(next: { _ in
          counter.pointee &+= 1
        })
        return Trial(
          run: { for index in 0..<count { gauge.level = Double(index + 1) } },
          finish: {
            subscription.dispose()
            defer { counter.pointee = 0 }
            return counter.pointee
          })
      }
    ),
  ]
}
