/// A value of a multi-value property with its label and a stable identifier
/// (CNLabeledValue).
///
/// `label` is one of the standard labels in lower camel case (`home`, `work`,
/// `other`, `mobile`, `main`, `iPhone`, `homeFax`, `workFax`, `pager`, `school`) or
/// the custom label text (vCard `X-ABLabel`, or a `TYPE` value that is no known
/// type, as written), or `nil` when the card gives none. `identifier` stays the same
/// across runs while the card is unchanged.
public struct LabeledValue<Value: Sendable & Hashable>: Sendable, Hashable {
  /// A stable hash of the card's identifier and the line's text (CNLabeledValue.identifier).
  public var identifier: String
  /// The standard label or custom label text; `nil` when none (CNLabeledValue.label).
  public var label: String?
  /// The value (CNLabeledValue.value).
  public var value: Value
  /// The card's preference for this value, 1 (most preferred) to 100 (RFC 6350
  /// §5.3 `PREF`); vCard 3.0 `TYPE=pref` and 2.1's bare `PREF` count as 1; `nil`
  /// when the card gives none. Values keep the card's order; `preferenceOrdered`
  /// derives the order that puts the preferred first.
  public var preference: Int?

  /// The lowest and highest `PREF` (RFC 6350 §5.3).
  public static var preferenceRange: ClosedRange<Int> { 1...100 }

  /// Whether the card marks this value as preferred (any `preference`). Setting it
  /// to `true` gives a value without one the top rank, 1; `false` removes it.
  public var isPreferred: Bool {
    get { preference != nil }
    set {
      if !newValue {
        preference = nil
      } else if preference == nil {
        preference = Self.preferenceRange.lowerBound
      }
    }
  }

  /// Creates a labeled value; `preference` is clamped to `preferenceRange`.
  public init(identifier: String, label: String?, value: Value, preference: Int?) {
    self.identifier = identifier
    self.label = label
    self.value = value
    self.preference = preference.map { min(max($0, Self.preferenceRange.lowerBound), Self.preferenceRange.upperBound) }
  }

  /// Creates a labeled value, preferred with the top rank (1) or not at all.
  public init(identifier: String, label: String?, value: Value, isPreferred: Bool = false) {
    self.init(identifier: identifier, label: label, value: value, preference: isPreferred ? 1 : nil)
  }
}

extension Array {
  /// The values most preferred first (lower `preference` first, RFC 6350 §5.3),
  /// values without a preference after all those with one, and otherwise in the
  /// card's order (a stable order): the one place that decides which value is the
  /// "first" or preferred one (templates, mail-client lines, the card, the JSON).
  ///
  /// - Complexity: O(n) when no value has a preference, O(n log n) otherwise.
  @inlinable
  public func preferenceOrdered<V>() -> [LabeledValue<V>] where Element == LabeledValue<V> {
    guard contains(where: { $0.preference != nil }) else { return self }
    return enumerated().sorted { a, b in
      let left = a.element.preference ?? Int.max
      let right = b.element.preference ?? Int.max
      return left != right ? left < right : a.offset < b.offset
    }.map(\.element)
  }

  /// The most preferred value (`preferenceOrdered().first`), or `nil` when empty.
  ///
  /// - Complexity: O(n).
  @inlinable
  public func mostPreferred<V>() -> LabeledValue<V>? where Element == LabeledValue<V> {
    guard var best = first else { return nil }
    for value in dropFirst() where (value.preference ?? Int.max) < (best.preference ?? Int.max) { best = value }
    return best
  }
}
