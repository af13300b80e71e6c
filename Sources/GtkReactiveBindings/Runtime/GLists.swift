// GLib's linked lists of objects (`GList *`, `GSList *`) as Swift arrays.
import CGtk

/// Who owns a returned list and its objects (GObject Introspection's `transfer`).
nonisolated package enum ListTransfer {
  /// GTK keeps both: copy the objects' references.
  case none
  /// The list is the caller's, the objects are GTK's: free the list.
  case container
  /// Both are the caller's: adopt the objects' references and free the list.
  case full
}

/// Copies between GLib's linked lists of objects and Swift arrays of their wrappers.
nonisolated package enum GLists {
  /// The wrappers of a `GList`'s objects; the list is freed as `transfer` says.
  package static func readList<T: Object>(
    _ list: UnsafeRawPointer?, transfer: ListTransfer, as type: T.Type
  ) -> [T] {
    let first = UnsafeMutableRawPointer(mutating: list)?.assumingMemoryBound(to: GList.self)
    defer { if transfer != .none { g_list_free(first) } }
    var objects: [T] = []
    objects.reserveCapacity(Int(g_list_length(first)))
    var node = first
    while let current = node {
      if let object = wrap(current.pointee.data, transfer: transfer, as: T.self) {
        objects.append(object)
      }
      node = current.pointee.next
    }
    return objects
  }

  /// The wrappers of a `GSList`'s objects; the list is freed as `transfer` says.
  package static func readSList<T: Object>(
    _ list: UnsafeRawPointer?, transfer: ListTransfer, as type: T.Type
  ) -> [T] {
    let first = UnsafeMutableRawPointer(mutating: list)?.assumingMemoryBound(to: GSList.self)
    defer { if transfer != .none { g_slist_free(first) } }
    var objects: [T] = []
    objects.reserveCapacity(Int(g_slist_length(first)))
    var node = first
    while let current = node {
      if let object = wrap(current.pointee.data, transfer: transfer, as: T.self) {
        objects.append(object)
      }
      node = current.pointee.next
    }
    return objects
  }

  // The two loops are written out, not one generic loop over key paths to `data` and
  // `next`: a key path applied in generic code goes through the runtime, twice per item.

  /// The values of a `GList`'s elements (strings, atoms, tree paths), each converted by
  /// `element` while the list still holds it; the list is freed as `transfer` says, and
  /// with `.full` each element through `free`.
  package static func valuesList<T>(
    _ list: UnsafeRawPointer?, transfer: ListTransfer,
    free: ((UnsafeMutableRawPointer?) -> Void)? = nil,
    _ element: (UnsafeMutableRawPointer?) -> T
  ) -> [T] {
    let list = UnsafeMutableRawPointer(mutating: list)?.assumingMemoryBound(to: GList.self)
    defer { if transfer != .none { g_list_free(list) } }
    return values(list, data: \.data, next: \.next, free: transfer == .full ? free : nil, element)
  }

  /// The values of a `GSList`'s elements, as `valuesList` reads a `GList`'s.
  package static func valuesSList<T>(
    _ list: UnsafeRawPointer?, transfer: ListTransfer,
    free: ((UnsafeMutableRawPointer?) -> Void)? = nil,
    _ element: (UnsafeMutableRawPointer?) -> T
  ) -> [T] {
    let list = UnsafeMutableRawPointer(mutating: list)?.assumingMemoryBound(to: GSList.self)
    defer { if transfer != .none { g_slist_free(list) } }
    return values(list, data: \.data, next: \.next, free: transfer == .full ? free : nil, element)
  }

  private static func values<Node, T>(
    _ first: UnsafeMutablePointer<Node>?, data: KeyPath<Node, gpointer?>,
    next: KeyPath<Node, UnsafeMutablePointer<Node>?>,
    free: ((UnsafeMutableRawPointer?) -> Void)?, _ element: (UnsafeMutableRawPointer?) -> T
  ) -> [T] {
    var values: [T] = []
    var node = first
    while let current = node {
      let item = current.pointee[keyPath: data]
      values.append(element(item))
      free?(item)
      node = current.pointee[keyPath: next]
    }
    return values
  }

  /// A `GList` of `objects` for one call (the objects are not referenced); free it with
  /// `g_list_free`. NULL for `nil` or no objects.
  @MainActor static package func makeList(_ objects: [Object]?) -> UnsafeMutablePointer<GList>? {
    var list: UnsafeMutablePointer<GList>? = nil
    for object in (objects ?? []).reversed() {
      list = g_list_prepend(list, UnsafeMutableRawPointer(object.pointer))
    }
    return list
  }

  /// A `GSList` of `objects` for one call; free it with `g_slist_free`.
  @MainActor static package func makeSList(_ objects: [Object]?) -> UnsafeMutablePointer<GSList>? {
    var list: UnsafeMutablePointer<GSList>? = nil
    for object in (objects ?? []).reversed() {
      list = g_slist_prepend(list, UnsafeMutableRawPointer(object.pointer))
    }
    return list
  }

  /// A `GList` of copies of `strings` for one call; free it with `freeStringList`.
  static package func makeStringList(_ strings: [String]?) -> UnsafeMutablePointer<GList>? {
    var list: UnsafeMutablePointer<GList>? = nil
    for string in (strings ?? []).reversed() {
      list = g_list_prepend(list, UnsafeMutableRawPointer(g_strdup(string)))
    }
    return list
  }

  /// Frees a list `makeStringList` made, with its strings.
  static package func freeStringList(_ list: UnsafeMutablePointer<GList>?) {
    g_list_free_full(list, g_free)
  }

  /// A `GSList` of copies of `strings` for one call; free it with `freeStringSList`.
  static package func makeStringSList(_ strings: [String]?) -> UnsafeMutablePointer<GSList>? {
    var list: UnsafeMutablePointer<GSList>? = nil
    for string in (strings ?? []).reversed() {
      list = g_slist_prepend(list, UnsafeMutableRawPointer(g_strdup(string)))
    }
    return list
  }

  /// Frees a list `makeStringSList` made, with its strings.
  static package func freeStringSList(_ list: UnsafeMutablePointer<GSList>?) {
    g_slist_free_full(list, g_free)
  }

  /// The wrapper of one object, or `nil` for NULL or an object that is not a `T`: a
  /// reference the list gives (`transfer` full) is adopted, not taken again and dropped
  /// (an atomic increment and decrement per item saved).
  private static func wrap<T: Object>(
    _ data: UnsafeMutableRawPointer?, transfer: ListTransfer, as type: T.Type
  ) -> T? {
    guard let data else { return nil }
    guard transfer == .full else { return SignalArguments.object(data, as: T.self) }
    let address = UInt(bitPattern: data)  // lists are read on the main thread
    return MainThread.assumeIsolated {
      let pointer = UnsafeMutableRawPointer(bitPattern: address)!
      guard cgtk_is_a(pointer, T.gType) != 0 else {
        g_object_unref(pointer)
        return nil
      }
      return T.owned(pointer)
    }
  }
}
