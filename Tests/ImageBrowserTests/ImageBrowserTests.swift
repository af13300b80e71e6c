import ReactiveTesting
import Testing

// The root of the image browser's app-level Swift Testing suites.
@testable import ImageBrowserTestSupport

/// The root of every app-level Swift Testing suite of the image browser: each test counts its own live
/// library objects (`.leakChecked`); serialized and main-actor isolated, because the app's
/// types are (the targets' default isolation); and one test at a time across the image
/// browser's test targets (`.oneImageBrowserTestAtATime`), because some change state the
/// whole process shares (the effective user, the language). Suites nest inside it with
/// `extension ImageBrowserTests`.
@Suite("ImageBrowser app", .serialized, .leakChecked, .oneImageBrowserTestAtATime)
@MainActor
struct ImageBrowserTests {}
