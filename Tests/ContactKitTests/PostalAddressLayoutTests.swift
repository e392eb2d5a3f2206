import Testing

@testable import ContactKit

/// Addresses laid out as their country writes them, whether the card names the country
/// or gives its code.
@Suite("Postal address layout")
struct PostalAddressLayoutTests {
  static func address(_ country: String, code: String = "") -> PostalAddress {
    PostalAddress(street: "12 St James Sq", city: "London", state: "", postalCode: "SW1Y 4JH", country: country, isoCountryCode: code)
  }

  @Test(
    "a British address has its town, then its postcode, with the country written any common way",
    arguments: ["United Kingdom", "UK", "U.K.", "uk", "GB", "England"])
  func british(country: String) {
    #expect(PostalAddressFormatter.lines(for: Self.address(country)) == ["12 St James Sq", "London", "SW1Y 4JH", country])
  }

  @Test("the ISO code decides when the country is missing; a code-like word inside a name does not")
  func codes() {
    #expect(PostalAddressFormatter.lines(for: Self.address("", code: "gb")) == ["12 St James Sq", "London", "SW1Y 4JH"])
    // Germany: postcode before the town.
    var berlin = PostalAddress(street: "Unter den Linden 1", city: "Berlin", state: "", postalCode: "10117", country: "DE")
    #expect(PostalAddressFormatter.lines(for: berlin) == ["Unter den Linden 1", "10117 Berlin", "DE"])
    berlin.country = "Deutschland"
    #expect(PostalAddressFormatter.lines(for: berlin) == ["Unter den Linden 1", "10117 Berlin", "Deutschland"])
    // "US" written as the country: city, state and ZIP in the American way.
    let boston = PostalAddress(street: "1 Main St", city: "Boston", state: "MA", postalCode: "02108", country: "US")
    #expect(PostalAddressFormatter.lines(for: boston) == ["1 Main St", "Boston, MA 02108", "US"])
  }

  @Test("on one line (-f value, list rows) an address keeps the card's order for its country")
  func singleLine() {
    let dresden = PostalAddress(
      street: "Buehlauer Strasse 45", city: "Dresden", state: "Sachsen", postalCode: "01327", country: "Germany")
    #expect(dresden.singleLine == "Buehlauer Strasse 45, 01327 Dresden, Sachsen, Germany")
    #expect(dresden.singleLine == PostalAddressFormatter.lines(for: dresden).joined(separator: ", "))
    let boston = PostalAddress(street: "1 Main St\nSuite 2", city: "Boston", state: "MA", postalCode: "02108", country: "US")
    #expect(boston.singleLine == "1 Main St, Suite 2, Boston, MA 02108, US")
  }
}
