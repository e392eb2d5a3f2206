import ContactStores
import CpickTestSupport
import Foundation
import Testing

/// vdirsyncer's layout: a storage folder with one sub-folder per collection; new cards
/// go into a collection, never its top (issue 23).
@Suite("The collections of a vdir")
struct VdirCollectionsTests {
  let card = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:X\r\nEND:VCARD\r\n".utf8)

  @Test("the sub-folders of a folder without cards, by name, dot-folders left out")
  func collections() throws {
    let folder = try TempFolder("collections")
    defer { folder.remove() }
    try folder.write("work/a.vcf", card)
    try folder.write("personal/b.vcf", card)
    try folder.write(".hidden/c.vcf", card)
    try folder.write("personal/displayname", Array("Personal".utf8))
    #expect(VdirCollections.collections(of: folder.path) == [folder.path + "/personal", folder.path + "/work"])
    #expect(VdirCollections.collections(of: folder.path + "/") == [folder.path + "/personal", folder.path + "/work"])
    #expect(VdirCollections.collections(of: folder.path + "/work") == [], "a collection is a vdir of its own")
  }

  @Test("a folder with cards of its own has no collections, even with sub-folders")
  func cardsAtTheTop() throws {
    let folder = try TempFolder("collections-top")
    defer { folder.remove() }
    try folder.write("a.vcf", card)
    try folder.write("old/b.vcf", card)
    #expect(VdirCollections.collections(of: folder.path) == [])
    #expect(VdirCollections.collections(of: folder.path + "/absent") == [])
  }

  @Test("the one the config names (by folder name or path), else the first")
  func choose() {
    let all = ["/c/personal", "/c/work"]
    #expect(VdirCollections.choose(among: all, preferred: nil) == "/c/personal")
    #expect(VdirCollections.choose(among: all, preferred: "work") == "/c/work")
    #expect(VdirCollections.choose(among: all, preferred: "/c/work/") == "/c/work")
    #expect(VdirCollections.choose(among: all, preferred: "family") == "/c/personal")
    #expect(VdirCollections.choose(among: [], preferred: "work") == nil)
  }

  @Test("the config's save-to line")
  func config() {
    let config = ConfigFile(parsing: "source = ~/.contacts\nsave-to = work\n[account x]\nsave-to = nope\n", home: "/h")
    #expect(config.saveTo == "work")
    #expect(ConfigFile(parsing: "save-to = ~/.contacts/work", home: "/h").saveTo == "/h/.contacts/work")
  }
}
