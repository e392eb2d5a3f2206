// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "cpick",
  products: [
    .library(
      name: "ContactPicker",
      targets: [
        "ContactPicker", "AddressBook", "ContactFormats", "ContactKit", "VCard", "XCard", "ContactStores", "Matching",
        "ServerBooks", "TerminalKit", "TerminalScreens", "ContactPhotos",
      ]),
    .executable(name: "cpick", targets: ["cpick"]),
    .executable(name: "cpick-sync", targets: ["cpick-sync"]),
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
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CLDAP", pkgConfig: "ldap", providers: [.apt(["libldap-dev"])]),
    // The legacy charset a file's values tell when none is named (Cyrillic, Greek, …).
    .systemLibrary(name: "CUchardet", pkgConfig: "uchardet", providers: [.apt(["libuchardet-dev"])]),
    // Terminal pictures (kitty, sixels, iTerm2, block symbols) and the image decoders
    // under them (libjpeg-turbo, libpng, giflib; why these: Sources/CImageCodecs/shim.h).
    .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
    .systemLibrary(
      name: "CImageCodecs", pkgConfig: nil, providers: [.apt(["libjpeg62-turbo-dev", "libpng-dev", "libgif-dev"])]),
    // glibc's `malloc_trim` (in <malloc.h>, which the Glibc module leaves out).
    .systemLibrary(name: "CMalloc"),
    // Linux's `prctl` (variadic, so not imported): cpick-sync ends with its cpick.
    .systemLibrary(name: "CProcessControl"),
    // jemalloc as the programs' allocator (Sources/CpickAllocator/allocator.c: why,
    // its settings); only the executables depend on it.
    .target(name: "CpickAllocator", linkerSettings: [.linkedLibrary("jemalloc")]),

    // Low-level pieces shared inside the package (not a product): work on all cores,
    // flat arrays over mapped memory, byte archives and checksums, one spelling of a path.
    .target(name: "CpickSupport"),
    // The model: contacts, labeled values, names and their order.
    // ICU's transliterators are called directly (`ICUTransform`), from the toolchain's
    // ICU that Foundation links.
    .target(
      name: "ContactKit", dependencies: ["CpickSupport", "Localization"],
      linkerSettings: [.linkedLibrary("_FoundationICU")]),
    // The vCard codec: lossless syntax layer and the mapping to the model.
    .target(
      name: "VCard", dependencies: ["ContactKit", "ContactFormats", "CpickSupport", "Localization", "CUchardet"],
      exclude: ["Syntax/common_characters.py"]),
    // xCard (RFC 6351) read through Foundation's XML parser, apart from `VCard` so that
    // only the programs that read XML load libxml2 (`cpick-sync`, which does for `cpick`).
    .target(name: "XCard", dependencies: ["VCard", "CpickSupport", "Localization"]),
    // Formats other than vCard: person JSON, mailboxes, mutt/aerc lines, templates,
    // predicates, mail headers, value validation.
    .target(name: "ContactFormats", dependencies: ["ContactKit", "CpickSupport", "Localization"]),
    // Address-book files: .vcf files, vdir folders, stdin; atomic saves.
    .target(
      name: "ContactStores", dependencies: ["ContactKit", "VCard", "ContactFormats", "DirectoryEntries", "CpickSupport", "Localization"]),
    // Directory entries without the network: inetOrgPerson and Active Directory entries
    // as vCard 4.0 cards, and LDIF files (RFC 2849) read into entries.
    .target(name: "DirectoryEntries", dependencies: ["ContactKit", "ContactFormats", "VCard", "Localization"]),
    // Server books without the network: accounts in the config, the local copy of a
    // CardDAV account, the queue of unsent edits, the store, and the sync helper's
    // runner (the network code itself is only in `cpick-sync`).
    .target(name: "ServerBooks", dependencies: ["ContactKit", "ContactStores", "VCard", "CpickSupport", "Localization"]),
    // The network side of server books, linked only into `cpick-sync`: sending queued
    // edits, bringing the local copies up to date.
    .target(
      name: "BookSync", dependencies: ["CardDAV", "LDAPDirectory", "ServerBooks", "ContactStores", "CpickSupport", "Localization"]),
    // Search: folding, pinyin, phone digits, scoring.
    .target(name: "Matching", dependencies: ["ContactKit", "CpickSupport"]),
    // The address book between the stores and the screens: the loader, the book and its
    // lookups, the on-disk index and the stored lists, duplicate detection.
    .target(
      name: "AddressBook",
      dependencies: [
        "ContactKit", "ContactStores", "ContactFormats", "Matching", "ServerBooks", "TerminalKit", "CpickSupport",
        "CSQLite3", "CMalloc", "Localization",
      ]),
    // Every text shown or said, in the user's language: gettext .po catalogs (po/),
    // one per language, read at run time (`L10n`).
    .target(name: "Localization", resources: [.copy("po")]),
    // Terminal abstraction: cells, frames, keys, the in-memory screen.
    .target(name: "TerminalKit", dependencies: ["CpickSupport"]),
    // The card's photo: the `PHOTO` value, decoding (off the main actor, cached), drawing
    // with chafa; scaling and JPEG encoding for a photo that is set.
    .target(
      name: "ContactPhotos",
      dependencies: ["ContactKit", "VCard", "TerminalKit", "CpickSupport", "CChafa", "CImageCodecs", "Localization"]),
    // The screens on /dev/tty: CursesScreen (ncursesw) and InlineScreen (raw ANSI).
    .target(name: "TerminalScreens", dependencies: ["TerminalKit", "CNcursesw", "CpickSupport", "Localization"]),
    // The controllers and their delegates (the public library).
    .target(
      name: "ContactPicker",
      dependencies: [
        "ContactKit", "ContactStores", "ContactFormats", "AddressBook", "Matching", "TerminalKit", "CpickSupport",
        "ContactPhotos", "Localization",
      ]),
    // The command-line tool, a thin client of ContactPicker.
    .executableTarget(
      name: "cpick",
      dependencies: [
        "ContactPicker", "AddressBook", "ContactFormats", "ContactKit", "VCard", "ContactStores", "Matching",
        "ServerBooks", "TerminalKit", "TerminalScreens", "CpickSupport", "ContactPhotos", "Localization",
        "CpickAllocator",
      ]),
    // A CardDAV client over libcurl (discovery, sync-collection, multiget, conditional
    // writes). Not in the library product nor the tool: only a helper executable links it.
    .target(name: "CardDAV", dependencies: ["CCurl", "CpickSupport"]),
    // An LDAP directory client over libldap (simple bind, StartTLS/LDAPS, paged searches,
    // query searches), giving `DirectoryEntries`' entries. Not in the library product nor
    // the tool: only a helper executable links it.
    .target(name: "LDAPDirectory", dependencies: ["CLDAP", "DirectoryEntries", "ContactKit", "VCard"]),
    // The sync helper: all of cpick's network code, run by cpick when a server book is
    // read or saved (`SyncHelper`), and by `cpick sync`.
    .executableTarget(
      name: "cpick-sync",
      dependencies: [
        "BookSync", "ServerBooks", "ContactStores", "TerminalKit", "VCard", "XCard", "CpickSupport", "CpickAllocator",
        "CProcessControl",
      ]),
    // Benchmarks: load, first frame, keystrokes (numbers in the README).
    .executableTarget(
      name: "cpick-bench",
      dependencies: [
        "ContactPicker", "AddressBook", "VCard", "ContactStores", "Matching", "TerminalKit", "CpickSupport", "CpickAllocator",
      ],
      exclude: ["compare.sh", "carddav.sh", "ldap.sh", "scaling.sh", "shapes.py", "first-touch.py", "hundred-mb.sh", "PERFORMANCE.md"]),

    // Shared by the test targets (not a product): the package root and fixtures, the
    // shared corpus and cases, invented contacts, temp folders.
    .target(name: "CpickTestSupport", dependencies: ["ContactKit", "CpickTestEnvironment"], path: "Tests/CpickTestSupport"),
    // CPICK_LANGUAGE=en in every test process, set before any test runs (a constructor).
    .target(name: "CpickTestEnvironment", path: "Tests/CpickTestEnvironment"),
    .testTarget(name: "ContactKitTests", dependencies: ["ContactKit", "CpickSupport", "CpickTestSupport"]),
    .testTarget(
      name: "VCardTests", dependencies: ["VCard", "XCard", "ContactKit", "ContactFormats", "CpickSupport", "CpickTestSupport"]),
    .testTarget(
      name: "ContactStoresTests",
      dependencies: ["ContactStores", "ContactKit", "CpickSupport", "CpickTestSupport", "DirectoryEntries"]),
    .testTarget(name: "ContactFormatsTests", dependencies: ["ContactFormats", "ContactKit", "ContactStores", "CpickTestSupport"]),
    .testTarget(name: "MatchingTests", dependencies: ["Matching", "ContactKit", "CpickSupport", "CpickTestSupport"]),
    .testTarget(
      name: "AddressBookTests",
      dependencies: ["AddressBook", "ContactKit", "ContactStores", "ContactFormats", "Matching", "CpickSupport", "CpickTestSupport"]),
    .testTarget(
      name: "ContactPhotosTests", dependencies: ["ContactPhotos", "ContactKit", "VCard", "TerminalKit", "CpickTestSupport"]),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization", "CpickTestSupport", "TerminalKit"]),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "CpickTestSupport"]),
    .testTarget(name: "TerminalScreensTests", dependencies: ["TerminalScreens", "TerminalKit", "CNcursesw"]),
    .testTarget(
      name: "ContactPickerTests",
      dependencies: [
        "ContactPicker", "AddressBook", "ContactFormats", "ContactKit", "ContactStores", "Matching", "TerminalKit", "VCard",
        "CpickTestSupport", "ContactPhotos", "Localization", "CpickSupport",
      ],
      exclude: ["Snapshots/__Snapshots__"]),
    .testTarget(name: "CardDAVTests", dependencies: ["CardDAV", "CpickTestSupport"]),
    .testTarget(name: "LDAPDirectoryTests", dependencies: ["LDAPDirectory", "ContactKit", "ContactFormats", "VCard", "CpickTestSupport"]),
    .testTarget(
      name: "ServerBooksTests",
      dependencies: ["ServerBooks", "BookSync", "CardDAV", "AddressBook", "ContactStores", "ContactKit", "CpickSupport", "CpickTestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["CpickTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
