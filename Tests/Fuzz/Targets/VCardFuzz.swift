// libFuzzer target: a vCard file as the loader reads it — the syntax layer
// (`VCardReader`: unfolding, escapes, quoted-printable, charsets), the mapping to
// contacts and the group cards (any bytes).
@testable import ContactStores

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = VCardLoading.contacts(fromBytes: bytes, source: "fuzz.vcf")
  return 0
}
