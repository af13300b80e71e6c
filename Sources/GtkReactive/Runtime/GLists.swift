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
    let list = UnsafeMutableRawPointer(mutating: list)?.assumingMemoryBound(to: GList.self)
    defer { if transfer != .none { g_list_free(list) } }
    return read(list, data: \.data, next: \.next, transfer: transfer, as: T.self)
  }

  /// The wrappers of a `GSList`'s objects; the list is freed as `transfer` says.
  package static func readSList<T: Object>(
    _ list: UnsafeRawPointer?, transfer: ListTransfer, as type: T.Type
  ) -> [T] {
    let list = UnsafeMutableRawPointer(mutating: list)?.assumingMemoryBound(to: GSList.self)
    defer { if transfer != .none { g_slist_free(list) } }
    return read(list, data: \.data, next: \.next, transfer: transfer, as: T.self)
  }

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

  /// The wrappers of the objects of a list whose nodes are `Node`s (`GList`, `GSList`).
  private static func read<Node, T: Object>(
    _ first: UnsafeMutablePointer<Node>?, data: KeyPath<Node, gpointer?>,
    next: KeyPath<Node, UnsafeMutablePointer<Node>?>, transfer: ListTransfer, as type: T.Type
  ) -> [T] {
    var objects: [T] = []
    var node = first
    while let current = node {
      if let item = current.pointee[keyPath: data],
        let object = wrap(item, transfer: transfer, as: T.self)
      {
        objects.append(object)
      }
      node = current.pointee[keyPath: next]
    }
    return objects
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

  /// The wrapper of one object (which takes its own reference); a reference the list
  /// gave is then dropped.
  private static func wrap<T: Object>(
    _ data: UnsafeMutableRawPointer, transfer: ListTransfer, as type: T.Type
  ) -> T? {
    defer { if transfer == .full { g_object_unref(data) } }
    return SignalArguments.object(data, as: T.self)
  }
}
