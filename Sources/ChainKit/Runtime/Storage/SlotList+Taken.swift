extension SlotList {
  /// An element taken out of a list by ``takeAll(freeingThrough:)``: it still holds the reference the list
  /// held, which whoever took it releases once.
  typealias Taken = Unmanaged<Element>
}
