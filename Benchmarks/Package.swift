// swift-tools-version: 6.2
import PackageDescription

// A package of its own so that users of the library never resolve the peers it is
// measured against (OpenCombine). Run: swift run -c release reactive-bench
// GTK signals (under a display): xvfb-run -a swift run -c release gtk-bench
let package = Package(
  name: "ReactiveBenchmarks",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "reactive-bench", targets: ["ReactiveBench"]),
    .executable(name: "gtk-bench", targets: ["GtkBench"]),
    .executable(name: "gio-bench", targets: ["GioBench"]),
  ],
  dependencies: [
    // Named, because a path dependency is otherwise known by its folder's name.
    .package(name: "ReactiveGtk", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
  ],
  targets: [
    // Interposes malloc & co. with an atomic counter (Linux/glibc only).
    .target(name: "MallocCounter"),
    // Timing, allocation counting and interleaved rounds, shared by both executables.
    .target(name: "BenchHarness", dependencies: ["MallocCounter"]),
    .executableTarget(
      name: "ReactiveBench",
      dependencies: [
        "BenchHarness",
        "MallocCounter",  // its start-up self-check reads the counter directly
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),  // workload 8
      ]
    ),
    // GTK signal emissions and connections through GtkReactive against raw C handlers.
    .executableTarget(
      name: "GtkBench",
      dependencies: [
        "BenchHarness",
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "GtkReactive", package: "ReactiveGtk"),
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // GIO for the C peer: GLib's include paths from gobject-2.0, whose flags are free of
    // the `-pthread` that gio-2.0's carry and SwiftPM warns about; the module map links
    // gio, gobject and glib.
    .systemLibrary(name: "CGio", pkgConfig: "gobject-2.0"),
    // The C peer of gio-bench: many files read with g_file_load_contents_async.
    .target(name: "GioPeer", dependencies: ["CGio"]),
    // Reading many small files through GtkReactive's generated GIO async API (the async
    // function and the Signal) against the C peer, interleaved in one process.
    .executableTarget(
      name: "GioBench",
      dependencies: [
        "BenchHarness", "GioPeer",
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "GtkReactive", package: "ReactiveGtk"),
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
