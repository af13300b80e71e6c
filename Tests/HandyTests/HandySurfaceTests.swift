// GtkReactive's guarantees over every generated class of libhandy.
import GtkReactiveTesting
import Handy
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class HandySurfaceTests: GtkTestCase {
  /// Every property key names a property of its class, readable and writable as its
  /// Swift type says.
  func testEveryPropertyExistsAndHasAConvertibleSwiftType() {
    gtk {
      HandyLibrary.initialize()
      let checked = GeneratedSurfaceChecks.checkProperties(Handy.GeneratedSurface.types)
      XCTAssertGreaterThan(checked, 150, "every generated property was checked")
    }
  }

  /// Every instantiable widget: one handler per subscription to each of its signals
  /// (libhandy's and GTK's), exactly-once disconnection, one completion on destroy.
  func testEverySignalConnectsDisconnectsAndCompletesOnDestroy() {
    gtk {
      HandyLibrary.initialize()
      let (widgets, _) = GeneratedSurfaceChecks.checkSignals(
        Handy.GeneratedSurface.types, inherited: GtkReactive.GeneratedSurface.types)
      XCTAssertGreaterThanOrEqual(widgets, 25, "every instantiable widget was checked")
    }
  }
}
