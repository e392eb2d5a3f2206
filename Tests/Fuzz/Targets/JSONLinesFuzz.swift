// libFuzzer target: PRODUCT.md's JSON lines read back into contacts
// (`PersonJSONReader`), as `cpick query -f jsonl | cpick` does; and once more under
// limits of a few hundred bytes, so that a line or a string over its limit is met.
@testable import ContactFormats

/// Limits a few hundred bytes long.
let smallLimits: ReadingLimits = {
  var limits = ReadingLimits.standard
  limits.textValueBytes = 64
  limits.cardBytes = 1_024
  return limits
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = PersonJSONReader.read(bytes, source: "fuzz.jsonl")
  _ = PersonJSONReader.read(bytes, source: "fuzz.jsonl", limits: smallLimits)
  return 0
}
