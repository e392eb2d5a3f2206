// libFuzzer target: PRODUCT.md's JSON lines read back into contacts
// (`PersonJSONReader`), as `cpick query -f jsonl | cpick` does.
@testable import ContactFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = PersonJSONReader.read(bytes, source: "fuzz.jsonl")
  return 0
}
