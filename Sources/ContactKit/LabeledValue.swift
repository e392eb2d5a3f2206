/// A value of a multi-value property with its label and a stable identifier
/// (CNLabeledValue).
///
/// `label` is one of the standard labels in lower camel case (`home`, `work`,
/// `other`, `mobile`, `main`, `iPhone`, `homeFax`, `workFax`, `pager`, `school`) or
/// the custom label text (vCard `X-ABLabel`), or `nil` when the card gives none.
/// `identifier` stays the same across runs while the card is unchanged.
public struct LabeledValue<Value: Sendable & Hashable>: Sendable, Hashable {
  /// A stable hash of the card's identifier and the line's text (CNLabeledValue.identifier).
  public var identifier: String
  /// The standard label or custom `X-ABLabel` text; `nil` when none (CNLabeledValue.label).
  public var label: String?
  /// The value (CNLabeledValue.value).
  public var value: Value
  /// Whether the card marks this value as preferred (`PREF`, `TYPE=pref`; RFC 6350 §5.3).
  public var isPreferred: Bool

  /// Creates a labeled value.
  public init(identifier: String, label: String?, value: Value, isPreferred: Bool = false) {
    self.identifier = identifier
    self.label = label
    self.value = value
    self.isPreferred = isPreferred
  }
}
