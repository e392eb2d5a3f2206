// libFuzzer target: a mail message's header as `cpick unknown --from-message` reads
// it — `MessageHeaders` (unfolding, encoded words) and `MessageAddressParser`
// (RFC 5322 address lists), and the contact made of each address.
import ContactFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let headers = MessageHeaders(message: bytes)
  let parser = MessageAddressParser(fieldNames: ["From", "Reply-To", "To", "Cc"])
  for address in parser.addresses(in: headers) { _ = address.contact() }
  _ = headers.unstructured(named: "Subject")
  return 0
}
