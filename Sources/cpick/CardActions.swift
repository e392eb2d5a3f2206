import ContactPicker
import ContactStores

extension CPick {
  /// What `o` and `m` do on a card (`ContactActions`): the config file's
  /// `action-<kind>` lines, `$CPICK_MAIL_CMD`, the desktop's handlers; nil with
  /// `--no-actions`.
  static func cardActions(_ options: Options, environment: [String: String]) -> ContactActions? {
    options.noActions ? nil : ContactActions(config: ConfigFile.load(environment: environment), environment: environment)
  }
}
