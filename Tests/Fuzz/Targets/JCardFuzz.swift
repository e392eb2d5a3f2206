// libFuzzer target: a jCard (RFC 7095) file as the loader reads it — `JCardReader`
// and the mapping to contacts. Inputs that the loader would not take for jCard
// (the first byte that is not white space is not `[`) are skipped.
@testable import ContactStores
import VCard

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard JCardReader.isJCard(bytes) else { return -1 }
  _ = VCardLoading.contacts(fromBytes: bytes, source: "fuzz.json")
  return 0
}
