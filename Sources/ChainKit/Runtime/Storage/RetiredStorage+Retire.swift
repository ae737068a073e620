/// Retiring storage and elements through the runtime: a list's storage and a removed element are
/// freed at once when no operation is under way, and otherwise kept in ``RetiredStorage`` until
/// the outermost operation returns (one may still be reading them).
extension RetiredStorage {
  /// Keeps `buffer` until ``free()``.
  mutating func retire(_ buffer: UnsafeMutableRawPointer) {
    buffers.append(buffer)
    checkInvariants()
  }

  /// Keeps `element`'s retain until ``free()``.
  mutating func retire<Element: AnyObject>(_ element: Unmanaged<Element>) {
    elements.append(Unmanaged.fromOpaque(element.toOpaque()))
    checkInvariants()
  }

  /// Keeps `object` alive until ``free()``, with a retain of its own.
  mutating func keep(_ object: AnyObject) {
    elements.append(Unmanaged.passRetained(object))
    checkInvariants()
  }
}

extension NodeCore {
  /// Takes every registration out of this core's lists, then releases them all, at once.
  ///
  /// For the core's deinit: nothing can be walking the lists of a core that is being freed, so
  /// nothing needs to wait; and every list is emptied before any registration is released, so
  /// deinit code a release runs finds none of them half taken.
  func releaseRegistrationsNow() {
    var entries: [Unmanaged<Registration>] = []
    for registrations in keyed { entries += registrations.takeEverything(freeingThrough: runtime) }
    for entry in entries { entry.release() }
  }
}

extension ChainRuntime {
  /// Frees a list's storage now, or once no operation is under way (one may be reading it).
  func free(_ buffer: UnsafeMutableRawPointer) {
    if depth == 0 {
      buffer.deallocate()
    } else {
      retired.retire(buffer)
      hasIdleWork = true
    }
  }

  /// Releases an element taken out of its list now, or once no operation is under way (one may
  /// be calling it).
  ///
  /// NB: always inlined: it is a test and a release, which a cancel would otherwise reach
  /// through a call (`subscribe.chainkit`; see BENCHMARKS.md).
  @inline(__always)
  func release<Element: AnyObject>(_ element: Unmanaged<Element>) {
    if depth == 0 {
      element.release()
    } else {
      retired.retire(element)
      hasIdleWork = true
    }
  }
}
