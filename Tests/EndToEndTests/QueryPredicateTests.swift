import Foundation
import Testing

/// `cpick query` and `cpick list` with the picker's predicates: they print only the
/// contacts `--require` and `--enable-if` enable, and a predicate that does not parse
/// is an error (exit 2), as in the picker — never silently ignored.
@Suite("query and list with --require and --enable-if")
struct QueryPredicateTests {
  let book = EndToEnd.sampleBook

  /// The display names `cpick ARGUMENTS -f value` prints.
  func names(_ arguments: [String]) throws -> [String] {
    let result = try CommandRunner.cpick(arguments + ["-s", book, "-f", "value"])
    return result.stdoutLines
  }

  @Test("list prints only the contacts with the required property, in list order")
  func listRequire() throws {
    let everyone = try names(["list"])
    let withIM = try names(["list", "--require", "im"])
    let withURL = try names(["list", "--require", "url"])
    #expect(everyone.count == 67)
    #expect(!withIM.isEmpty && withIM.count < 5)
    #expect(withURL.count > withIM.count && withURL.count < everyone.count)
    // A subsequence of the whole list, in its order.
    #expect(everyone.filter { withURL.contains($0) } == withURL)
    // JSON lines likewise: the person of each line has the property.
    let json = try CommandRunner.cpick(["list", "--require", "url", "-s", book])
    #expect(json.stdoutLines.count == withURL.count)
    #expect(json.stdoutLines.allSatisfy { $0.contains("\"urlAddresses\"") })
  }

  @Test("query keeps only the matches --enable-if enables, best first; none left is exit 1")
  func queryEnableIf() throws {
    let all = try names(["query", "thornton"])
    #expect(all.count == 3)
    let clinic = try CommandRunner.cpick([
      "query", "a", "--enable-if", #"organizationName CONTAINS[cd] "clinic""#, "-s", book, "-f", "value",
    ])
    #expect(clinic.status == 0)
    #expect(clinic.stdoutLines == ["Harbourline Veterinary Clinic"])
    let nobody = try CommandRunner.cpick([
      "query", "thornton", "--enable-if", #"givenName == "Nobody""#, "-s", book, "-f", "value",
    ])
    #expect(nobody.status == 1)
    #expect(nobody.stdout.isEmpty)
  }

  @Test("a predicate that does not parse, or an unknown key, is an error before anything is printed")
  func badPredicates() throws {
    for arguments in [["query", "--enable-if", "foo =="], ["list", "--require", "emale"], ["query", "x", "--select-if", "(("]] {
      let result = try CommandRunner.cpick(arguments + ["-s", book])
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stdout.isEmpty, "\(arguments)")
      #expect(result.stderrText.hasPrefix("cpick: --"), "\(arguments): \(result.stderrText)")
    }
  }

  @Test("a MATCHES that backtracks without end is exit 2 with the column, not a silent no-match (issue 22)")
  func runawayRegularExpression() throws {
    for (arguments, column) in [
      (["list", "--enable-if", #"note MATCHES "(.*)*x""#], 6),
      (["query", "a", "--enable-if", #"emailAddresses.value MATCHES[c] "(.+)+@""#], 22),
    ] {
      let result = try CommandRunner.cpick(arguments + ["-s", book])
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stdout.isEmpty, "\(arguments)")
      #expect(result.stderrText.hasPrefix("cpick: --enable-if: column \(column): MATCHES '"), "\(result.stderrText)")
      #expect(result.stderrText.contains("backtracks without end"), "\(result.stderrText)")
    }
  }
}
