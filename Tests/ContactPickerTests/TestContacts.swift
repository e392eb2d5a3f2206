import ContactKit
import CpickTestSupport

/// A small invented address book for the picker tests.
extension TestContacts {
  static let book: [Contact] = [
    person("Ada", "Lovelace", email: "ada@example.org"),
    person("José", "Álvarez", email: "jose.alvarez@example.com", org: "Álvarez & Ruiz"),
    person("Charles", "Babbage", phone: "+44 20 7946 0001"),
    person("小明", "王", email: "xiaoming@example.cn"),
    person("Grace", "Hopper", email: "grace@navy.example", phone: "+1 (555) 010-0142"),
    person("Alan", "Turing", email: "alan@bletchley.example"),
    person("Zoë", "Lindqvist", email: "zoe@example.se"),
  ]
}
