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
    var enabling: [(ContactPredicate, String)] = []
    for key in options.require {
      do {
        enabling.append((try ContactPredicate.require(key), "--require"))
      } catch {
        throw UsageError(description: error.description(option: "--require"))
      }
    }
    if let format = options.enableIf {
      enabling.append((try compile(format, .contact, option: "--enable-if"), "--enable-if"))
    }
    if !enabling.isEmpty {
      let all = enabling
      result.enabling = { contact in
        let json = PersonJSON.person(contact, nameOrder: options.nameOrder)
        return all.allSatisfy { predicate, option in ended(option) { () throws(ContactFormats.PredicateError) in try predicate.evaluate(json) } }
      }
    }
    if let format = options.selectIf {
      let predicate = try compile(format, .contact, option: "--select-if")
      let order = options.nameOrder
      result.selection = { contact in
        ended("--select-if") { () throws(ContactFormats.PredicateError) in try predicate.evaluate(contact, nameOrder: order) }
      }
    }
    if let format = options.selectPropertyIf {
      let predicate = try compile(format, .property, option: "--select-property-if")
      result.property = { property in
        ended("--select-property-if") { () throws(ContactFormats.PredicateError) in try predicate.evaluate(property) }
      }
    }
    return result
  }

  /// Evaluates a predicate; when it cannot be decided (a `MATCHES` that backtracks
  /// without end), the command ends with the error: the terminal is given back, the
  /// message goes to stderr (`cpick: --enable-if: column 6: MATCHES … gave up …`) and
  /// the exit status is 2, as for a predicate that does not parse (PRODUCT.md "Exit
  /// codes"). The predicates run inside the picker's closures, which cannot throw.
  nonisolated private static func ended(_ option: String, _ evaluate: () throws(ContactFormats.PredicateError) -> Bool) -> Bool {
    do {
      return try evaluate()
    } catch {
      TerminalRestoration.shared.restoreAndClose()
      printError("cpick: " + error.description(option: option))
      exit(ExitCode.error.rawValue)
    }
  }
}
