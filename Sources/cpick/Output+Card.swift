import ContactPicker

extension Output {
  /// Prints how a person card ended (`show`, the existing contact `new` opens) and
  /// gives the exit code: the value chosen, `didCompleteWithPerson` after a saved
  /// edit, `didDeletePerson` after a deletion; nothing when it was closed (130).
  @MainActor func emit(card result: PersonViewResult) -> ExitCode {
    switch result {
    case .selectedProperty(let property):
      return emit(.selectedProperty(property)) ? .chosen : .cancelled
    case .edited(let saved):
      emit(event: "didCompleteWithPerson", person: saved)
      return .chosen
    case .deleted(let deleted):
      emit(event: "didDeletePerson", person: deleted)
      return .chosen
    case .cancelled:
      return .cancelled
    }
  }
}
