// libFuzzer target: a jCard (RFC 7095) file as the loader reads it — `JCardReader`
// and the mapping to contacts — and once more under small limits, so that inputs of
// a fuzzer's size reach what only large cards reach with the standard ones (a card
// read a property at a time, a card, a value or a count of values over its limit).
// Inputs that the loader would not take for jCard (the first byte that is not white
// space is not `[`) are skipped.
@testable import ContactStores
@testable import VCard

/// Limits a few hundred bytes long.
let smallLimits: VCardLimits = {
  var limits = VCardLimits.standard
  limits.textValueBytes = 64
  limits.dataValueBytes = 256
  limits.cardBytes = 2_048
  limits.cardValues = 16
  return limits
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard JCardReader.isJCard(bytes) else { return -1 }
  _ = VCardLoading.contacts(fromBytes: bytes, source: "fuzz.json")
  _ = JCardReader.read(bytes, limits: smallLimits)
  return 0
}
