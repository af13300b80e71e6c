// One self-signed certificate the TLS member tests read, and the certificate made from it.
import CGtk
import GtkReactiveBindings
import XCTest

/// A self-signed certificate for notes.example and www.notes.example at 192.0.2.7
/// (issuer and subject CN=notes.example, no private key).
enum TestCertificate {
  /// The certificate in PEM.
  static let pem = """
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

  /// The certificate, made by the TLS backend (its abstract class has no Swift
  /// constructor).
  @MainActor static func make() throws -> TlsCertificate {
    var error: UnsafeMutablePointer<GError>?
    let made = g_tls_certificate_new_from_pem(pem, -1, &error)
    XCTAssertNil(error)
    return TlsCertificate(takingOwnership: OpaquePointer(try XCTUnwrap(made)))
  }
}
