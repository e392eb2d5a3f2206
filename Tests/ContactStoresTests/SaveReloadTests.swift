import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores

/// A save into a large `.vcf` maps back only the cards it wrote: what it returns is
/// what reading the whole file gives for them.
@Suite struct SaveReloadTests {
  @Test(
    "an edited and an added contact come back as the whole file reads them, groups from group cards included",
    arguments: [true, false])
  func savedAsRead(groupCard: Bool) throws {
    let folder = try TempFolder("reload")
    defer { folder.remove() }
    var text =
      groupCard ? "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Team\r\nUID:g1\r\nMEMBER:urn:uuid:u7\r\nEND:VCARD\r\n" : ""
    for index in 0..<40 {
      text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u\(index)\r\nN:Family\(index);Given\(index);;;\r\nFN:Given\(index) Family\(index)\r\n"
        + "NOTE:kind of a note\\nKIND:none\r\n"
        + "EMAIL;TYPE=work:p\(index)@example.org\r\nX-CUSTOM;X-PARAM=1:kept \(index)\r\nEND:VCARD\r\n"
    }
    let path = try folder.write("book.vcf", Array(text.utf8))
    let store = VCardFileStore(path: path)
    let loaded = try store.load()
    let original = try #require(loaded.contacts.first { $0.identifier == "u7" })
    #expect(original.groups == (groupCard ? ["Team"] : []))
    #expect(VCardLoading.mayHoldKindLines(Array(text.utf8)) == groupCard)
    var edited = original
    edited.givenName = "Edited"
    edited.formattedName = "Edited Family7"
    var added = Contact(identifier: "new-one", source: path)
    added.givenName = "New"
    added.familyName = "Person"
    var request = SaveRequest()
    request.update(edited, original: original)
    request.add(added)
    let saved = try store.execute(request)

    let reread = try store.load().contacts
    #expect(saved.count == 2)
    for contact in saved {
      let expected = try #require(reread.first { $0.identifier == contact.identifier }, "\(contact.identifier)")
      #expect(contact == expected, "\(contact.identifier)")
      #expect(contact.sourceRecord?.firstLine == expected.sourceRecord?.firstLine)
    }
    #expect(saved.first { $0.identifier == "u7" }?.groups == (groupCard ? ["Team"] : []))
    #expect(reread.count == 41)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("X-CUSTOM;X-PARAM=1:kept 7\r\n"))
  }
}

extension SaveReloadTests {
  @Test("a vdir card without UID replaced by another person is not reloaded as it; renamed but with its email, it is")
  func reloadNoStranger() throws {
    let folder = try TempFolder("reload-stranger")
    defer { folder.remove() }
    let hesper = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Hesper Galloway\r\nN:Galloway;Hesper;;;\r\nEMAIL:hesper@galloway.example\r\nEND:VCARD\r\n"
    try folder.write("book/contact.vcf", Array(hesper.utf8))
    let loaded = try #require(try VdirStore(path: folder.file("book")).load().contacts.first)
    #expect(ContactIdentifier.isDerived(loaded.identifier))
    // Another program puts another person in the file's place.
    let ivo = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ivo Zed\r\nN:Zed;Ivo;;;\r\nEMAIL:ivo@zed.example\r\nEND:VCARD\r\n"
    try folder.write("book/contact.vcf", Array(ivo.utf8))
    #expect(throws: ContactStoreError.self) { try ContactReload.reload(loaded) }
    // The same person renamed keeps a value: that is the card.
    let renamed = hesper.replacingOccurrences(of: "FN:Hesper Galloway", with: "FN:Hesper G. Galloway")
    try folder.write("book/contact.vcf", Array(renamed.utf8))
    #expect(try ContactReload.reload(loaded).displayName == "Hesper G. Galloway")
  }

  @Test("a file of text without any card is not an address book: nothing is appended to it")
  func notAnAddressBook() throws {
    let folder = try TempFolder("not-a-book")
    defer { folder.remove() }
    let text = Array("root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000::/home/user:/bin/sh\n".utf8)
    let path = try folder.write("passwd-copy", text)
    var contact = Contact(identifier: "x1", source: path)
    contact.givenName = "Xavier"
    var request = SaveRequest()
    request.add(contact)
    #expect(throws: ContactStoreError.self) { try VCardFileStore(path: path).execute(request) }
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == text)
    // A blank file is a new address book.
    let blank = try folder.write("blank.vcf", Array("\n".utf8))
    var into = Contact(identifier: "x2", source: blank)
    into.givenName = "Xavier"
    var add = SaveRequest()
    add.add(into)
    #expect(try VCardFileStore(path: blank).execute(add).count == 1)
  }
}
