import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing

/// Every file of the shared corpus loads through `VCardFileStore`: no crash, no hang,
/// and the cards real exports hold come out as contacts.
@Suite("corpus loading", .sharedCorpus)
struct CorpusLoadingTests {
  /// Contacts over the whole corpus today; fewer means cards are being lost.
  static let contactFloor = SharedFiles.corpusContactFloor

  static func load(_ path: String) throws -> ContactLoad {
    try VCardFileStore(path: SharedFiles.corpusFile(path).path).load()
  }

  @Test("every corpus file loads, and the corpus yields at least the measured contacts")
  func everyFileLoads() throws {
    let files = try SharedFiles.corpusFiles()
    #expect(files.count > 200)
    var total = 0
    var warned = 0
    for file in files {
      // How fast is the benchmarks' business (`cpick-bench`), never a test's.
      let load = try Self.load(file)
      for contact in load.contacts {
        // A card with nothing to show by is a contact too (shown as "No Name").
        #expect(!contact.identifier.isEmpty, "\(file): a contact without identifier")
      }
      for warning in load.warnings {
        #expect(warning.hasPrefix(SharedFiles.corpus.appendingPathComponent(file).path + ":"), "\(warning)")
      }
      if ProcessInfo.processInfo.environment["CPICK_CORPUS_DUMP"] != nil {
        print("\(file): \(load.contacts.count) — \(load.contacts.prefix(4).map(\.displayName))")
        for warning in load.warnings { print("    \(warning.dropFirst(SharedFiles.corpus.path.count + 1))") }
      }
      total += load.contacts.count
      if !load.warnings.isEmpty { warned += 1 }
    }
    print("corpus: \(files.count) files, \(total) contacts, \(warned) files with warnings")
    #expect(total >= Self.contactFloor)
  }

  @Test(
    "real exports give their number of contacts",
    arguments: [
      ("folkerkinzel-vcards/LargeFile.vcf", 1000),
      ("ical4j-vcard/vcard-vCards-SAP.vcf", 30),
      ("ez-vcard/John_Doe_ANDROID.vcf", 6),
      ("virginity/list/list.vcf", 8),
      ("aosp-vcard/v21_multiple_entry.vcf", 3),
      ("aosp-vcard/v21_nest.vcf", 3),
      ("calcard/rfc.vcf", 7),
      ("syncevolution/eds_contact.vcf", 17),
      ("folkerkinzel-vcards/Empty.vcf", 0),
      ("folkerkinzel-vcards/MultiAnsiFilterTests/v3Utf16Bom.vcf", 2),
    ])
  func contactCounts(file: String, count: Int) throws {
    #expect(try Self.load(file).contacts.count == count)
  }

  @Test("a nested 2.1 card gives the parent the lines after the inner END")
  func nestedCards() throws {
    let load = try Self.load("aosp-vcard/v21_nest.vcf")
    #expect(load.contacts.map(\.familyName) == ["parent", "nest1", "nest2"])
    #expect(load.contacts.first?.phoneNumbers.map(\.value) == ["1"])
    #expect(load.warnings.contains { $0.hasSuffix("v21_nest.vcf:4: BEGIN:VCARD inside the card that began on line 1 (missing END:VCARD?); read as a card of its own") })
  }

  @Test("an undeclared 8-bit value is read in the charset the file declares elsewhere")
  func fileCharsetFallback() throws {
    let load = try Self.load("folkerkinzel-vcards/MultiAnsiFilterTests/Greek.vcf")
    #expect(load.contacts.first?.displayName == "Βαγγέλης")
  }

  @Test("a BOM-only file gives no contacts and no warnings")
  func bomOnlyFile() throws {
    let load = try Self.load("folkerkinzel-vcards/Empty.vcf")
    #expect(load.contacts.isEmpty)
    #expect(load.warnings.isEmpty)
  }
}
