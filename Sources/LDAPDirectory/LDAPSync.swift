import CLDAP
import ContactKit
import Foundation

/// What a refreshOnly content synchronization (RFC 4533) says changed since a cookie.
///
/// A copy of the directory is brought up to date by storing ``changed``, then either
/// removing ``deleted`` (a delete phase, RFC 4533 §3.3.2) or, when ``present`` is given
/// (a present phase, §3.3.1), removing every entry whose UUID is not in it.
public struct LDAPSyncResult: Sendable {
  /// Entries added or modified since the cookie (every entry without one), with the
  /// attributes asked for.
  public var changed: [LDAPEntry]
  /// The entryUUIDs (lower case, RFC 4122 text) of entries deleted since the cookie, as
  /// the server listed them.
  public var deleted: [String]
  /// After a present phase, or a synchronization without a cookie: the entryUUIDs of
  /// every entry there (the changed ones included) — any other entry of the copy was
  /// deleted. `nil` after a delete phase.
  public var present: Set<String>?
  /// The cookie for the next synchronization (opaque bytes, the server's `syncCookie`).
  public var cookie: [UInt8]

  /// A result with the given parts.
  public init(changed: [LDAPEntry], deleted: [String], present: Set<String>?, cookie: [UInt8]) {
    self.changed = changed
    self.deleted = deleted
    self.present = present
    self.cookie = cookie
  }
}

extension LDAPConnection {
  /// A refreshOnly content synchronization (RFC 4533 §3.1) of the entries under the
  /// base that match ``LDAPOptions/filter``: what changed since `cookie`.
  ///
  /// Goes through libldap's `ldap_sync_init_refresh_only`. The server needs the
  /// content synchronization provider (slapd: the `syncprov` overlay); its size limit
  /// applies to the whole answer.
  ///
  /// - Parameters:
  ///   - cookie: the cookie of the last synchronization; `nil` for a first one (every
  ///     entry is then ``LDAPSyncResult/changed``).
  ///   - attributes: the attributes to read; `nil` for ``LDAPCardMapping/attributes``.
  /// - Throws: ``LDAPError``: `.server` with the result code when the server does not
  ///   synchronize (12, `unavailableCriticalExtension`, without syncprov), 4096
  ///   (`e-syncRefreshRequired`) when the cookie is too old; `.sizeLimit`, `.timeout`.
  /// - Complexity: O(n) in the entries changed or present.
  public func sync(cookie: [UInt8]?, attributes: [String]? = nil) throws(LDAPError) -> LDAPSyncResult {
    let ld = try connected()
    let collector = SyncCollector()
    let list = (attributes ?? LDAPCardMapping.attributes).map { strdup($0) } + [nil]
    let names = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: list.count)
    names.initialize(from: list, count: list.count)
    let base = strdup(baseDN)
    let filter = strdup(LDAPQuery.filter(terms: [], base: options.filter))
    defer {
      list.forEach { free($0) }
      names.deallocate()
      free(base)
      free(filter)
    }
    var session = ldap_sync_t()
    guard ldap_sync_initialize(&session) != nil else {
      throw LDAPError(.malformed, url: options.url, message: "sync: libldap cannot start a synchronization")
    }
    session.ls_ld = ld
    session.ls_base = base
    session.ls_scope = LDAP_SCOPE_SUBTREE
    session.ls_filter = filter
    session.ls_attrs = names
    session.ls_timelimit = Int32(max(1, options.queryTimeout.rounded(.up)))
    session.ls_timeout = Int32(max(1, options.queryTimeout.rounded(.up)))
    if let cookie, !cookie.isEmpty {
      // libldap frees and replaces the cookie: it is copied into its own memory.
      cookie.withUnsafeBytes { bytes in
        _ = ber_mem2bv(
          bytes.baseAddress!.assumingMemoryBound(to: CChar.self), ber_len_t(cookie.count), 1, &session.ls_cookie)
      }
    }
    session.ls_private = Unmanaged.passUnretained(collector).toOpaque()
    session.ls_search_entry = { session, message, uuid, phase in
      guard let session, let message else { return 0 }
      let collector = Unmanaged<SyncCollector>.fromOpaque(session.pointee.ls_private).takeUnretainedValue()
      let id = uuid.map { ContactIdentifier.uuidText(LDAPConnection.bytes($0.pointee)) } ?? ""
      switch phase {
      case LDAP_SYNC_CAPI_ADD, LDAP_SYNC_CAPI_MODIFY:
        collector.changed.append(LDAPConnection.entry(session.pointee.ls_ld, message))
        collector.changedIDs.insert(id)
      case LDAP_SYNC_CAPI_DELETE: collector.deleted.append(id)
      default: collector.present.insert(id)
      }
      return 0
    }
    session.ls_intermediate = { session, _, uuids, phase in
      guard let session, let uuids else { return 0 }
      let collector = Unmanaged<SyncCollector>.fromOpaque(session.pointee.ls_private).takeUnretainedValue()
      var index = 0
      while uuids[index].bv_val != nil {
        let id = ContactIdentifier.uuidText(LDAPConnection.bytes(uuids[index]))
        if phase == LDAP_SYNC_CAPI_DELETES_IDSET { collector.deleted.append(id) } else { collector.present.insert(id) }
        index += 1
      }
      return 0
    }
    session.ls_search_result = { session, _, refreshDeletes in
      guard let session else { return 0 }
      let collector = Unmanaged<SyncCollector>.fromOpaque(session.pointee.ls_private).takeUnretainedValue()
      collector.refreshDeletes = refreshDeletes != 0
      return 0
    }

    let code = ldap_sync_init_refresh_only(&session)
    let newCookie = LDAPConnection.bytes(session.ls_cookie)
    ber_memfree(session.ls_cookie.bv_val)
    // Not ldap_sync_destroy: it would free the strings above and unbind the connection.
    guard code == LDAP_SUCCESS else {
      throw failure(code, operation: "sync (RFC 4533)", diagnostic: diagnostic(ld))
    }
    return LDAPSyncResult(
      changed: collector.changed, deleted: collector.deleted,
      // Without a cookie the answer is the whole directory: nothing else is present.
      present: cookie == nil || cookie?.isEmpty == true
        ? collector.changedIDs.union(collector.present)
        : collector.refreshDeletes ? nil : collector.present.union(collector.changedIDs),
      cookie: newCookie.isEmpty ? (cookie ?? []) : newCookie)
  }
}

/// What the callbacks of one synchronization collect.
private final class SyncCollector {
  var changed: [LDAPEntry] = []
  var changedIDs: Set<String> = []
  var deleted: [String] = []
  var present: Set<String> = []
  var refreshDeletes = false
}
