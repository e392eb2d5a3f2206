/// What cpick knows of the world's telephone numbering plans: country calling codes
/// (ITU-T E.164), national trunk prefixes and international call prefixes (ITU-T
/// E.129 national numbering plans). The one table behind both the search's phone
/// forms (`+49 170 …` found by `0170 …`) and duplicate detection's keys
/// (`PhoneNumberKey`).
public enum PhoneNumberPlan {
  /// One country: its region code, calling code and prefixes.
  public struct Country: Sendable, Hashable {
    /// The ISO 3166-1 alpha-2 region code, e.g. `DE`.
    public var region: String
    /// The country calling code without `+` (ITU-T E.164), e.g. `49`.
    public var callingCode: String
    /// The national trunk prefix dialled before a national number and dropped after
    /// the country code, e.g. `0`; `nil` when the national number keeps its leading
    /// digit (Italy, Spain) or there is none. In the NANP it is `1`, the calling code
    /// itself.
    public var trunkPrefix: String?
    /// The international call prefix, e.g. `00`, `011` in North America.
    public var internationalPrefix: String

    /// A row of the table.
    public init(region: String, callingCode: String, trunkPrefix: String?, internationalPrefix: String = "00") {
      self.region = region
      self.callingCode = callingCode
      self.trunkPrefix = trunkPrefix
      self.internationalPrefix = internationalPrefix
    }
  }

  /// The countries cpick knows, by region code.
  public static let countries: [Country] = [
    Country(region: "US", callingCode: "1", trunkPrefix: "1", internationalPrefix: "011"),
    Country(region: "CA", callingCode: "1", trunkPrefix: "1", internationalPrefix: "011"),
    Country(region: "RU", callingCode: "7", trunkPrefix: "8", internationalPrefix: "810"),
    Country(region: "KZ", callingCode: "7", trunkPrefix: "8", internationalPrefix: "810"),
    Country(region: "ZA", callingCode: "27", trunkPrefix: "0"),
    Country(region: "GR", callingCode: "30", trunkPrefix: nil),
    Country(region: "NL", callingCode: "31", trunkPrefix: "0"),
    Country(region: "BE", callingCode: "32", trunkPrefix: "0"),
    Country(region: "FR", callingCode: "33", trunkPrefix: "0"),
    Country(region: "ES", callingCode: "34", trunkPrefix: nil),
    Country(region: "HU", callingCode: "36", trunkPrefix: "06"),
    Country(region: "IT", callingCode: "39", trunkPrefix: nil),
    Country(region: "CH", callingCode: "41", trunkPrefix: "0"),
    Country(region: "AT", callingCode: "43", trunkPrefix: "0"),
    Country(region: "GB", callingCode: "44", trunkPrefix: "0"),
    Country(region: "DK", callingCode: "45", trunkPrefix: nil),
    Country(region: "SE", callingCode: "46", trunkPrefix: "0"),
    Country(region: "NO", callingCode: "47", trunkPrefix: nil),
    Country(region: "PL", callingCode: "48", trunkPrefix: nil),
    Country(region: "DE", callingCode: "49", trunkPrefix: "0"),
    Country(region: "MX", callingCode: "52", trunkPrefix: nil),
    Country(region: "AR", callingCode: "54", trunkPrefix: "0"),
    Country(region: "BR", callingCode: "55", trunkPrefix: "0"),
    Country(region: "AU", callingCode: "61", trunkPrefix: "0", internationalPrefix: "0011"),
    Country(region: "NZ", callingCode: "64", trunkPrefix: "0"),
    Country(region: "SG", callingCode: "65", trunkPrefix: nil, internationalPrefix: "000"),
    Country(region: "JP", callingCode: "81", trunkPrefix: "0", internationalPrefix: "010"),
    Country(region: "KR", callingCode: "82", trunkPrefix: "0", internationalPrefix: "001"),
    Country(region: "CN", callingCode: "86", trunkPrefix: "0"),
    Country(region: "TR", callingCode: "90", trunkPrefix: "0"),
    Country(region: "IN", callingCode: "91", trunkPrefix: "0"),
    Country(region: "FO", callingCode: "298", trunkPrefix: nil),
    Country(region: "GL", callingCode: "299", trunkPrefix: nil),
    Country(region: "PT", callingCode: "351", trunkPrefix: nil),
    Country(region: "LU", callingCode: "352", trunkPrefix: nil),
    Country(region: "IE", callingCode: "353", trunkPrefix: "0"),
    Country(region: "IS", callingCode: "354", trunkPrefix: nil),
    Country(region: "MT", callingCode: "356", trunkPrefix: nil),
    Country(region: "FI", callingCode: "358", trunkPrefix: "0"),
    Country(region: "LT", callingCode: "370", trunkPrefix: "8"),
    Country(region: "LV", callingCode: "371", trunkPrefix: nil),
    Country(region: "EE", callingCode: "372", trunkPrefix: nil),
    Country(region: "BY", callingCode: "375", trunkPrefix: "8", internationalPrefix: "810"),
    Country(region: "AD", callingCode: "376", trunkPrefix: nil),
    Country(region: "SM", callingCode: "378", trunkPrefix: nil),
    Country(region: "UA", callingCode: "380", trunkPrefix: "0"),
    Country(region: "CZ", callingCode: "420", trunkPrefix: nil),
    Country(region: "SK", callingCode: "421", trunkPrefix: nil),
    Country(region: "HK", callingCode: "852", trunkPrefix: nil, internationalPrefix: "001"),
    Country(region: "MO", callingCode: "853", trunkPrefix: nil),
    Country(region: "TW", callingCode: "886", trunkPrefix: "0", internationalPrefix: "002"),
    Country(region: "IL", callingCode: "972", trunkPrefix: "0"),
  ]

  /// `countries` by region code.
  public static let byRegion: [String: Country] = Dictionary(
    countries.map { ($0.region, $0) }, uniquingKeysWith: { first, _ in first })

  /// The trunk prefix by calling code (countries sharing a code share their prefix).
  private static let trunkByCallingCode: [String: String?] = Dictionary(
    countries.map { ($0.callingCode, $0.trunkPrefix) }, uniquingKeysWith: { first, _ in first })

  /// Country calling codes of one and two digits (ITU-T E.164); all others have three.
  public static let shortCallingCodes: Set<String> = [
    "1", "7", "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44",
    "45", "46", "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61",
    "62", "63", "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95",
    "98",
  ]

  /// The length of the calling code that `digits` (an international number's digits,
  /// without `+` or `00`) start with: 1, 2 or 3.
  public static func callingCodeLength<C: Collection<UInt8>>(of digits: C) -> Int {
    for length in 1...2 where shortCallingCodes.contains(String(decoding: digits.prefix(length), as: UTF8.self)) {
      return length
    }
    return 3
  }

  /// The digits a national number starts with in the country of `callingCode`, where
  /// they differ from the international form: its trunk prefix; `0` for a country not
  /// in the table (the most common prefix); none where the country has none, or where
  /// the prefix is the calling code itself (the NANP: `+1 555…` and `1 555…` are the
  /// same digits).
  public static func nationalPrefix(forCallingCode callingCode: String) -> String {
    guard let entry = trunkByCallingCode[callingCode] else { return "0" }
    guard let trunk = entry, trunk != callingCode else { return "" }
    return trunk
  }
}
