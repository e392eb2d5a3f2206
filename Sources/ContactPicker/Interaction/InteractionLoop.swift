import Foundation
import TerminalKit

/// What a controller's loop does next: wait for something (a key, a search, a
/// nested controller) and hand it to the controller's state machine, or end.
enum InteractionStep<Outcome> {
  /// Waits, then goes on with the step the wait leads to.
  case next(PendingStep<Outcome>)
  /// The interaction ended with `Outcome`.
  case finished(Outcome)
}

/// A wait and what follows it, in two forms: blocking the main actor (`run(on:)`),
/// or suspending (`present(on:)`).
@MainActor
struct PendingStep<Outcome> {
  /// Waits on the main actor.
  let blocking: @MainActor () -> InteractionStep<Outcome>
  /// Waits by suspending.
  let suspending: @MainActor () async -> InteractionStep<Outcome>

  /// The next key (or timeout, or end of input) on `screen`, handed to `then`.
  ///
  /// The blocking form waits on the main actor (`Screen.nextInput(timeout:)`); the
  /// suspending form waits off it, the main actor free for other tasks until input is
  /// there (`Screen.input(timeout:)`), and reads it on the main actor. A resize
  /// measures the cells again for the card's photo (a font change comes with one).
  static func input(
    on screen: any Screen, timeout: Int?, then: @escaping @MainActor (ScreenInput) -> InteractionStep<Outcome>
  ) -> PendingStep {
    let resized: @MainActor (ScreenInput) -> ScreenInput = { input in
      if input == .key(.resize) { CardPhoto.measure(screen) }
      return input
    }
    return PendingStep(
      blocking: { then(resized(screen.nextInput(timeout: timeout))) },
      suspending: { then(resized(await screen.input(timeout: timeout))) })
  }

  /// `work`, which blocks but needs neither the screen nor the main actor (waiting
  /// for a search or for a book to be checked): on a thread of its own in the
  /// suspending form. Its value is handed to `then`.
  static func work<Value: Sendable>(
    _ work: @escaping @Sendable () -> Value, then: @escaping @MainActor (Value) -> InteractionStep<Outcome>
  ) -> PendingStep {
    PendingStep(
      blocking: { then(work()) },
      suspending: { then(await InteractionLoop.onThread(work)) })
  }

  /// Another controller on the same screen (the new-person form opened from the
  /// picker, a card opened from the unknown-person card): run, or presented, to its
  /// end, which is handed to `then`.
  static func nested<Value>(
    run: @escaping @MainActor () -> Value, present: @escaping @MainActor () async -> Value,
    then: @escaping @MainActor (Value) -> InteractionStep<Outcome>
  ) -> PendingStep {
    PendingStep(blocking: { then(run()) }, suspending: { then(await present()) })
  }
}

/// Drives a controller's steps to the end: `run` blocks (the controllers'
/// `run(on:)`), `present` suspends (`present(on:)`).
@MainActor
enum InteractionLoop {
  /// Takes `step` and those it leads to until one is `.finished`, waiting on the
  /// main actor.
  static func run<Outcome>(from step: InteractionStep<Outcome>) -> Outcome {
    var step = step
    while true {
      switch step {
      case .finished(let outcome): return outcome
      case .next(let pending): step = pending.blocking()
      }
    }
  }

  /// Takes `step` and those it leads to until one is `.finished`, suspending at
  /// each wait.
  static func present<Outcome>(from step: InteractionStep<Outcome>) async -> Outcome {
    var step = step
    while true {
      switch step {
      case .finished(let outcome): return outcome
      case .next(let pending): step = await pending.suspending()
      }
    }
  }

  /// Runs `work` on a new thread and resumes with its value when it is done.
  nonisolated static func onThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: work()) }
    }
  }
}
