// Hash tables C gives: copied into Swift dictionaries.
import CGtk

/// Copies of the `GHashTable`s C functions give, released as GIR's transfer says: nothing
/// (`none`), or the table (`container`, `full`), whose own free functions then free what
/// it holds. NULL reads as an empty dictionary.
nonisolated package enum GHashTables {
  /// The string keys and values of `table`.
  package static func strings(_ table: OpaquePointer?, transfer: ListTransfer) -> [String: String] {
    guard let table else { return [:] }
    defer { if transfer != .none { g_hash_table_unref(table) } }
    var result: [String: String] = [:]
    var iterator = GHashTableIter()
    g_hash_table_iter_init(&iterator, table)
    var key: gpointer?
    var value: gpointer?
    while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
      let name = CStrings.borrowStringOrEmpty(key?.assumingMemoryBound(to: CChar.self))
      result[name] = CStrings.borrowStringOrEmpty(value?.assumingMemoryBound(to: CChar.self))
    }
    return result
  }
}
