/// A column and row on a grid; (0, 0) is the top-left cell.
public struct Point: Sendable, Hashable {
  /// The column, counted from 0 at the left.
  public var x: Int
  /// The row, counted from 0 at the top.
  public var y: Int

  /// Creates a point.
  ///
  /// - Parameters:
  ///   - x: The column.
  ///   - y: The row.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

/// A width and height in cells, never negative.
public struct Size: Sendable, Hashable {
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// Creates a size; negative values become 0 so a bad computation cannot produce a negative area.
  ///
  /// - Parameters:
  ///   - width: The number of columns.
  ///   - height: The number of rows.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }
}

/// A rectangle of cells: an origin and a size.
///
/// Every operation tolerates tiny and negative inputs and yields an empty rectangle rather than
/// trapping, because layouts are computed from whatever size the terminal reports.
public struct Rect: Sendable, Hashable {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The number of columns, never negative.
  public var width: Int
  /// The number of rows, never negative.
  public var height: Int

  /// Creates a rectangle; a negative width or height becomes 0.
  ///
  /// - Parameters:
  ///   - x: The left column.
  ///   - y: The top row.
  ///   - width: The number of columns.
  ///   - height: The number of rows.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// Creates a rectangle at the origin covering a whole size, such as the terminal's.
  ///
  /// - Parameter size: The size to cover.
  public init(_ size: Size) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  /// The column just right of the rectangle.
  public var maxX: Int { x + width }
  /// The row just below the rectangle.
  public var maxY: Int { y + height }
  /// Whether the rectangle covers no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }
  /// The top-left cell.
  public var origin: Point { Point(x: x, y: y) }
  /// The rectangle's size.
  public var size: Size { Size(width: width, height: height) }

  /// Whether the rectangle covers a point.
  ///
  /// - Parameter point: The point to test.
  /// - Returns: `true` when the point lies inside.
  public func contains(_ point: Point) -> Bool {
    (x..<maxX).contains(point.x) && (y..<maxY).contains(point.y)
  }

  /// The rectangle shrunk by the given margins; empty (never negative) when they do not fit.
  ///
  /// - Parameters:
  ///   - top: Rows removed at the top.
  ///   - left: Columns removed at the left.
  ///   - bottom: Rows removed at the bottom.
  ///   - right: Columns removed at the right.
  /// - Returns: The inner rectangle.
  public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
    Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }

  /// The rectangle shrunk by the same margin on every side, for the inside of a box.
  ///
  /// - Parameter margin: Cells removed on each side.
  /// - Returns: The inner rectangle.
  public func inset(by margin: Int) -> Rect {
    inset(top: margin, left: margin, bottom: margin, right: margin)
  }

  /// The cells both rectangles cover; empty when they do not overlap.
  ///
  /// - Parameter other: The other rectangle.
  /// - Returns: The overlap.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    return Rect(
      x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
  }
}
