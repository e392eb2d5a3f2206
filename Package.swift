// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "cpick",
  products: [
    .library(
      name: "ContactPicker",
      targets: ["ContactPicker", "ContactKit", "VCard", "ContactStores", "Matching", "TerminalKit"]),
    .executable(name: "cpick", targets: ["cpick"]),
  ],
  targets: [
    // C libraries from Debian, through system-library targets.
    .systemLibrary(
      name: "CNcursesw",
      // No pkgConfig: its cflags (-D_XOPEN_SOURCE=600) are refused by SwiftPM with a warning on
      // every build; the shim defines what the wide API needs, and the module map links.
      pkgConfig: nil,
      providers: [.apt(["libncursesw5-dev"])]),
    .systemLibrary(name: "CSQLite3", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

    // The model: contacts, labeled values, names and their order.
    .target(name: "ContactKit"),
    // The vCard codec: lossless syntax layer and the mapping to the model.
    .target(name: "VCard", dependencies: ["ContactKit"]),
    // Address books: files, vdir folders, stdin.
    .target(name: "ContactStores", dependencies: ["ContactKit", "VCard", "CSQLite3"]),
    // Search: folding, pinyin, phone digits, scoring.
    .target(name: "Matching", dependencies: ["ContactKit"]),
    // Terminal abstraction: cells, frames, keys, the in-memory screen.
    .target(name: "TerminalKit"),
    // The only module that talks to ncursesw.
    .target(name: "TerminalCurses", dependencies: ["TerminalKit", "CNcursesw"]),
    // The controllers and their delegates (the public library).
    .target(
      name: "ContactPicker",
      dependencies: ["ContactKit", "VCard", "ContactStores", "Matching", "TerminalKit", "TerminalCurses"]),
    // The command-line tool, a thin client of ContactPicker.
    .executableTarget(
      name: "cpick",
      dependencies: ["ContactPicker", "ContactKit", "VCard", "ContactStores", "Matching", "TerminalKit", "TerminalCurses"]),
    // Benchmarks: load, first frame, keystrokes (numbers in the README).
    .executableTarget(
      name: "cpick-bench", dependencies: ["ContactPicker", "VCard", "ContactStores", "Matching", "TerminalKit"],
      exclude: ["compare.sh"]),

    .testTarget(name: "ContactKitTests", dependencies: ["ContactKit"]),
    .testTarget(name: "VCardTests", dependencies: ["VCard", "ContactKit"]),
    .testTarget(name: "ContactStoresTests", dependencies: ["ContactStores"]),
    .testTarget(name: "MatchingTests", dependencies: ["Matching", "ContactKit", "VCard"]),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    .testTarget(name: "TerminalCursesTests", dependencies: ["TerminalCurses", "TerminalKit"]),
    .testTarget(name: "ContactPickerTests", dependencies: ["ContactPicker"]),
    .testTarget(name: "EndToEndTests", dependencies: []),
  ],
  swiftLanguageModes: [.v6]
)
