/// A group of contacts (CNGroup): a name and its members.
///
/// From vCard `CATEGORIES` (RFC 6350 §6.7.1) and group cards (`KIND:group` with
/// `MEMBER`, Apple's `X-ADDRESSBOOKSERVER-KIND:group`). A person may be in several.
public struct ContactGroup: Sendable, Hashable {
  /// The group's name: a `CATEGORIES` value or a group card's `FN` (CNGroup.name).
  public var name: String
  /// How many contacts are in the group.
  public var memberCount: Int

  /// Creates a group.
  public init(name: String, memberCount: Int) {
    self.name = name
    self.memberCount = memberCount
  }
}
