/// What a tree panel shows under its `text` lines, kept up to date by its listeners.
struct TreePanelState {
  /// The parents added by `mount`, and the path events from the panel take.
  var extraParents: [String] = []
  var path: String?
  /// Panels mounted under this one by `mount`, each with the panel it is drawn in.
  var mountedHere: [String] = []
  /// Shared data the panel subscribed to, by key, with the value it sees.
  var data: [(key: String, value: String)] = []
  /// Bus channels the panel subscribed to, with the last value heard.
  var channels: [(channel: String, value: String)] = []
  /// Events handled here, by name, with how many times.
  var handled: [(event: String, count: Int)] = []
  /// The last answer each request from this panel got.
  var answers: [(request: String, answer: String)] = []
}

extension TreeScene {
  /// Redraws a panel's body from its description and state.
  func refresh(_ index: Int) {
    let description = tree.panels[index]
    let state = state[index]
    let hint = Style(dim: true)
    var lines = description.texts.map { StyledLine($0) }
    if let path = state.path {
      lines.append(
        StyledLine("also under \(state.extraParents.joined(separator: ", ")): \(path)", style: hint)
      )
    }
    for child in state.mountedHere {
      lines.append(StyledLine("also mounted here: \(child)", style: hint))
    }
    for field in description.fields {
      let value = fields["\(description.name).\(field.name)"]?.value ?? field.initial
      lines.append(StyledLine("\(field.name) = \(value)", style: Style(bold: true)))
    }
    for (key, value) in state.data {
      lines.append(StyledLine("\(key): \(value)", style: Style(foreground: .green)))
    }
    for (channel, value) in state.channels {
      lines.append(StyledLine("\(channel): \(value)", style: Style(foreground: .yellow)))
    }
    if !state.handled.isEmpty {
      let counts = state.handled.map { "\($0.event) x\($0.count)" }.joined(separator: ", ")
      lines.append(StyledLine("handled \(counts)", style: Style(bold: true)))
    }
    for (request, answer) in state.answers {
      lines.append(StyledLine("\(request)? \(answer)", style: Style(foreground: .cyan)))
    }
    panels[index].body = lines
  }

  /// Counts an event handled at a panel.
  func countHandled(_ event: String, at index: Int) {
    if let position = state[index].handled.firstIndex(where: { $0.event == event }) {
      state[index].handled[position].count += 1
    } else {
      state[index].handled.append((event, 1))
    }
    refresh(index)
  }

  /// Sets what a panel shows for a data key, a channel or a request.
  func show(data key: String, value: String, at index: Int) {
    if let position = state[index].data.firstIndex(where: { $0.key == key }) {
      state[index].data[position].value = value
    } else {
      state[index].data.append((key, value))
    }
    refresh(index)
  }

  func show(channel: String, value: String, at index: Int) {
    if let position = state[index].channels.firstIndex(where: { $0.channel == channel }) {
      state[index].channels[position].value = value
    } else {
      state[index].channels.append((channel, value))
    }
    refresh(index)
  }

  func show(answer: String, to request: String, at index: Int) {
    if let position = state[index].answers.firstIndex(where: { $0.request == request }) {
      state[index].answers[position].answer = answer
    } else {
      state[index].answers.append((request, answer))
    }
    refresh(index)
  }
}
