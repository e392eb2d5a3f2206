// libFuzzer target: terminal input decoded into key events (`KeyDecoder`: escape
// sequences, UTF-8, bracketed paste, mouse reports), fed whole and in two pieces
// (a read can end anywhere): neither may crash or hang.
import TerminalKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var whole = KeyDecoder()
  _ = whole.feed(bytes) + whole.finish()
  var split = KeyDecoder()
  let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
  _ = split.feed(bytes[..<cut]) + split.feed(bytes[cut...]) + split.finish()
  return 0
}
