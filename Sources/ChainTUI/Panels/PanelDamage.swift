/// What each piece of a panel layout showed when it was last drawn, so that the next frame of
/// the same layout draws only the pieces whose content changed and keeps the rest of the last
/// frame's cells.
///
/// NB: a key changes a few logs and bodies and moves the lit path, while the panels were all
/// drawn afresh on every frame; what a piece shows is read from counters its panel bumps on
/// every change (``Panel/drawVersions``), so comparing costs a few integers per piece.
struct PanelDamage {
  /// What a frame was drawn with besides the panels: another layout or theme draws afresh.
  struct Setting: Equatable {
    /// ``ScreenLayout/serial`` of the layout drawn.
    let layout: Int
    let colors: Bool
    let showsTimestamps: Bool
  }

  /// What one piece showed: its panel's counters that its drawing reads, as they were after
  /// drawing it.
  struct Signature: Equatable {
    var version = 0
    var count = 0
  }

  /// What the last frame was drawn with.
  let setting: Setting
  /// One signature per piece of the layout, in its order.
  var signatures: [Signature]
  /// The places whose top border the lit path marked in the last frame: their top rows are
  /// drawn again, so no mark outlives its dispatch.
  var marked: [Int]
  /// How many pieces the frame drew; the others kept the last frame's cells.
  var drawn = 0
}
