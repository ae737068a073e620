/// A tree file, parsed and checked: a hierarchy of panels and what each does, before any node
/// exists.
///
/// ``TreeScene`` builds it into panels and nodes.
///
/// Produced by ``TreeFileLoader``; every part keeps the location it came from, so that a
/// problem found later (an unknown panel in a `mount`, a cycle) is reported where it was written.
package struct TreeFile: Sendable {
  /// The file's name as given to the parser, used in locations.
  package var file: String
  /// The scene id (`scene ID`, or the file's name without its extension).
  package var id: String
  /// Where the id was written (line 1, column 1 when it comes from the file's name).
  package var idLocation: SourceLocation
  /// The tab's label (`scene ID "Title"`, or the id).
  package var title: String
  /// The help overlay's lines (`flow "..."`), in order.
  package var flow: [String] = []
  /// The panels, each after its parent, in the order written; the first is the root.
  ///
  /// NB: add one with ``append(_:)``, which indexes its name, and never rename one.
  package var panels: [TreePanel] = []
  /// Each panel's index by name (the first panel of a name), so a lookup is not a scan.
  private var indexes: [String: Int] = [:]
  /// Extra parents: `mount X under Y`.
  package var mounts: [TreeMount] = []
  /// Fields bound both ways: `bind a.x b.y`.
  package var bindings: [TreeBinding] = []

  /// Creates a tree file with no panels yet.
  init(file: String, id: String, idLocation: SourceLocation, title: String) {
    self.file = file
    self.id = id
    self.idLocation = idLocation
    self.title = title
  }

  /// The index of the panel with a name.
  package func index(ofPanel name: String) -> Int? {
    indexes[name]
  }

  /// Adds a panel after the others and indexes its name.
  package mutating func append(_ panel: TreePanel) {
    if indexes[panel.name] == nil { indexes[panel.name] = panels.count }
    panels.append(panel)
  }

  /// Removes the last panel (the parser's scratch panel for a block with a problem).
  mutating func removeLastPanel() {
    let removed = panels.removeLast()
    if indexes[removed.name] == panels.count { indexes[removed.name] = nil }
  }
}

/// One panel of a tree file: its place, layout hints, and the statements indented under it.
package struct TreePanel: Sendable {
  /// The panel's (and its node's) name, unique in the file.
  package var name: String
  /// The border title.
  package var title: String
  /// The index of the panel it is drawn in; `nil` for the root.
  package var parent: Int?
  /// Where the `panel` line is.
  package var location: SourceLocation
  /// Children side by side (`axis=horizontal`, the default) or stacked (`axis=vertical`).
  package var axis: Layout.Axis = .horizontal
  /// Share of the parent's space (`weight=N`).
  package var weight = 1
  /// Fixed rows or columns along the parent's axis (`length=N`).
  package var length: Int?
  /// Border colour (`color=NAME`).
  package var accent: Style.Color?
  /// Log rows of a container, or 0 for a leaf without a log (`log=N`, `log=off`).
  package var logRows: Int?
  /// Body lines (`text "..."`).
  package var texts: [String] = []
  /// Keys (`key KEY "label" ACTION`).
  package var keys: [TreeKey] = []
  /// Listeners and responders (`on NAME [capture] ACTION...`).
  package var listeners: [TreeListener] = []
  /// Data shared down when the scene starts (`share KEY "value"`).
  package var shares: [TreeShare] = []
  /// Data keys the panel subscribes to and shows (`subscribe KEY`).
  package var subscriptions: [TreeName] = []
  /// Fields the panel shows and bindings connect (`field NAME "initial"`).
  package var fields: [TreeField] = []
  /// Bus channels the panel subscribes to and shows (`bus subscribe CHANNEL`).
  package var busSubscriptions: [TreeName] = []
  /// Bus channels the panel produces a count on (`bus produce CHANNEL every DURATION`).
  package var producers: [TreeProducer] = []
}

/// A name written somewhere, with where.
package struct TreeName: Sendable {
  /// The name.
  package var name: String
  /// Where it was written.
  package var location: SourceLocation
}

/// `mount X under Y`: Y becomes another parent of X's node.
package struct TreeMount: Sendable {
  /// The panel mounted.
  package var child: TreeName
  /// Its extra parent.
  package var parent: TreeName
}

/// `bind a.x b.y ...`: fields kept equal both ways.
package struct TreeBinding: Sendable {
  /// The members, as `panel.field`, in order; the others take the first one's value.
  package var members: [(panel: TreeName, field: String)]
}

/// `share KEY "value"`: a value shared down the panel's subtree.
package struct TreeShare: Sendable {
  /// The data key.
  package var key: String
  /// The value, with `{param}` placeholders when shared from a listener.
  package var value: TreeText
  /// Where it was written.
  package var location: SourceLocation
}

/// `field NAME "initial"`: a text property shown in the panel's body.
package struct TreeField: Sendable {
  /// The field's name, unique in its panel.
  package var name: String
  /// Its first value.
  package var initial: String
  /// Where it was written.
  package var location: SourceLocation
}

/// `bus produce CHANNEL every DURATION`: a counter published on the explorer's clock.
///
/// It publishes 1, 2, 3 and so on, and is the channel's producer, so a late subscriber hears
/// the current count at once.
package struct TreeProducer: Sendable {
  /// The channel.
  package var channel: String
  /// How often.
  package var interval: Duration
  /// Where it was written.
  package var location: SourceLocation
}
