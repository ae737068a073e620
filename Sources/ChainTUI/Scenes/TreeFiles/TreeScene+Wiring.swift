import ChainKit

/// What a bus channel of a tree file carries: text.
struct TreeBusMessage: Sendable, CustomStringConvertible {
  let value: String
  var description: String { value }
}

/// The error a `throw "message"` action throws.
struct TreeListenerError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

extension TreeScene {
  /// Registers a panel's fields, subscriptions, keys, listeners and responders.
  func wire(_ index: Int) {
    let description = tree.panels[index]
    let panel = panels[index]
    for field in description.fields {
      let member = "\(panel.name).\(field.name)"
      // The binding's name, as TreeScene names it: its members joined by "=".
      let group = tree.bindings.first { binding in
        binding.members.contains { $0.panel.name == panel.name && $0.field == field.name }
      }.map { $0.members.map { "\($0.panel.name).\($0.field)" }.joined(separator: "=") }
      let property = Property(field.initial, name: member)
      // NB: the panel logs its own fields' changes; the scene's tracer feeds the inspector only.
      property.observe { [weak self, unowned panel] old, new in
        guard let self else { return }
        if let group {
          panel.note(
            BindingSentence.text(
              settingField == member ? .change : .update, member: member, source: settingField,
              group: group, old: old, new: new))
        } else {
          panel.note("\(field.name): \(old) -> \(new)")
        }
        refresh(index)
      }
      fields["\(panel.name).\(field.name)"] = property
    }
    for key in description.subscriptions {
      show(data: key.name, value: "(none yet)", at: index)
      panel.node.subscribe(DataKey<String>(key.name)) { [weak self, unowned panel] value in
        panel.note("data \(key.name): \(value ?? "(removed)")")
        self?.show(data: key.name, value: value ?? "(none)", at: index)
      }
    }
    for channel in description.busSubscriptions {
      show(channel: channel.name, value: "(nothing yet)", at: index)
      tokens.append(
        bus(channel.name).subscribe(TreeBusMessage.self) { [weak self, weak panel] message in
          panel?.note("bus \(channel.name): \(message.value)")
          self?.show(channel: channel.name, value: message.value, at: index)
        })
    }
    panel.keys = description.keys.map { key in
      PanelKey(key.key, key.label) { [weak self] in self?.press(key.action, at: index) }
    }
    for listener in description.listeners {
      if listener.isResponder {
        respond(listener, at: index)
      } else {
        listen(listener, at: index)
      }
    }
  }

  /// The bus of a channel, made on first use.
  func bus(_ channel: String) -> EventBus {
    if let bus = buses[channel] { return bus }
    let bus = EventBus(name: channel)
    buses[channel] = bus
    return bus
  }

  /// What a key does when pressed on a panel.
  func press(_ action: TreeKeyAction, at index: Int) {
    let panel = panels[index]
    switch action {
    case .post(let event, let params):
      panel.node.post(event, Self.params(params, from: [:]))
    case .request(let name, let params):
      let answer = panel.node.request(
        RequestKey<Params, String>(name), Self.params(params, from: [:]))
      panel.note(answer.map { "asked \(name): \"\($0)\"" } ?? "asked \(name): nobody answered")
      show(answer: answer ?? "nobody answered", to: name, at: index)
    case .publish(let channel, let value):
      let outcome = bus(channel).publish(TreeBusMessage(value: value.resolved(with: [:])))
      panel.note("published \(channel): \(value.template) to \(outcome.listenersRun)")
    case .set(let field, let value):
      setField("\(panel.name).\(field)", to: value.resolved(with: [:]))
    }
  }

  /// Sets a field (`panel.field`) by a key or a listener, so its log says "change".
  func setField(_ member: String, to value: String) {
    let outer = settingField
    settingField = member
    defer { settingField = outer }
    fields[member]?.value = value
  }

  /// Builds a params bag from `name=value` pairs, placeholders filled from an event's params.
  static func params(_ params: [TreeParam], from event: [String: String]) -> Params {
    var bag = Params()
    for param in params { bag[param.name] = param.value.param(with: event) }
    return bag
  }

  /// A bus producer: counts up on the explorer's clock and answers new subscribers with the
  /// current count.
  func startProducer(_ producer: TreeProducer, at index: Int, _ context: SceneContext) {
    let bus = bus(producer.channel)
    var count = 0
    tokens.append(
      bus.produce(TreeBusMessage.self) { count > 0 ? TreeBusMessage(value: "\(count)") : nil })
    timers.append(
      context.every(producer.interval) { [weak self, weak bus] in
        guard let self, let bus else { return }
        count += 1
        let outcome = bus.publish(TreeBusMessage(value: "\(count)"))
        panels[index].note("published \(producer.channel): \(count) to \(outcome.listenersRun)")
      })
  }
}
