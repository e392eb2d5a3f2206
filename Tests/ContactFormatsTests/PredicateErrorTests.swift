import Testing

@testable import ContactFormats

/// Parse errors: the column (1-based, in characters) and the message.
extension PredicateTests {
  @Test("an unknown key path points at its column and suggests the near key")
  func unknownKeyPath() throws {
    let format = #"givenName != "" && emailAdresses.@count > 0"#
    let e = try #require(error(format))
    #expect(e.column == 20)
    #expect(e.message == "unknown key path 'emailAdresses.@count' (did you mean 'emailAddresses.@count'?)")
    #expect(
      e.description(option: "--enable-if")
        == "--enable-if: column 20: unknown key path 'emailAdresses.@count' (did you mean 'emailAddresses.@count'?)")
    #expect(
      e.description == "column 20: unknown key path 'emailAdresses.@count' (did you mean 'emailAddresses.@count'?)")
  }

  @Test("unknown key paths deeper in, in other case, as short keys, and outside the kind")
  func unknownKeyPathVariants() throws {
    #expect(
      error(#"postalAddresses.value.town == "x""#)?.message
        == "unknown key path 'postalAddresses.value.town' ('postalAddresses.value' has street, city, state, postalCode, country, isoCountryCode)"
    )
    #expect(
      error(#"emailAddresses.valeu == "x""#)?.message
        == "unknown key path 'emailAddresses.valeu' (did you mean 'emailAddresses.value'?)")
    #expect(error(#"givenname == "x""#)?.message == "unknown key path 'givenname' (did you mean 'givenName'?)")
    #expect(error(#"email CONTAINS "x""#)?.message == "unknown key path 'email' (did you mean 'emailAddresses'?)")
    #expect(
      error(#"givenName.first == "x""#)?.message == "unknown key path 'givenName.first' ('givenName' has no fields)")
    let e = try #require(error(#"label == "work" AND givenName == "Ada""#, kind: .property))
    #expect(e.column == 21)
    #expect(e.message.hasPrefix("unknown key path 'givenName'"))
  }

  @Test("columns count characters, not bytes")
  func columnsInCharacters() {
    #expect(error(#"givenName == "José" AND famlyName == "x""#)?.column == 25)
  }

  @Test("an unterminated string points at its opening quote")
  func unterminatedString() {
    let e = error(#"givenName == "Ada"#)
    #expect(e?.column == 14)
    #expect(e?.message == "unterminated string (no closing \")")
    #expect(error(#"note == 'it\'s"#)?.column == 9)
  }

  @Test("a missing operand is reported where it should be")
  func missingOperand() {
    #expect(error("givenName ==") == PredicateError(column: 13, message: "missing operand after '=='"))
    #expect(error(#"givenName == "Ada" AND"#) == PredicateError(column: 23, message: "missing operand after 'AND'"))
    #expect(error(#"hasImage AND OR hasImage"#) == PredicateError(column: 14, message: "missing operand after 'AND'"))
    #expect(error(#"== "Ada""#) == PredicateError(column: 1, message: "missing operand before '=='"))
    #expect(error(#"givenName == AND hasImage"#) == PredicateError(column: 14, message: "missing operand after '=='"))
    #expect(error("NOT") == PredicateError(column: 4, message: "missing operand after 'NOT'"))
    #expect(error("()") == PredicateError(column: 2, message: "missing operand after '('"))
    #expect(error("   ") == PredicateError(column: 1, message: "empty expression"))
  }

  @Test("an unknown operator is named, with the operator it resembles")
  func unknownOperator() {
    #expect(
      error(#"givenName STARTSWITH "A""#)
        == PredicateError(column: 11, message: "unknown operator 'STARTSWITH' (did you mean 'BEGINSWITH'?)"))
    #expect(
      error(#"givenName CONTAIN "A""#)
        == PredicateError(column: 11, message: "unknown operator 'CONTAIN' (did you mean 'CONTAINS'?)"))
    #expect(
      error(#"givenName ~= "A""#)
        == PredicateError(column: 11, message: "unknown operator '~=' (did you mean 'MATCHES'?)"))
    #expect(error(#"givenName === "A""#)?.message == "unknown operator '===' (did you mean '=='?)")
    #expect(error(#"givenName BETWEEN "A""#)?.message == "unknown operator 'BETWEEN'")
    #expect(
      error(#"givenName "Ada""#)
        == PredicateError(column: 11, message: "missing operator between 'givenName' and '\"Ada\"'"))
  }

  @Test("trailing garbage after a complete expression")
  func trailingGarbage() {
    #expect(
      error(#"givenName == "Ada" "Bob""#)
        == PredicateError(column: 20, message: "unexpected '\"Bob\"' after the end of the expression"))
    #expect(error("hasImage)") == PredicateError(column: 9, message: "unbalanced ')': no '(' before it"))
    #expect(error("TRUEPREDICATE 1")?.column == 15)
    #expect(error(#"givenName == "Ada" ;"#)?.column == 20)
  }

  @Test("unclosed parentheses and lists, unknown modifiers")
  func unclosed() {
    #expect(error("(hasImage") == PredicateError(column: 10, message: "missing ')' to close the '(' at column 1"))
    #expect(
      error(#"givenName IN {"a", "b""#)
        == PredicateError(column: 23, message: "missing '}' to close the '{' at column 14"))
    #expect(
      error(#"givenName ==[x] "a""#)
        == PredicateError(column: 13, message: "unknown modifier '[x]' (use [c], [d] or [cd])"))
    #expect(error(#"givenName ==[c "a""#)?.column == 13)
  }

  @Test("type mistakes are errors at parse time")
  func typeErrors() {
    #expect(
      error("postalAddresses.value.postalCode == 12345")
        == PredicateError(
          column: 37,
          message:
            "cannot compare 'postalAddresses.value.postalCode' (text) with '12345' (a number); quote the number: \"12345\""
        ))
    #expect(
      error(#"emailAddresses CONTAINS "x""#)
        == PredicateError(
          column: 1,
          message:
            "'emailAddresses' is a list of labeled values: compare emailAddresses.value or emailAddresses.label, or count emailAddresses.@count"
        ))
    #expect(
      error(#"phoneNumbers.@count CONTAINS "1""#)?.message
        == "CONTAINS needs text, but 'phoneNumbers.@count' is a number")
    #expect(error(#"hasImage == "yes""#)?.column == 13)
    #expect(
      error(#"ANY givenName == "x""#)?.message
        == "ANY needs a key path with several values, such as emailAddresses.value; 'givenName' has one")
    #expect(
      error("note")
        == PredicateError(column: 1, message: "'note' is text, not a condition: compare it, e.g. note != \"\""))
    #expect(
      error("emailAddresses.value")?.message
        == "'emailAddresses.value' is a list, not a condition: count it, e.g. emailAddresses.@count > 0")
    #expect(error("givenName.@count > 1")?.message.hasPrefix("'@count' counts the values of a list") == true)
    #expect(error(#"givenName CONTAINS {"a"}"#)?.message == "a list { … } can only follow IN, not CONTAINS")
    #expect(error(#"note > nil"#)?.message == "nil can only be compared with == or !=, not >")
    #expect(error("hasImage < YES")?.message == "true and false cannot be ordered with <")
    #expect(
      error(#"givenName MATCHES "([a-z""#) == PredicateError(column: 19, message: "invalid regular expression '([a-z'"))
  }

  @Test("deep nesting is an error, not a crash")
  func deepNesting() throws {
    #expect(try check(String(repeating: "(", count: 150) + "hasImage" + String(repeating: ")", count: 150)))
    let e = error(String(repeating: "(", count: 100_000) + "hasImage")
    #expect(e == PredicateError(column: 201, message: "nested more than 200 deep"))
    #expect(error(String(repeating: "NOT ", count: 300) + "hasImage")?.column == 801)
  }

  @Test("--require with an unknown key suggests the near one")
  func requireUnknownKey() {
    #expect(throws: PredicateError(column: 1, message: "unknown property key 'emial' (did you mean 'email'?)")) {
      try ContactPredicate.require("emial")
    }
    #expect(throws: PredicateError.self) { try ContactPredicate.require("shoeSize") }
  }
}
