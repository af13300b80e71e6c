// swift-tools-version: 6.2
import PackageDescription

// A disk-usage analyzer on GtkReactive: an asynchronous GIO scan with progress and
// Cancel, a ring chart that is a widget class declared in Swift, the largest folders in
// a list, and a window built from a composite template.
// Run: swift run --package-path Examples/DiskUsage disk-usage [FOLDER]
let package = Package(
  name: "DiskUsage",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "disk-usage", targets: ["DiskUsage"])
  ],
  dependencies: [
    // Named, because a path dependency is otherwise known by its folder's name.
    .package(name: "ReactiveGtk", path: "../..")
  ],
  targets: [
    // The analysis: imports Reactive only, so its tests run without a display.
    .target(
      name: "DiskUsageModel",
      dependencies: [.product(name: "Reactive", package: "ReactiveGtk")]
    ),
    // The window, the chart and the GIO scanner.
    .executableTarget(
      name: "DiskUsage",
      dependencies: [
        "DiskUsageModel",
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "GtkReactive", package: "ReactiveGtk"),
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    .testTarget(
      name: "DiskUsageTests",
      dependencies: [
        "DiskUsage",
        "DiskUsageModel",
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "ReactiveTesting", package: "ReactiveGtk"),
        .product(name: "GtkReactive", package: "ReactiveGtk"),
        .product(name: "GtkReactiveTesting", package: "ReactiveGtk"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
