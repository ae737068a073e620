import Foundation

/// What the run was measured on, printed above the tables.
enum Machine {
  /// One line: host kernel, processors, load, date.
  static func describe() -> String {
    let info = ProcessInfo.processInfo
    let load =
      (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
      .split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    return "machine: \(info.operatingSystemVersionString), \(info.activeProcessorCount) cores,"
      + " load \(load), \(Date().formatted(.iso8601))"
  }

  /// The 1-minute load average, or `nil` if /proc/loadavg cannot be read.
  static func loadAverage() -> Double? {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
      .split(separator: " ").first.flatMap { Double($0) }
  }

  /// The load of other processes during a phase of `seconds` that this process spent running
  /// one thread, estimated from the 1-minute load average before (`start`) and after (`end`).
  ///
  /// Linux updates the average every 5 s as L = L0 e^(-t/60) + n (1 - e^(-t/60)), where n is
  /// the number of runnable threads; this process is one of them, so n - 1 is the others'.
  static func othersLoad(start: Double, end: Double, seconds: Double) -> Double {
    let decay = exp(-seconds / 60)
    guard decay < 0.99 else { return max(start, end - 1) }
    return max((end - start * decay) / (1 - decay) - 1, 0)
  }

  /// A warning when other processes compete for the cores, or `nil`.
  static func busyWarning() -> String? {
    guard
      let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
      let load = text.split(separator: " ").first.flatMap({ Double($0) }),
      load > Double(ProcessInfo.processInfo.activeProcessorCount) - 0.5
    else { return nil }
    return "NB: the machine is busy (1-minute load \(load)): absolute figures are inflated by"
      + " cache and frequency effects; compare the ratios, which are measured in this run"
  }

  /// Resident memory of this process in bytes, from /proc/self/statm.
  static func residentBytes() -> Int {
    guard
      let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
