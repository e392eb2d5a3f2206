import ContactKit
import ContactStores
import Foundation
import Testing


/// `ContactRenderings.position(ofIdentifier:)`: `cpick show UID` finds its contact in
/// the stored JSON, without decoding the contacts before it.
@Suite("Finding a contact by UID in the list file")
struct RenderingIdentifierTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  @Test("every UID, also one with quotes, backslashes and non-ASCII, gives its contact's position; others give nil")
  func identifiersFound() throws {
    let sandbox = try Sandbox()
    let uids = (0..<40).map { "uid-\($0)" } + [#"odd "quoted" \ uid"#, "ünïcödé-王", "uid-1"]
    var text = ""
    for (number, uid) in uids.enumerated() {
      let escaped = uid.replacingOccurrences(of: "\\", with: "\\\\")
      text += "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(escaped)\r\nFN:Person \(number)\r\nN:\(number);Person;;;\r\nEND:VCARD\r\n"
    }
    try sandbox.write("book.vcf", text)
    let loader = ContactListLoaderTests.loader([sandbox.path("book.vcf")], cache: sandbox.cache)
    _ = try loader.load()
    let book = try loader.load()  // warm: from the list file
    let renderings = try #require(book.renderings)
    for uid in Set(uids) {
      let position = try #require(renderings.position(ofIdentifier: uid), "\(uid)")
      let expected = try #require(book.list.contacts.firstIndex { $0.identifier == uid })
      #expect(position == expected, "\(uid)")
    }
    #expect(renderings.position(ofIdentifier: "uid-") == nil)
    #expect(renderings.position(ofIdentifier: "uid-1 ") == nil)
    #expect(renderings.position(ofIdentifier: "Person 3") == nil)
  }
}
