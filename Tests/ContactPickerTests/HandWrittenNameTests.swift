import ContactKit
import Testing

@testable import ContactPicker

/// A hand-written `FN` follows an edit of the name's parts where they stand in it as
/// the name, and keeps everything else written there.
@Suite("a hand-written formatted name follows the name's parts")
struct HandWrittenNameTests {
  /// Prefix, given, middle, family, suffix.
  static func parts(_ given: String, _ family: String, prefix: String = "") -> [String] { [prefix, given, "", family, ""] }

  @Test("a part beside another part is changed where it stands")
  func beside() {
    let old = Self.parts("Bob", "Smith", prefix: "Dr")
    #expect(HandWrittenName.renamed("Dr Bob Smith (work)", from: old, to: Self.parts("Robert", "Smith", prefix: "Dr")) == "Dr Robert Smith (work)")
    #expect(HandWrittenName.renamed("Smith, Bob", from: old, to: Self.parts("Bob", "Smyth", prefix: "Dr")) == "Smyth, Bob")
    // Both changed; the prefix removed takes its blank.
    #expect(HandWrittenName.renamed("Dr Bob Smith", from: old, to: Self.parts("Rob", "Smyth")) == "Rob Smyth")
    // Swapped: each found where it stood (it saved `Lovelace Lovelace (work)`).
    #expect(
      HandWrittenName.renamed("Ada Lovelace (work)", from: Self.parts("Ada", "Lovelace"), to: Self.parts("Lovelace", "Ada"))
        == "Lovelace Ada (work)")
  }

  @Test("two neighbours removed take the blank between them once: nothing of them is left")
  func neighboursRemoved() {
    let tom = ["", "Tom", "Lee", "Smith", ""]
    // Before, the second removal overlapped the first (`Tom ` and ` Smith`) and was
    // skipped: the deleted first name came back as the name.
    #expect(HandWrittenName.renamed("Tom Smith", from: tom, to: ["", "", "Lee", "", ""]) == "")
    #expect(HandWrittenName.renamed("Tom Smith (work)", from: tom, to: ["", "", "Lee", "", ""]) == "(work)")
    #expect(HandWrittenName.renamed("Dr Tom Smith", from: ["Dr", "Tom", "", "Smith", ""], to: ["Dr", "", "", "", ""]) == "Dr")
  }

  @Test("beside a prefix or suffix with its period, or a word of a vCard 2.1 list of middle names, a part is changed too (a helper's trial)")
  func periodsAndLists() {
    let outlook = ["Mr.", "John", "Richter,James", "Doe", "Sr."]
    #expect(
      HandWrittenName.renamed("Mr. John Richter James Doe Sr.", from: outlook, to: ["Mr.", "Johnny", "Richter,James", "Doe", "Sr."])
        == "Mr. Johnny Richter James Doe Sr.")
    #expect(HandWrittenName.renamed("Dr. Bob", from: ["Dr.", "Bob", "", "", ""], to: ["Dr.", "Rob", "", "", ""]) == "Dr. Rob")
    // The list itself changed: its words where they stand.
    #expect(
      HandWrittenName.renamed("Mr. John Richter James Doe Sr.", from: outlook, to: ["Mr.", "John", "Karl", "Doe", "Sr."])
        == "Mr. John Karl Doe Sr.")
    #expect(
      HandWrittenName.renamed("Mr. John Richter James Doe Sr.", from: outlook, to: ["Mr.", "John", "Karl,Heinz", "Doe", "Sr."])
        == "Mr. John Karl Heinz Doe Sr.")
  }

  @Test("beside an initial, a nickname in quotes or brackets, or in other capitals, a part is changed too (kinds 16, 12)")
  func initialsNicknamesCapitals() {
    let john = ["", "John", "Quincy", "Smith", ""]
    #expect(HandWrittenName.renamed("John Q. Smith", from: john, to: ["", "John", "Quincy", "Smyth", ""]) == "John Q. Smyth")
    let tolkien = ["", "John", "Ronald Reuel", "Tolkien", ""]
    #expect(
      HandWrittenName.renamed("J. R. R. Tolkien", from: tolkien, to: ["", "John", "Ronald Reuel", "Tolkien-Smith", ""])
        == "J. R. R. Tolkien-Smith")
    let kate = Self.parts("Katherine", "Bell")
    #expect(HandWrittenName.renamed("Katherine \"Kate\" Bell", from: kate, to: Self.parts("Katherine", "Bell-Hart")) == "Katherine \"Kate\" Bell-Hart")
    let bob = Self.parts("Robert", "Smith")
    #expect(HandWrittenName.renamed("Robert (Bob) Smith", from: bob, to: Self.parts("Robert", "Smyth")) == "Robert (Bob) Smyth")
    #expect(HandWrittenName.renamed("MARIA GARCIA", from: Self.parts("Maria", "Garcia"), to: Self.parts("Marie", "Garcia")) == "MARIE GARCIA")
    #expect(HandWrittenName.renamed("John SMITH", from: Self.parts("John", "Smith"), to: Self.parts("John", "Smyth")) == "John SMYTH")
  }

  @Test("a part that is not the name there, or is there twice or inside a word, is left")
  func left() {
    let ada = Self.parts("Ada", "Lovelace")
    #expect(
      HandWrittenName.renamed("Augusta Ada, Countess of Lovelace", from: ada, to: Self.parts("Ada", "King"))
        == "Augusta Ada, Countess of Lovelace")
    #expect(HandWrittenName.renamed("Ann Ann Lee", from: Self.parts("Ann", "Lee"), to: Self.parts("Anne", "Lee")) == "Ann Ann Lee")
    #expect(HandWrittenName.renamed("Leeann Lee", from: Self.parts("Ann", "Lee"), to: Self.parts("Anne", "Lee")) == "Leeann Lee")
    #expect(HandWrittenName.renamed("Bobby", from: Self.parts("Bob", ""), to: Self.parts("Rob", "")) == "Bobby")
    // The name's one part stands alone.
    #expect(HandWrittenName.renamed("Bob (plumber)", from: Self.parts("Bob", ""), to: Self.parts("Rob", "")) == "Rob (plumber)")
  }

  @Test("in a script written without spaces, a part is a word wherever it stands")
  func unspaced() {
    #expect(
      HandWrittenName.renamed("山田花子様", from: Self.parts("花子", "山田"), to: Self.parts("春子", "山田")) == "山田春子様")
  }
}
