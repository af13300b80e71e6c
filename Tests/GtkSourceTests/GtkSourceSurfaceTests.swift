// GtkReactive's guarantees over every generated class of GtkSourceView.
import GtkReactiveTesting
import GtkSource
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class GtkSourceSurfaceTests: GtkTestCase {
  /// Every property key names a property of its class, readable and writable as its
  /// Swift type says.
  func testEveryPropertyExistsAndHasAConvertibleSwiftType() {
    gtk {
      let checked = GeneratedSurfaceChecks.checkProperties(GtkSource.GeneratedSurface.types)
      XCTAssertGreaterThan(checked, 140, "every generated property was checked")
    }
  }

  /// Every instantiable widget: one handler per subscription to each of its signals
  /// (GtkSourceView's and GTK's), exactly-once disconnection, one completion on destroy.
  func testEverySignalConnectsDisconnectsAndCompletesOnDestroy() {
    gtk {
      let (widgets, _) = GeneratedSurfaceChecks.checkSignals(
        GtkSource.GeneratedSurface.types, inherited: GtkReactive.GeneratedSurface.types)
      XCTAssertEqual(widgets, 2, "View and Map, the instantiable widgets, were checked")
    }
  }
}
