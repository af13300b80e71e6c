// Members that return a GLib pointer array (`GPtrArray`): a real certificate's DNS names
// and IP addresses.
import CGtk
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class TlsCertificateMembersTests: GtkTestCase {

  func testACertificatesNamesAndAddressesAreArrays() throws {
    try gtk {
      let certificate = try TestCertificate.make()
      let names = certificate.dnsNames.map { String(decoding: $0, as: UTF8.self) }
      XCTAssertEqual(names, ["notes.example", "www.notes.example"])
      XCTAssertEqual(certificate.ipAddresses.map { $0.toString() }, ["192.0.2.7"])
    }
  }
}
