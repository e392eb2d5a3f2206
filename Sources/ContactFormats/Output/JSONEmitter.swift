/// Receives a JSON document as a sequence of events, so that one description of a
/// document (`PersonJSON`'s) can be written as bytes (`JSONBytesEmitter`) or built as
/// a `JSONValue` tree (`JSONTreeEmitter`).
///
/// Inside an object every value follows a `key(_:)`; inside an array values come one
/// after another. Commas and quotes are the emitter's business.
protocol JSONEmitter: ~Copyable {
  /// Starts an object (`{`).
  mutating func beginObject()
  /// Ends the innermost object (`}`).
  mutating func endObject()
  /// Starts an array (`[`).
  mutating func beginArray()
  /// Ends the innermost array (`]`).
  mutating func endArray()
  /// Names the next member of the innermost object.
  mutating func key(_ key: StaticString)
  /// A string value, escaped as `JSONValue.writeString` escapes it.
  mutating func string(_ value: String)
  /// `true` or `false`.
  mutating func bool(_ value: Bool)
  /// An integer, in decimal.
  mutating func number(_ value: Int)
}

extension JSONEmitter where Self: ~Copyable {
  /// `"key":"value"`.
  @inline(__always)
  mutating func member(_ key: StaticString, _ value: String) {
    self.key(key)
    string(value)
  }

  /// `"key":"value"`, left out when `value` is empty (the person JSON leaves empty
  /// keys out).
  @inline(__always)
  mutating func nonEmptyMember(_ key: StaticString, _ value: String) {
    if !value.isEmpty { member(key, value) }
  }
}

/// Writes the events as compact UTF-8 JSON into a `JSONByteSink`.
///
/// Nesting deeper than 64 levels is not supported (the person JSON has three).
struct JSONBytesEmitter: JSONEmitter, ~Copyable {
  /// The bytes written so far.
  var sink: JSONByteSink
  /// The nesting depth: 0 outside any container.
  private var depth = 0
  /// Bit `d`: the container at depth `d` is an array.
  private var arrays: UInt64 = 0
  /// Bit `d`: the container at depth `d` has a member or element already.
  private var filled: UInt64 = 0

  /// An emitter writing into a sink of `capacity` bytes to start with.
  init(capacity: Int) {
    sink = JSONByteSink(capacity: capacity)
  }

  /// Before a value: a comma between array elements.
  @inline(__always)
  private mutating func beforeValue() {
    let bit: UInt64 = 1 << UInt64(depth)
    guard arrays & bit != 0 else { return }
    if filled & bit != 0 { sink.append(UInt8(ascii: ",")) }
    filled |= bit
  }

  @inline(__always)
  private mutating func open(_ byte: UInt8, array: Bool) {
    beforeValue()
    sink.append(byte)
    depth += 1
    let bit: UInt64 = 1 << UInt64(depth)
    filled &= ~bit
    if array { arrays |= bit } else { arrays &= ~bit }
  }

  @inline(__always)
  mutating func beginObject() { open(UInt8(ascii: "{"), array: false) }

  @inline(__always)
  mutating func endObject() {
    sink.append(UInt8(ascii: "}"))
    depth -= 1
  }

  @inline(__always)
  mutating func beginArray() { open(UInt8(ascii: "["), array: true) }

  @inline(__always)
  mutating func endArray() {
    sink.append(UInt8(ascii: "]"))
    depth -= 1
  }

  @inline(__always)
  mutating func key(_ key: StaticString) {
    let bit: UInt64 = 1 << UInt64(depth)
    sink.appendKey(key, afterComma: filled & bit != 0)
    filled |= bit
  }

  @inline(__always)
  mutating func string(_ value: String) {
    beforeValue()
    JSONValue.writeString(value, to: &sink)
  }

  @inline(__always)
  mutating func bool(_ value: Bool) {
    beforeValue()
    sink.append(value ? "true" : "false")
  }

  mutating func number(_ value: Int) {
    beforeValue()
    var text = String(value)
    text.withUTF8 { sink.append($0) }
  }
}

/// Builds the events into a `JSONValue` tree (for predicates and templates, which
/// look members up by name).
struct JSONTreeEmitter: JSONEmitter {
  /// An open container and the key it gets in its parent; members and elements are
  /// appended where they are (`stack[last]`), never to a copy (a card of 100,000
  /// emails would copy the array at each one).
  private struct Open {
    var isArray: Bool
    var members: [(String, JSONValue)] = []
    var elements: [JSONValue] = []
    var key: String

    /// The container as a value.
    var value: JSONValue { isArray ? .array(elements) : .object(members) }
  }

  /// Open containers, innermost last.
  private var stack: [Open] = []
  /// The key named for the next member of the innermost object.
  private var pendingKey = ""
  /// The outermost value, once it is complete.
  private(set) var value: JSONValue?

  /// An empty tree.
  init() {}

  private mutating func add(_ element: JSONValue, key: String) {
    guard !stack.isEmpty else {
      value = element
      return
    }
    let last = stack.count - 1
    if stack[last].isArray {
      stack[last].elements.append(element)
    } else {
      stack[last].members.append((key, element))
    }
  }

  mutating func beginObject() { stack.append(Open(isArray: false, key: pendingKey)) }

  mutating func endObject() {
    guard let top = stack.last, !top.isArray else { return }
    stack.removeLast()
    add(top.value, key: top.key)
  }

  mutating func beginArray() { stack.append(Open(isArray: true, key: pendingKey)) }

  mutating func endArray() {
    guard let top = stack.last, top.isArray else { return }
    stack.removeLast()
    add(top.value, key: top.key)
  }

  mutating func key(_ key: StaticString) { pendingKey = key.description }

  mutating func string(_ value: String) { add(.string(value), key: pendingKey) }

  mutating func bool(_ value: Bool) { add(.bool(value), key: pendingKey) }

  mutating func number(_ value: Int) { add(.number(value), key: pendingKey) }
}
