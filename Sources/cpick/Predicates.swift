import ContactKit
import ContactPicker
import ContactStores
import Foundation
import Matching
import TerminalScreens
import TerminalKit
import ContactFormats

extension CPick {
  /// The predicates of the command line, compiled.
  struct Predicates {
    var enabling: @Sendable (Contact) -> Bool = { _ in true }
    var selection: @Sendable (Contact) -> Bool = { _ in true }
    var property: @Sendable (ContactProperty) -> Bool = { _ in true }
  }

  static func predicates(_ options: Options) throws(UsageError) -> Predicates {
    func compile(_ format: String, _ kind: ContactPredicate.Kind, option: String) throws(UsageError) -> ContactPredicate {
      do {
        return try ContactPredicate(format: format, kind: kind)
      } catch {
        throw UsageError(description: error.description(option: option))
      }
    }
    var result = Predicates()
    var enabling: [ContactPredicate] = []
    for key in options.require {
      do {
        enabling.append(try ContactPredicate.require(key))
      } catch {
        throw UsageError(description: error.description(option: "--require"))
      }
    }
    if let format = options.enableIf { enabling.append(try compile(format, .contact, option: "--enable-if")) }
    if !enabling.isEmpty {
      let all = enabling
      result.enabling = { contact in
        let json = PersonJSON.person(contact, nameOrder: options.nameOrder)
        return all.allSatisfy { $0.evaluate(json) }
      }
    }
    if let format = options.selectIf {
      let predicate = try compile(format, .contact, option: "--select-if")
      let order = options.nameOrder
      result.selection = { predicate.evaluate($0, nameOrder: order) }
    }
    if let format = options.selectPropertyIf {
      let predicate = try compile(format, .property, option: "--select-property-if")
      result.property = { predicate.evaluate(PersonJSON.property($0)) }
    }
    return result
  }
}
