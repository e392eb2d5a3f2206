// Run: swift run host-example BOOK.vcf
// Presents the picker (choose an email), then a card for an unknown sender, on
// /dev/tty, and prints the delegate calls it received.
import ContactKit
import ContactPicker
import ContactStores
import Foundation
import HostExample
import TerminalScreens

let path = CommandLine.arguments.dropFirst().first ?? "../../Tests/Fixtures/sample-addressbook.vcf"
let contacts = try VCardFileStore(path: path).load().contacts
var sender = Contact(identifier: "", source: "")
sender.givenName = "Grace"
sender.familyName = "Hopper"
sender.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "grace@navy.example")]

let screen = try CursesScreen(colorEnabled: true)
let host = Host(contacts: contacts)
host.run(on: screen, sender: sender)
screen.end()
for line in host.log { print(line) }
