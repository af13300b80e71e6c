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
  ],
  swiftLanguageModes: [.v6]
)
