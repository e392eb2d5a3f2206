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
}
