import ChainKit

// The record of each change ChainKit's hook reports (`TraceEvent`, package access).

extension TraceRecord {
  /// The record of `event`.
  @MainActor
  init(_ event: TraceEvent) {
    switch event {
    case .mount(let node, let parent, let reason):
      let record = MountRecord(node: node, parent: parent, reason: MountRecord.Reason(reason))
      self = reason == .mounted ? .mount(record) : .unmount(record)
    case .binding(let groupID, let group, let change, let member, let old, let new):
      self = .binding(
        BindingRecord(
          groupID: groupID, group: group, kind: BindingRecord.Kind(change), member: member,
          old: old, new: new))
    case .share(let node, let key, let value, let action, let notified):
      self = .share(
        ShareRecord(
          node: node, key: key, value: value, action: ShareRecord.Action(action),
          subscribersNotified: notified))
    case .publish(let bus, let type, let event, let source, let run, let errors):
      let record = BusRecord(
        bus: bus, type: type, eventText: event, source: BusRecord.Source(source),
        subscribersRun: run, errors: errors)
      self =
        source == .publish && run == 0 && errors.isEmpty ? .deadEvent(record) : .publish(record)
    case .producer(let bus, let type, let action):
      self = .producer(ProducerRecord(bus: bus, type: type, action: ProducerRecord.Action(action)))
    case .streamDrop(let source, let key, let policy, let dropped):
      self = .streamDrop(
        StreamDropRecord(source: source, key: key, policy: policy, dropped: dropped))
    case .refusedDispatch(let start, let path, let outcome):
      self = .dispatch(DispatchRecorder.refused(start, path: path, outcome: outcome))
    }
  }
}

extension MountRecord.Reason {
  init(_ reason: TraceEvent.MountReason) {
    switch reason {
    case .mounted: self = .mounted
    case .unmounted: self = .unmounted
    case .released: self = .released
    }
  }
}

extension BindingRecord.Kind {
  init(_ change: TraceEvent.BindingChange) {
    switch change {
    case .change: self = .change
    case .update: self = .update
    case .suppressedEcho: self = .suppressedEcho
    case .deferred: self = .deferred
    case .dropped: self = .dropped
    case .roundLimit: self = .roundLimit
    }
  }
}

extension ShareRecord.Action {
  init(_ action: TraceEvent.ShareAction) {
    switch action {
    case .shared: self = .shared
    case .computed: self = .computed
    case .removed: self = .removed
    }
  }
}

extension BusRecord.Source {
  init(_ source: TraceEvent.BusSource) {
    switch source {
    case .publish: self = .publish
    case .producerRegistered: self = .producerRegistered
    case .newSubscriber: self = .newSubscriber
    }
  }
}

extension ProducerRecord.Action {
  init(_ action: TraceEvent.ProducerAction) {
    switch action {
    case .registered: self = .registered
    case .replaced: self = .replaced
    case .removed: self = .removed
    }
  }
}

extension ListenerRecord.Outcome {
  init(_ outcome: ListenerOutcome) {
    switch outcome {
    case .ran: self = .ran
    case .stopped: self = .stopped
    case .stoppedImmediately: self = .stoppedImmediately
    case .threw: self = .threw
    case .answered: self = .answered
    case .declined: self = .declined
    case .otherPhase: self = .otherPhase
    case .removed: self = .removed
    case .skippedAfterStop: self = .skippedAfterStop
    case .skippedAfterAnswer: self = .skippedAfterAnswer
    }
  }
}

extension ListenerOutcome {
  init(_ outcome: ListenerRecord.Outcome) {
    switch outcome {
    case .ran: self = .ran
    case .stopped: self = .stopped
    case .stoppedImmediately: self = .stoppedImmediately
    case .threw: self = .threw
    case .answered: self = .answered
    case .declined: self = .declined
    case .otherPhase: self = .otherPhase
    case .removed: self = .removed
    case .skippedAfterStop: self = .skippedAfterStop
    case .skippedAfterAnswer: self = .skippedAfterAnswer
    }
  }
}
