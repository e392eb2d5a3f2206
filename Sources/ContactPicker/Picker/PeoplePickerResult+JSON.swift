import ContactFormats
import ContactKit

extension PersonJSON {
  /// The document printed for a people picker's result (PRODUCT.md "The JSON on
  /// stdout"): `didSelectPerson`, `didSelectProperty`, `didSelectPeople`,
  /// `didSelectProperties`; `nil` when cancelled.
  public static func event(
    _ result: PeoplePickerResult, nameOrder: ContactFormatter.NameOrder = .auto
  ) -> JSONValue? {
    switch result {
    case .selectedPerson(let contact):
      return .object([("event", .string("didSelectPerson")), ("person", person(contact, nameOrder: nameOrder))])
    case .selectedProperty(let chosen):
      return .object([
        ("event", .string("didSelectProperty")), ("person", person(chosen.contact, nameOrder: nameOrder)), ("property", property(chosen)),
      ])
    case .selectedPeople(let contacts):
      return .object([("event", .string("didSelectPeople")), ("people", .array(contacts.map { person($0, nameOrder: nameOrder) }))])
    case .selectedProperties(let properties):
      return .object([
        ("event", .string("didSelectProperties")),
        ("properties", .array(properties.map { .object([("person", person($0.contact, nameOrder: nameOrder)), ("property", property($0))]) })),
      ])
    case .cancelled:
      return nil
    }
  }
}
