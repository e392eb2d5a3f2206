// swift-tools-version:6.0
// A host program that embeds cpick's controllers: it presents the people picker with
// a delegate, then the unknown-person card, and prints what it was called back with.
import PackageDescription

let package = Package(
  name: "HostExample",
  dependencies: [.package(name: "cpick", path: "../..")],
  targets: [
    .target(name: "HostExample", dependencies: [.product(name: "ContactPicker", package: "cpick")]),
    .executableTarget(name: "host-example", dependencies: ["HostExample", .product(name: "ContactPicker", package: "cpick")]),
    // The README's example program, compiled as shown there.
    .executableTarget(name: "readme-example", dependencies: [.product(name: "ContactPicker", package: "cpick")]),
    .testTarget(name: "HostExampleTests", dependencies: ["HostExample", .product(name: "ContactPicker", package: "cpick")]),
  ],
  swiftLanguageModes: [.v6]
)
