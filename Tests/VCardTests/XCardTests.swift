import ContactKit
import CpickSupport
import CpickTestSupport
import Foundation
import Testing
@testable import XCard

@testable import VCard

/// xCard (RFC 6351): read into the same content lines a `.vcf` file gives, written
/// from the same card as jCard.
@Suite("xCard")
struct XCardTests {
  init() { XCardInput.install(XCardReader.read) }

  static let card = """
    BEGIN:VCARD
    VERSION:4.0
    UID:urn:uuid:1
    FN:Ada & <Lovelace>
    N:Lovelace;Ada;Augusta,Byron;;
    item1.EMAIL;TYPE=work;PREF=1:ada@example.org
    item1.X-ABLabel:Analytical
    TEL;VALUE=uri;TYPE="voice,cell":tel:+44-20-7946-0000
    ADR;TYPE=home:;;12 St James\\, Square;London;;SW1Y;UK
    ORG:Analytical Engines;Research
    CATEGORIES:Math,Poetry
    BDAY:18151210
    GENDER:F
    REV:20240302T091205Z
    X-CUSTOM;X-P="a:b":raw\\,value
    NOTE:Line one\\nLine two
    END:VCARD

    """

  /// Every line of a card but `VERSION`, as (group, name, parameters, value).
  struct Property: Hashable, CustomStringConvertible {
    var group: String?
    var name: String
    var parameters: [String: [String]]
    var value: String
    var description: String { "\(group.map { $0 + "." } ?? "")\(name)\(parameters.sorted { $0.key < $1.key })=\(value)" }

    init(_ line: ContentLine) {
      group = line.group?.lowercased()
      name = line.name
      var parameters: [String: [String]] = [:]
      for parameter in line.parameters {
        parameters[parameter.name ?? "TYPE", default: []] += parameter.values.flatMap {
          $0.split(separator: ",").map { $0.lowercased() }
        }
      }
      self.parameters = parameters
      value = line.value
    }
  }

  static func properties(_ card: RawCard) -> [Property] {
    card.lines.filter { $0.name != "VERSION" }.map(Property.init)
  }

  @Test("the RFC 6351 example reads as the vCard it stands for", .sharedCorpus)
  func readsTheRFCExample() throws {
    let bytes = try SharedFiles.corpusBytes("ez-vcard/rfc6351-example.xml")
    #expect(XCardInput.isXCard(bytes))
    let result = VCardReader.read(bytes)
    #expect(result.warnings.isEmpty)
    let card = try #require(result.cards.first)
    #expect(card.version == "4.0")
    #expect(card.first("FN")?.value == "Simon Perreault")
    #expect(card.first("N")?.value == "Perreault;Simon;;;ing. jr,M.Sc.")
    #expect(card.first("BDAY")?.value == "--0203")
    #expect(card.all("LANG").map { $0.parameterValues("PREF") } == [["1"], ["2"]])
    #expect(card.first("ADR")?.value == ";;2875 boul. Laurier\\, suite D2-630;Quebec;QC;G1V 2M2;Canada")
    #expect(card.first("ADR")?.parameterValues("LABEL").first?.hasPrefix("Simon Perreault\n2875 boul.") == true)
    let tel = try #require(card.first("TEL"))
    #expect(tel.value == "tel:+1-418-656-9254;ext=102" && tel.parameterValues("VALUE") == ["uri"])
    #expect(tel.types == ["work", "voice"])
    let contact = ContactDecoder.contact(from: card, source: "rfc6351-example.xml")
    #expect(contact.familyName == "Perreault" && contact.givenName == "Simon")
    #expect(contact.postalAddresses.first?.value.city == "Quebec")
    #expect(contact.phoneNumbers.map(\.value) == ["+1-418-656-9254;ext=102", "+1-418-262-6501"])
  }

  @Test("groups, extension properties and elements of other namespaces are kept (RFC 6351 §3.3, §5)")
  func keepsGroupsAndExtensions() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">
        <vcard>
          <fn><text>J. Doe</text></fn>
          <group name="contact">
            <tel><parameters><type><text>work</text><text>voice</text></type></parameters><text>+1 555 0100</text></tel>
            <x-ablabel><unknown>Desk</unknown></x-ablabel>
          </group>
          <x-file><parameters><mediatype><text>image/jpeg</text></mediatype></parameters><unknown>alien.jpg</unknown></x-file>
          <a xmlns="http://www.w3.org/1999/xhtml" href="http://www.example.com">My web page!</a>
          <categories><text>a,b</text><text>c</text></categories>
        </vcard>
      </vcards>
      """
    let card = try #require(VCardReader.read(Array(xml.utf8)).cards.first)
    let tel = try #require(card.first("TEL"))
    #expect(tel.group == "contact" && tel.types == ["work", "voice"] && tel.value == "+1 555 0100")
    #expect(card.first("X-ABLABEL")?.group == "contact" && card.first("X-ABLABEL")?.value == "Desk")
    #expect(card.first("X-FILE")?.parameterValues("MEDIATYPE") == ["image/jpeg"])
    #expect(card.first("X-FILE")?.value == "alien.jpg")
    let embedded = ValueDecoder.unescape(try #require(card.first("XML")).value)
    #expect(embedded.contains("xmlns=\"http://www.w3.org/1999/xhtml\"") && embedded.contains(">My web page!</a>"))
    #expect(card.first("CATEGORIES")?.value == "a\\,b,c")
    let contact = ContactDecoder.contact(from: card, source: "x.xml")
    #expect(contact.phoneNumbers.first?.label == "Desk" && contact.groups == ["a,b", "c"])

    // Written back: the same properties, the foreign element as it was.
    let again = XCardWriter.document([card])
    #expect(again.contains("<group name=\"contact\">"))
    #expect(again.contains("<a xmlns=\"http://www.w3.org/1999/xhtml\" href=\"http://www.example.com\">My web page!</a>"))
    let back = try #require(VCardReader.read(Array(again.utf8)).cards.first)
    #expect(Self.properties(back) == Self.properties(card))
  }

  @Test("vCard to xCard and back gives the same properties; xCard to xCard is the same document")
  func roundTrips() throws {
    let card = try #require(readCards(Self.card).cards.first)
    let xml = XCardWriter.document([card])
    #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">"))
    #expect(xml.contains("<fn><text>Ada &amp; &lt;Lovelace&gt;</text></fn>"))
    #expect(xml.contains("<n><surname>Lovelace</surname><given>Ada</given><additional>Augusta</additional><additional>Byron</additional><prefix/><suffix/></n>"))
    #expect(xml.contains("<group name=\"item1\">"))
    #expect(xml.contains("<x-custom><parameters><x-p><text>a:b</text></x-p></parameters><unknown>raw\\,value</unknown></x-custom>"))
    #expect(xml.contains("<bday><date>18151210</date></bday>") && xml.contains("<rev><timestamp>20240302T091205Z</timestamp></rev>"))
    #expect(xml.contains("<org><text>Analytical Engines</text><text>Research</text></org>"))
    let back = try #require(VCardReader.read(Array(xml.utf8)).cards.first)
    #expect(Self.properties(back) == Self.properties(card))
    #expect(XCardWriter.document([back]) == xml)
    // The contacts are the same too.
    let contact = try #require(loadContacts(Self.card).first)
    let fromXML = try #require(loadContacts(Array(XCardWriter.write(contact).utf8), source: "test.xml").first)
    #expect(Projection(fromXML) == Projection(contact))
  }

  @Test("a 3.0 card as xCard: dates in the basic form, a base64 photo as a data: URI, GEO as a geo: URI")
  func convertsOlderVersions() throws {
    let card = try #require(
      readCards(
        """
        BEGIN:VCARD
        VERSION:3.0
        FN:Old Card
        N:Card;Old;;;
        BDAY:1985-04-15
        REV:2008-04-24T19:52:43Z
        GEO:37.386013;-122.082932
        PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ
        NOTE;CHARSET=UTF-8:caf\u{E9}
        END:VCARD

        """
      ).cards.first)
    let xml = XCardWriter.document([card])
    #expect(xml.contains("<bday><date>19850415</date></bday>"))
    #expect(xml.contains("<rev><timestamp>20080424T195243Z</timestamp></rev>"))
    #expect(xml.contains("<geo><uri>geo:37.386013,-122.082932</uri></geo>"))
    #expect(xml.contains("<photo><uri>data:image/jpeg;base64,/9j/4AAQ</uri></photo>"))
    #expect(xml.contains("<note><text>caf\u{E9}</text></note>") && !xml.contains("<version>"))
  }

  @Test("what is not xCard is said, not guessed")
  func refusesOtherXML() {
    #expect(!XCardInput.isXCard(Array("BEGIN:VCARD\r\n".utf8)))
    let broken = VCardReader.read(Array("<?xml version=\"1.0\"?><vcards><vcard>".utf8))
    #expect(broken.cards.isEmpty && broken.warnings.first?.message.contains("not well-formed") == true)
    let other = VCardReader.read(Array("<?xml version=\"1.0\"?><html/>".utf8))
    #expect(other.cards.isEmpty && other.warnings.first?.message.contains("not an xCard document") == true)
    let entity = """
      <?xml version="1.0"?><!DOCTYPE v [<!ENTITY x SYSTEM "file:///etc/hostname">]>
      <vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0"><vcard><fn><text>&x;</text></fn></vcard></vcards>
      """
    let fn = VCardReader.read(Array(entity.utf8)).cards.first?.first("FN")?.value ?? ""
    let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "\u{0}"
    #expect(!fn.contains(hostname))
  }

  @Test("xCard has the limits of vCard: a value over its limit and a card over its limit are left out with warnings")
  func limits() {
    var limits = VCardLimits.standard
    limits.textValueBytes = 200
    limits.cardBytes = 1_000
    func card(_ name: String, _ extra: String) -> String {
      "\n<vcard><fn><text>\(name)</text></fn>\n\(extra)</vcard>"
    }
    let note = "<note><text>" + String(repeating: "n", count: 300) + "</text></note>"
    let notes = (0..<8).map { _ in "<note><text>" + String(repeating: "m", count: 150) + "</text></note>" }.joined()
    let xml =
      "<?xml version=\"1.0\"?><vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">"
      + card("Ada", note + "<email><text>ada@example.org</text></email>") + card("Huge", notes) + card("Grace", "")
      + "</vcards>"
    let result = XCardReader.read(Array(xml.utf8), limits: limits)
    #expect(result.cards.map { $0.first("FN")?.value } == ["Ada", "Grace"])
    #expect(result.cards.first?.lines.map(\.name) == ["VERSION", "FN", "EMAIL"])
    #expect(
      result.warnings == [
        VCardWarning(
          line: 3,
          message:
            "xCard card 1: NOTE value longer than 200 bytes, the limit for a value other than PHOTO, LOGO, SOUND, KEY; left out"),
        VCardWarning(
          line: 4, message: "xCard card 2: the card that begins here is longer than 1000 bytes, the limit for a card; left out"),
      ])
  }

  @Test("a card of elements nested without end (40,000 deep crashed the helper) is left out with a warning; the others are read")
  func nestedWithoutEnd() {
    let deep = String(repeating: "<x>", count: 40_000) + String(repeating: "</x>", count: 40_000)
    let xml =
      "<?xml version=\"1.0\"?><vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">"
      + "\n<vcard><fn><text>Deep</text></fn>" + deep + "</vcard>"
      + "\n<vcard><fn><text>Grace</text></fn></vcard></vcards>"
    let result = XCardReader.read(Array(xml.utf8), limits: .standard)
    #expect(result.cards.map { $0.first("FN")?.value } == ["Grace"])
    #expect(result.warnings.map(\.message) == ["xCard card 1: elements nested more than 256 deep; left out"])
  }

  @Test("a tag of more attributes than 256 (libxml2 checks each against the earlier ones: 160,000 took 5 s) is said at its line, not parsed")
  func crowdedTag() {
    func tag(_ count: Int) -> String { (0..<count).map { " a\($0)=\"x\"" }.joined() }
    let head = "<?xml version=\"1.0\"?>\n<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">\n"
    let crowded = head + "<vcard><fn><text>Ada</text></fn></vcard>\n<vcard><fn\(tag(257))><text>B</text></fn></vcard>\n</vcards>"
    let result = XCardReader.read(Array(crowded.utf8), limits: .standard)
    #expect(result.cards.isEmpty)
    #expect(result.warnings == [VCardWarning(line: 4, message: "an XML element with more than 256 attributes; xCard not read")])
    // At the limit, and with `=` in values, comments, CDATA and instructions, it is read.
    let busy = "<!-- a=b c=d -->" + String(repeating: "<?pi x=1?><![CDATA[a=b]]>", count: 300)
    let full = head + "<vcard><fn\(tag(255)) q=\"" + String(repeating: "=", count: 500) + "\"><text>Ada</text></fn>"
    #expect(XMLPieces.crowdedTag(Array((full + busy).utf8)) == nil)
    let read = XCardReader.read(Array((full + "</vcard></vcards>").utf8), limits: .standard)
    #expect(read.cards.map { $0.first("FN")?.value } == ["Ada"])
    #expect(XMLPieces.crowdedTag(Array("<a\n\nb=1 c=2 d=3>".utf8), most: 2) == 1)
    #expect(XMLPieces.crowdedTag(Array("<a b='=' c=\"=\">".utf8), most: 2) == nil)
  }

  @Test("a document is read a card at a time: each card is given on at its </vcard>, with the lines of its XML")
  func cardByCard() {
    let xml = """
      <?xml version="1.0"?>
      <vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">
        <vcard>
          <fn><text>Ada</text></fn>
          <email><text>ada@example.org</text></email>
        </vcard>
        <other/>
        <vcard><fn><text>Grace</text></fn></vcard>
      </vcards>
      """
    final class Seen { var cards: [RawCard] = [] }
    let seen = Seen()
    let outcome = XCardReader.read(Array(xml.utf8)) { seen.cards.append($0) }
    #expect(outcome.complete)
    #expect(seen.cards.map { $0.first("FN")?.value } == ["Ada", "Grace"])
    #expect(seen.cards.map(\.beginLine) == [3, 8])
    #expect(seen.cards.first?.lines.map(\.lineNumber) == [3, 4, 5])
    #expect(outcome.warnings == [VCardWarning(line: 7, message: "<other> in <vcards> is not a <vcard>; skipped")])
    let broken = XCardReader.read(Array(xml.dropLast(4).utf8)) { _ in }
    #expect(!broken.complete && broken.warnings.last?.message.contains("not well-formed") == true)
  }

  @Test("a document cut short or broken by an & keeps the cards before the place where it breaks, with a warning there (case 09's kind)")
  func cardsBeforeTheBreak() {
    let card = { (name: String) in "<vcard><fn><text>\(name)</text></fn></vcard>\n" }
    let head = "<?xml version=\"1.0\"?>\n<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">\n"
    let cut = VCardReader.read(Array((head + card("Alder") + card("Birch") + "<vcard><fn><text>Cobb").utf8))
    #expect(cut.cards.map { $0.first("FN")?.value } == ["Alder", "Birch"])
    #expect(cut.warnings == [VCardWarning(line: 5, message: "not well-formed xCard XML; skipped")])
    let ampersand = VCardReader.read(
      Array((head + card("Alder") + card("Birch") + card("Cobb & Sons") + card("Dara") + "</vcards>\n").utf8))
    #expect(ampersand.cards.prefix(2).map { $0.first("FN")?.value } == ["Alder", "Birch"])
    #expect(ampersand.warnings.map(\.message) == ["not well-formed xCard XML; skipped"])
  }

  @Test("a large document is parsed in pieces (libxml2 refuses one of 10 MB): the same cards, warnings and lines")
  func inPieces() {
    var limits = VCardLimits.standard
    limits.textValueBytes = 200
    let cards = (1...40).map { k in
      "  <vcard>\n    <fn><text>P\(k)</text></fn>\n"
        + (k == 33 ? "    <note><text>" + String(repeating: "n", count: 300) + "</text></note>\n" : "") + "  </vcard>\n"
    }
    let xml = Array(
      ("<?xml version=\"1.0\"?>\n<v:vcards xmlns:v=\"urn:ietf:params:xml:ns:vcard-4.0\">\n" + cards.joined() + "</v:vcards>\n")
        .replacingOccurrences(of: "<vcard>", with: "<v:vcard>").replacingOccurrences(of: "</vcard>", with: "</v:vcard>")
        .replacingOccurrences(of: "<fn><text>", with: "<v:fn><v:text>").replacingOccurrences(of: "</text></fn>", with: "</v:text></v:fn>")
        .replacingOccurrences(of: "<note><text>", with: "<v:note><v:text>")
        .replacingOccurrences(of: "</text></note>", with: "</v:text></v:note>").utf8)
    final class Seen { var cards: [RawCard] = [] }
    let whole = Seen()
    let pieces = Seen()
    let wholeOutcome = XCardReader.read(xml, limits: limits, pieceBytes: .max) { whole.cards.append($0) }
    let piecesOutcome = XCardReader.read(xml, limits: limits, pieceBytes: 200) { pieces.cards.append($0) }
    #expect(XMLPieces(xml, root: "vcards", record: "vcard", pieceBytes: 200).pieces.count > 5)
    #expect(wholeOutcome.complete && piecesOutcome.complete)
    #expect(pieces.cards.map { $0.first("FN")?.value } == (1...40).map { "P\($0)" })
    #expect(pieces.cards == whole.cards)
    #expect(pieces.cards[39].beginLine == 3 + 39 * 3 + 1)
    #expect(piecesOutcome.warnings == wholeOutcome.warnings && piecesOutcome.warnings.map(\.line) == [3 + 32 * 3 + 2])
  }
}
