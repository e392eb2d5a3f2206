/// An instant-message address (CNInstantMessageAddress), from vCard `IMPP`
/// (RFC 6350 §6.4.3) or the older `X-AIM`, `X-JABBER`, `X-SKYPE`, … properties.
public struct InstantMessageAddress: Sendable, Hashable {
  /// The service, e.g. `xmpp`, `aim`, `skype`, as the card names it.
  public var service: String
  /// The user name or URI on that service.
  public var username: String

  /// Creates an address.
  public init(service: String, username: String) {
    self.service = service
    self.username = username
  }
}

/// A social-network profile (CNSocialProfile), from Apple's `X-SOCIALPROFILE`.
public struct SocialProfile: Sendable, Hashable {
  /// The network, e.g. `twitter`, `linkedin`, from the `TYPE` parameter.
  public var service: String
  /// The user name (`X-USER` parameter), or empty.
  public var username: String
  /// The profile URL as written.
  public var urlString: String

  /// Creates a profile.
  public init(service: String, username: String, urlString: String) {
    self.service = service
    self.username = username
    self.urlString = urlString
  }
}
