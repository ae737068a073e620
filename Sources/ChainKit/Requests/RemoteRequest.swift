/// One request from another isolation: resumes its asker exactly once, with the answer, `nil`,
/// or why there is none, whichever of the main actor's walk, the async responder and the
/// asker's cancellation comes first.
final class RemoteRequest<Response: Sendable>: Sendable {
  /// The answer, `nil`, or why there is none: a ``RequestError`` or `CancellationError`.
  typealias Answer = Result<Response?, any Error>

  private enum State {
    /// Not started yet: the continuation is not there.
    case idle
    /// The asker awaits; an async responder's task may be running.
    case waiting(CheckedContinuation<Answer, Never>, Task<Void, Never>?)
    /// Resumed, or cancelled before it started.
    case done
  }

  private let state = Locked(State.idle)

  /// Keeps the asker's continuation; `false` (after resuming it with `CancellationError`) if the
  /// asker was cancelled before the request started.
  func start(_ continuation: CheckedContinuation<Answer, Never>) -> Bool {
    let started = state.withLock { state in
      guard case .idle = state else { return false }
      state = .waiting(continuation, nil)
      return true
    }
    if !started { continuation.resume(returning: .failure(CancellationError())) }
    return started
  }

  /// Resumes the asker with `answer`, if nothing resumed it before.
  func finish(_ answer: Answer) {
    let continuation: CheckedContinuation<Answer, Never>? = state.withLock { state in
      guard case .waiting(let continuation, _) = state else { return nil }
      state = .done
      return continuation
    }
    continuation?.resume(returning: answer)
  }

  /// The asker was cancelled: resumes it with `CancellationError` and cancels the async
  /// responder's task, if one runs.
  func cancel() {
    let (continuation, task): (CheckedContinuation<Answer, Never>?, Task<Void, Never>?) =
      state.withLock { state in
        switch state {
        case .idle:
          state = .done
          return (nil, nil)
        case .waiting(let continuation, let task):
          state = .done
          return (continuation, task)
        case .done:
          return (nil, nil)
        }
      }
    task?.cancel()
    continuation?.resume(returning: .failure(CancellationError()))
  }

  /// Whether the request still wants an answer.
  private var isWaiting: Bool {
    state.withLock { state in
      if case .waiting = state { return true }
      return false
    }
  }

  /// Keeps the async responder's task so that cancelling the asker cancels it; cancels it at once
  /// if the asker is gone already.
  private func attach(_ task: Task<Void, Never>) {
    let attached = state.withLock { state in
      guard case .waiting(let continuation, nil) = state else { return false }
      state = .waiting(continuation, task)
      return true
    }
    if !attached { task.cancel() }
  }

  /// Walks the path on the main actor; resumes the asker with a synchronous answer, or starts the
  /// async responder the walk ended at.
  @MainActor
  func walk<Payload>(target: RemoteTarget, key: RequestKey<Payload, Response>, payload: Payload) {
    guard isWaiting else { return }
    guard let core = target.core else {
      finish(.failure(RequestError.nodeReleased(node: target.name)))
      return
    }
    // The walk's dispatch takes the next id (see `walkRequest`): that is how an async responder
    // tells this walk from a synchronous request nested in it.
    let runtime = core.runtime
    let handoff = AsyncRequestHandoff<Response>(dispatchID: runtime.lastDispatchID &+ 1)
    let outer = runtime.asyncRequestHandoff
    runtime.asyncRequestHandoff = handoff
    var answer: Response?
    _ = core.walkRequest(keyID: key.id, key: key.name, payload: payload) { (response: Response) in
      answer = response
      return false
    }
    runtime.asyncRequestHandoff = outer
    guard let promised = handoff.answer else {
      finish(.success(answer))
      return
    }
    let task = Task { @MainActor in
      do {
        let response = try await promised.run()
        self.finish(.success(response))
      } catch {
        self.finish(
          .failure(
            RequestError.responderFailed(key: promised.key, node: promised.node, error: error)))
      }
    }
    attach(task)
  }
}
