// Members that return a GLib pointer array (`GPtrArray`): a real certificate's DNS names
// and IP addresses.
import CGtk
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class TlsCertificateMembersTests: GtkTestCase {
  /// A self-signed certificate for notes.example and www.notes.example at 192.0.2.7.
  private static let pem = """
    -----BEGIN CERTIFICATE-----
    MIIBvTCCAWKgAwIBAgIUGFElchPvraPov82jJlA1WPQZO0AwCgYIKoZIzj0EAwIw
    GDEWMBQGA1UEAwwNbm90ZXMuZXhhbXBsZTAgFw0yNjExMjgyMTE3NTJaGA8yMTI2
    MTEwNDIxMTc1MlowGDEWMBQGA1UEAwwNbm90ZXMuZXhhbXBsZTBZMBMGByqGSM49
    AgEGCCqGSM49AwEHA0IABMgtxN9i3U6kNQbTKuro6Uet4b/ixEu3utuYYvKk49Z3
    myDONAVkjsDqBq99sSferBGFYelhfiSnyYTay41r1R2jgYcwgYQwHQYDVR0OBBYE
    FPQQ6QjioXXD/mFyWDYlZl6Hk06/MB8GA1UdIwQYMBaAFPQQ6QjioXXD/mFyWDYl
    Zl6Hk06/MA8GA1UdEwEB/wQFMAMBAf8wMQYDVR0RBCowKIINbm90ZXMuZXhhbXBs
    ZYIRd3d3Lm5vdGVzLmV4YW1wbGWHBMAAAgcwCgYIKoZIzj0EAwIDSQAwRgIhAI7Z
    IgFVNxO7t7Qn2ovdTst8r7tj4jDwSLHLy8lttVEmAiEA1GGxvKl4b5Sdgih37asL
    /NqRVueNZHnZ3fIKhFmdz5o=
    -----END CERTIFICATE-----

    """

  func testACertificatesNamesAndAddressesAreArrays() throws {
    try gtk {
      // A certificate comes from the TLS backend: its abstract class has no Swift
      // constructor.
      var error: UnsafeMutablePointer<GError>?
      let made = g_tls_certificate_new_from_pem(Self.pem, -1, &error)
      XCTAssertNil(error)
      let certificate = TlsCertificate(takingOwnership: try XCTUnwrap(made))
      let names = certificate.dnsNames.map { String(decoding: $0, as: UTF8.self) }
      XCTAssertEqual(names, ["notes.example", "www.notes.example"])
      XCTAssertEqual(certificate.ipAddresses.map { $0.toString() }, ["192.0.2.7"])
    }
  }
}
