import ChainKit

extension ChromeTraceBuilder {
  /// Adds the events of a record written at `time`: slices for a dispatch, an instant for the
  /// rest, each on the track of the node, bus or group it is about.
  mutating func add(_ record: TraceRecord, at time: UInt64, scope: String) {
    switch record {
    case .dispatch(let dispatch):
      add(dispatch, endingAt: time)
    case .mount(let mount):
      instant(
        "mounted under \(mount.parent)", on: .node(mount.node), at: time,
        args: ["parent": .text(mount.parent), "reason": .text(mount.reason.rawValue)])
    case .unmount(let mount):
      let verb = mount.reason == .released ? "released from" : "unmounted from"
      instant(
        "\(verb) \(mount.parent)", on: .node(mount.node), at: time,
        args: ["parent": .text(mount.parent), "reason": .text(mount.reason.rawValue)])
    case .share(let share):
      instant(
        "\(share.action.rawValue) \(share.key)", on: .node(share.node), at: time,
        args: [
          "key": .text(share.key), "value": .text(share.value),
          "subscribersNotified": .number(UInt64(max(share.subscribersNotified, 0))),
        ])
    case .binding(let binding):
      var args: [String: ChromeTraceEvent.Argument] = [
        "member": .text(binding.member), "action": .text(binding.kind.rawValue),
        "groupID": .number(binding.groupID),
      ]
      if let old = binding.old { args["old"] = .text(old) }
      if let new = binding.new { args["new"] = .text(new) }
      instant(
        "\(binding.kind.rawValue) \(binding.member)", on: .binding(binding.group), at: time,
        args: args)
    case .publish(let bus), .deadEvent(let bus):
      let isDead: Bool = if case .deadEvent = record { true } else { false }
      var args: [String: ChromeTraceEvent.Argument] = [
        "event": .text(bus.event), "type": .text(bus.type), "reason": .text(bus.source.rawValue),
        "subscribersRun": .number(UInt64(max(bus.subscribersRun, 0))),
      ]
      if !bus.errors.isEmpty { args["errors"] = .list(bus.errors) }
      instant(
        "\(isDead ? "dead event" : "publish") \(bus.type)", on: .bus(bus.bus), at: time,
        args: args)
    case .producer(let producer):
      instant(
        "\(producer.action.rawValue) producer \(producer.type)", on: .bus(producer.bus),
        at: time, args: ["type": .text(producer.type), "action": .text(producer.action.rawValue)])
    case .streamDrop(let drop):
      instant(
        "stream dropped \(drop.key)", on: .node(drop.source), at: time,
        args: [
          "key": .text(drop.key), "policy": .text(drop.policy),
          "dropped": .number(UInt64(max(drop.dropped, 0))),
        ])
    }
  }
}
