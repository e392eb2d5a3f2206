/// A postal address (CNPostalAddress), from vCard `ADR` (RFC 6350 §6.3.1).
///
/// `street` joins the vCard post-office-box, extended and street components with
/// newlines, as CNPostalAddress does.
public struct PostalAddress: Sendable, Hashable {
  /// `ADR` components 1–3 (post-office box, extended, street), non-empty ones joined by newlines (CNPostalAddress.street).
  public var street = ""
  /// `ADR` component 4, locality (RFC 6350 §6.3.1) (CNPostalAddress.city).
  public var city = ""
  /// `ADR` component 5, region (RFC 6350 §6.3.1) (CNPostalAddress.state).
  public var state = ""
  /// `ADR` component 6, postal code (RFC 6350 §6.3.1) (CNPostalAddress.postalCode).
  public var postalCode = ""
  /// `ADR` component 7, country name (RFC 6350 §6.3.1) (CNPostalAddress.country).
  public var country = ""
  /// ISO 3166-1 alpha-2 code, lower case, when the card gives one (`CC` parameter, Apple's `X-ABADR`).
  public var isoCountryCode = ""

  /// The ISO 3166-1 alpha-2 code `text` gives (a `CC` parameter, RFC 8605 §3.1; Apple's
  /// `X-ABADR`), lower-cased: two ASCII letters, blanks around them or not; empty for
  /// any other text (an `X-ABADR` some writers fill with the street), which is no code.
  public static func isoCountryCode(_ text: String) -> String {
    let letters = text.utf8.filter { $0 != 0x20 && $0 != 0x09 }
    guard letters.count == 2, letters.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return "" }
    return String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self)
  }

  /// Creates an address.
  public init(
    street: String = "", city: String = "", state: String = "", postalCode: String = "",
    country: String = "", isoCountryCode: String = ""
  ) {
    self.street = street
    self.city = city
    self.state = state
    self.postalCode = postalCode
    self.country = country
    self.isoCountryCode = isoCountryCode
  }

  /// True when every field is empty.
  public var isEmpty: Bool {
    street.isEmpty && city.isEmpty && state.isEmpty && postalCode.isEmpty && country.isEmpty
  }

  /// The address on one line (list rows, `-f value`, templates): the lines of the
  /// card — the order its country writes it in, `PostalAddressFormatter` — joined by
  /// ", " (`Buehlauer Strasse 45, 01327 Dresden, Sachsen, Germany`).
  public var singleLine: String {
    PostalAddressFormatter.lines(for: self).joined(separator: ", ")
  }
}
