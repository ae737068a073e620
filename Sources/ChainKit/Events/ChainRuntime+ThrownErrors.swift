/// The stack of errors thrown during the events and requests under way.
///
/// A context keeps only the count of the errors its dispatch recorded; they wait here until the
/// dispatch ends. Dispatches nest strictly (a nested one ends before its listener returns), so a
/// dispatch's errors are the top of the stack whenever it reads or takes them.
extension ChainRuntime {
  /// Records an error of the innermost dispatch.
  func pushThrown(_ error: any Error) {
    thrownErrors.append(error)
  }

  /// The last `count` errors: the innermost dispatch's, if it recorded `count`.
  func thrownErrors(last count: Int) -> ArraySlice<any Error> {
    thrownErrors[(thrownErrors.count - count)...]
  }

  /// Takes the last `count` errors off the stack: the innermost dispatch's, as it ends.
  @usableFromInline
  func popThrown(_ count: Int) -> [any Error] {
    let errors = Array(thrownErrors[(thrownErrors.count - count)...])
    thrownErrors.removeLast(count)
    return errors
  }
}
