/// Lays out a postal address the way its country writes it (CNPostalAddressFormatter).
///
/// The country comes from `isoCountryCode`, else from the country name. Orders:
/// - US, CA, AU and similar: street / city, state postal code / country;
/// - GB, IE: street / city / postal code / country;
/// - most of Europe and Latin America: street / postal code city / country;
/// - CN, JP, KR, TW: country / state city / street … postal code first (big to small).
public enum PostalAddressFormatter {
  /// The address as lines, empty ones left out.
  public static func lines(for address: PostalAddress) -> [String] {
    let street = address.street.split(whereSeparator: \.isNewline).map(String.init)
    func join(_ parts: String...) -> String { parts.filter { !$0.isEmpty }.joined(separator: " ") }
    var lines: [String]
    switch style(for: address) {
    case .cityStatePostal:
      let cityPart = [address.city, join(address.state, address.postalCode)].filter { !$0.isEmpty }
        .joined(separator: ", ")
      lines = street + [cityPart, address.country]
    case .cityThenPostal:
      lines = street + [address.city, address.state, address.postalCode, address.country]
    case .postalCity:
      lines = street + [join(address.postalCode, address.city), address.state, address.country]
    case .bigToSmall:
      lines = [address.country, join(address.postalCode, address.state, address.city)] + street
    }
    return lines.map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
  }

  enum Style { case cityStatePostal, cityThenPostal, postalCity, bigToSmall }

  static func style(for address: PostalAddress) -> Style {
    let code = address.isoCountryCode.lowercased()
    let country = address.country.lowercased()
    // A country written as its code (`UK`, `U.K.`, `US`, `GB`) counts as the code.
    let written = country.filter(\.isLetter)
    func matches(_ codes: Set<String>, _ names: [String]) -> Bool {
      codes.contains(code) || (written.count == 2 && codes.contains(written))
        || names.contains(where: { country.contains($0) })
    }
    if matches(["us", "ca", "au", "nz", "in", "ph", "my", "sg"],
               ["united states", "usa", "u.s.a", "canada", "australia", "new zealand", "india"]) {
      return .cityStatePostal
    }
    if matches(["gb", "uk", "ie"], ["united kingdom", "england", "scotland", "wales", "ireland", "great britain"]) {
      return .cityThenPostal
    }
    if matches(["cn", "jp", "kr", "tw"], ["china", "japan", "korea", "taiwan", "中国", "日本", "한국", "台灣", "台湾"]) {
      return .bigToSmall
    }
    if code.isEmpty && country.isEmpty { return .cityStatePostal }
    return .postalCity
  }
}
