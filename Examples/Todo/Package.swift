// swift-tools-version: 6.2
import PackageDescription

// A to-do list on GtkReactive: keyed list rows, a filter, a debounced search, one command
// behind a button and a menu item, a confirmation dialog, CSS and the dark theme.
// Run: swift run --package-path Examples/Todo todo
let package = Package(
  name: "Todo",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "todo", targets: ["Todo"])
  ],
  dependencies: [
    // Named, because a path dependency is otherwise known by its folder's name.
    .package(name: "ReactiveGtk", path: "../..")
  ],
  targets: [
    // The list's logic: imports Reactive only, so its tests run without a display.
    .target(
      name: "TodoModel",
      dependencies: [.product(name: "Reactive", package: "ReactiveGtk")]
    ),
    // The window: GTK widgets bound to the view model.
    .executableTarget(
      name: "Todo",
      dependencies: [
        "TodoModel",
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "GtkReactive", package: "ReactiveGtk"),
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    .testTarget(
      name: "TodoTests",
      dependencies: [
        "Todo",
        "TodoModel",
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "ReactiveTesting", package: "ReactiveGtk"),
        .product(name: "GtkReactive", package: "ReactiveGtk"),
        .product(name: "GtkReactiveTesting", package: "ReactiveGtk"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
