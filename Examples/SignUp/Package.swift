// swift-tools-version: 6.2
import PackageDescription

// An app built on GtkReactive from outside its package: a sign-up form whose username is
// checked for availability as you type. Run: swift run --package-path Examples/SignUp sign-up
let package = Package(
  name: "SignUp",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "sign-up", targets: ["SignUp"])
  ],
  dependencies: [
    // Named, because a path dependency is otherwise known by its folder's name.
    .package(name: "ReactiveGtk", path: "../..")
  ],
  targets: [
    // The form's logic: imports Reactive only, so its tests run without a display.
    .target(
      name: "SignUpModel",
      dependencies: [.product(name: "Reactive", package: "ReactiveGtk")]
    ),
    // The window: GTK widgets bound to the view model.
    .executableTarget(
      name: "SignUp",
      dependencies: [
        "SignUpModel",
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "GtkReactive", package: "ReactiveGtk"),
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    .testTarget(
      name: "SignUpTests",
      dependencies: [
        "SignUp",
        "SignUpModel",
        .product(name: "Reactive", package: "ReactiveGtk"),
        .product(name: "ReactiveTesting", package: "ReactiveGtk"),
        .product(name: "GtkReactive", package: "ReactiveGtk"),
        .product(name: "GtkReactiveTesting", package: "ReactiveGtk"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
