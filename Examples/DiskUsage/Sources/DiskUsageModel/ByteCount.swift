// Sizes as people read them.
import Foundation

/// Formats byte counts as GNOME's Files and Disk Usage Analyzer do: decimal units, one
/// decimal below 100 (`"1.5 GB"`, `"340 kB"`, `"12 bytes"`).
public enum ByteCount {
  /// `bytes` in the largest unit that keeps the number at least 1.
  public static func format(_ bytes: Int64) -> String {
    if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 999.95 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    let digits = value < 100 ? 1 : 0
    return String(format: "%.\(digits)f %@", value, units[unit])
  }
}
