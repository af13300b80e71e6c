// The sink every workload adds into.

/// Where every sink adds what it receives; the totals go into the printed checksum, so
/// the optimizer cannot delete the work.
final class Accumulator {
  var total = 0
}
