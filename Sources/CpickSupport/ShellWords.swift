/// Words of a command line written as a shell writes them, without a shell: spaces
/// separate, single and double quotes group, a backslash escapes the next character
/// (outside single quotes). No expansion of any kind (`$`, `~`, globs): what is
/// written is what the program gets.
public enum ShellWords {
  /// The words of `text` (`CPICK_DEFAULT_OPTS`, a command in the config file).
  public static func split(_ text: String) -> [String] { words(text).words }

  /// The words of `text`, and the quote (`'` or `"`) left open at its end, which
  /// `split` closes there (nil when every quote is closed).
  public static func words(_ text: String) -> (words: [String], unclosed: Character?) {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character? = nil
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
        continue
      }
      if character == "\\" && quote != "'" {
        escaped = true
        inWord = true
        continue
      }
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
        continue
      }
      if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character.isWhitespace {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return (words, quote)
  }
}
