import ContactKit
import CpickTestSupport
import Foundation
import Glibc
import Testing

@testable import ContactStores

/// A user trial: a vdir holding a symbolic link to itself showed every card four
/// times. Links are followed, but each folder and each card file is read once.
@Suite("Symbolic links in a vdir")
struct VdirLinkTests {
  /// A vdir `book/` with links of every kind, beside a folder `outside/` it links to
  /// and a card `loose/f.vcf` it links to:
  ///
  /// ```
  /// book/a.vcf  b.vcf  0link.vcf -> a.vcf  zlink.vcf -> outside/e.vcf  ext.vcf -> loose/f.vcf
  /// book/selfdir -> book   book/alias -> sub   book/outside -> outside
  /// book/sub/c.vcf  sub/a-copy.vcf (a's card, copied)  sub/up -> ..
  /// outside/d.vcf  outside/e.vcf  outside/back -> book
  /// ```
  struct LinkedBook {
    let folder: TempFolder
    var book: String { folder.file("book") }

    /// What the book holds once each: path below `book/` and UID.
    static let expected: Set<[String]> = [
      ["a.vcf", "a"], ["b.vcf", "b"], ["ext.vcf", "f"], ["sub/a-copy.vcf", "a"], ["sub/c.vcf", "c"],
      ["outside/d.vcf", "d"], ["outside/e.vcf", "e"],
    ]

    init() throws {
      folder = try TempFolder("links")
      let cards = ["book/a.vcf": "a", "book/b.vcf": "b", "book/sub/c.vcf": "c", "book/sub/a-copy.vcf": "a",
        "outside/d.vcf": "d", "outside/e.vcf": "e", "loose/f.vcf": "f"]
      for (name, uid) in cards {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:Person \(uid)\r\nEND:VCARD\r\n"
        try folder.write(name, Array(card.utf8))
      }
      let links = [
        ("book/0link.vcf", "a.vcf"), ("book/zlink.vcf", folder.file("outside/e.vcf")),
        ("book/ext.vcf", folder.file("loose/f.vcf")), ("book/selfdir", folder.file("book")), ("book/alias", "sub"),
        ("book/outside", folder.file("outside")), ("book/sub/up", ".."), ("outside/back", folder.file("book")),
      ]
      for (name, target) in links { #expect(symlink(target, folder.file(name)) == 0, "\(name)") }
    }

    /// Each contact's file below `book/` and its UID.
    func relative(_ contacts: [Contact]) -> [[String]] {
      contacts.map { [String($0.source.dropFirst(book.count + 1)), $0.identifier] }
    }
  }

  @Test("the store reads each folder and each card file once; a copied card stays a card of its own")
  func storeReadsEachFileOnce() throws {
    let fixture = try LinkedBook()
    defer { fixture.folder.remove() }
    let load = try VdirStore(path: fixture.book).load()
    let read = fixture.relative(load.contacts)
    #expect(read.count == LinkedBook.expected.count)
    #expect(Set(read) == LinkedBook.expected)
    // The book's own folders first, then the folder reached through a link.
    let order = ["a.vcf", "b.vcf", "ext.vcf", "sub/a-copy.vcf", "sub/c.vcf", "outside/d.vcf", "outside/e.vcf"]
    #expect(read.map(\.[0]) == order)
  }

  @Test("the listing gives the same files whether it examines them or not")
  func listingsAgree() throws {
    let fixture = try LinkedBook()
    defer { fixture.folder.remove() }
    let examined = try #require(VdirListing(folder: fixture.book))
    let names = try #require(VdirListing(folder: fixture.book, examining: false))
    let expected = LinkedBook.expected.map { fixture.book + "/" + $0[0] }.sorted()
    #expect(examined.files.map(\.path).sorted() == expected)
    #expect(names.files.map(\.path) == examined.files.map(\.path))
    #expect(names.files.map(\.signature) == examined.files.map(\.signature))
    #expect(examined.warnings.isEmpty && names.warnings.isEmpty)
  }

  @Test("a folder's listing says which card files and sub-folders are links, and where they lead")
  func folderListingKnowsLinks() throws {
    let fixture = try LinkedBook()
    defer { fixture.folder.remove() }
    for examining in [true, false] {
      let listing = try #require(FileSignature.listing(ofDirectory: fixture.book, examining: examining))
      #expect(listing.linkedFiles.isSuperset(of: ["0link.vcf", "zlink.vcf", "ext.vcf"]))
      #expect(!listing.linkedFiles.contains("a.vcf"))
      let subfolders = listing.subfolders.sorted { $0.name < $1.name }
      #expect(subfolders.map(\.name) == ["alias", "outside", "selfdir", "sub"])
      #expect(subfolders.map(\.isLink) == [true, true, true, false])
      #expect(subfolders[2].identity == listing.identity)
      #expect(subfolders[0].identity == subfolders[3].identity)
    }
  }

  @Test("an edit of a card goes to the file it was read from; the link to it stays a link")
  func editGoesToTheFileRead() throws {
    let fixture = try LinkedBook()
    defer { fixture.folder.remove() }
    let store = VdirStore(path: fixture.book)
    let original = try #require(try store.load().contacts.first { $0.source == fixture.book + "/a.vcf" })
    var edited = original
    edited.jobTitle = "Engineer"
    var request = SaveRequest()
    request.update(edited, original: original)
    _ = try store.execute(request)
    #expect(Bytes.text(fixture.book + "/a.vcf").contains("TITLE:Engineer"))
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: fixture.book + "/0link.vcf")) == "a.vcf")
    let again = try store.load().contacts.filter { $0.identifier == "a" }
    #expect(again.map(\.jobTitle).sorted() == ["", "Engineer"])
  }
}
