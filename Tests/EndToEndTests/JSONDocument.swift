import Foundation

/// cpick's JSON on stdout, read with JSONSerialization.
enum JSONDocument {
  /// The one JSON object in `data` (one document, optionally followed by a newline).
  ///
  /// - Throws: `EndToEndError` quoting the text when it is not exactly one object.
  static func object(_ data: Data) throws -> [String: Any] {
    let text = String(decoding: data, as: UTF8.self)
    let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
    guard !body.isEmpty, !body.contains("\n") else {
      throw EndToEndError(description: "expected one JSON document on one line, got: \(text.debugDescription)")
    }
    guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else {
      throw EndToEndError(description: "not a JSON object: \(text.debugDescription)")
    }
    return object
  }

  /// The `person` of a `{"event":"didSelectPerson","person":{…}}` document.
  ///
  /// - Throws: `EndToEndError` when the event or the person is missing.
  static func selectedPerson(_ data: Data) throws -> [String: Any] {
    let document = try object(data)
    guard document["event"] as? String == "didSelectPerson" else {
      throw EndToEndError(description: "event is not didSelectPerson: \(document)")
    }
    guard let person = document["person"] as? [String: Any] else {
      throw EndToEndError(description: "no person object: \(document)")
    }
    return person
  }

  /// The `value`s of a person's labelled values under `key` (`emailAddresses`, …).
  static func values(_ person: [String: Any], _ key: String) -> [String] {
    ((person[key] as? [[String: Any]]) ?? []).compactMap { $0["value"] as? String }
  }
}
