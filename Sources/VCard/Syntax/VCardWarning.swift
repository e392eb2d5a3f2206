import ContactFormats

/// A problem met while reading a vCard, jCard or xCard, with the line it concerns.
///
/// Printed as `file:line: message`.
public typealias VCardWarning = LineWarning
