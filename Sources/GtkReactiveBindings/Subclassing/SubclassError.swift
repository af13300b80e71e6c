// Why a class declared in Swift cannot be registered with GObject.
/// What is wrong with the declarations of a class declared in Swift (`ObjectSubclass`),
/// found when it is registered; the description names the class and the member.
public struct SubclassError: Error, Equatable, CustomStringConvertible {
  /// The kinds of mistake.
  public enum Reason: Equatable, Sendable {
    /// Two properties, or two signals, share `name`.
    case duplicateMember(name: String)
    /// The GType name is taken by another class.
    case typeNameTaken
    /// GObject refused a member name (lowercase ASCII words joined by `-`).
    case invalidName(String)
    /// A member is declared by another class.
    case foreignMember(name: String, owner: String)
    /// The template's UI definition does not parse; GLib's message.
    case templateDoesNotParse(String)
    /// The template's `<template class="…">` names another class.
    case templateClassMismatch(found: String)
    /// A declared template child has no object with that id in the template.
    case missingTemplateChild(id: String)
  }

  /// The Swift class.
  public let typeName: String
  /// What is wrong.
  public let reason: Reason

  /// An error about the class named `typeName`.
  public init(typeName: String, reason: Reason) {
    self.typeName = typeName
    self.reason = reason
  }

  /// A sentence naming the class and what is wrong with it.
  public var description: String {
    switch reason {
    case .duplicateMember(let name):
      return "\(typeName) declares '\(name)' twice"
    case .typeNameTaken:
      return "a GType named '\(typeName)' exists already; give the class another typeName"
    case .invalidName(let name):
      return "\(typeName): '\(name)' is not a valid GObject name (lowercase words joined by '-')"
    case .foreignMember(let name, let owner):
      return "\(typeName) lists '\(name)', which \(owner) declares"
    case .templateDoesNotParse(let message):
      return "\(typeName)'s template does not parse: \(message)"
    case .templateClassMismatch(let found):
      return "\(typeName)'s template is for class '\(found)', not '\(typeName)'"
    case .missingTemplateChild(let id):
      return "\(typeName)'s template has no object with id '\(id)'"
    }
  }
}
