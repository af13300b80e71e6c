// The real window under Xvfb: typing, the debounced check, the button, success and error.
import GtkReactive
import GtkReactiveTesting
import Reactive
import SignUpModel
import XCTest

@testable import SignUp

/// Drives the window as a user would: types into the entries, lets the GLib main loop
/// run the debounce and the simulated server, and reads what the widgets show.
final class SignUpWindowTests: GtkTestCase {
  func testWidgetsHaveAccessibleNames() {
    gtk {
      let (form, _) = makeForm()
      defer { form.window.destroy() }
      XCTAssertEqual(form.usernameEntry.accessibleName, "User name")
      XCTAssertEqual(form.passwordEntry.accessibleName, "Password")
      XCTAssertEqual(form.statusLabel.accessibleName, "User name status")
      XCTAssertEqual(form.strengthLabel.accessibleName, "Password strength")
      XCTAssertEqual(form.signUpButton.accessibleName, "Sign up")
      XCTAssertEqual(form.spinner.accessibleName, "Signing up")
      XCTAssertEqual(form.messageLabel.accessibleName, "Sign-up result")
    }
  }

  func testLocalRuleIsShownAtOnce() {
    gtk {
      let (form, service) = makeForm()
      defer { form.window.destroy() }
      XCTAssertEqual(form.statusLabel.text, "Choose a user name")
      XCTAssertFalse(form.signUpButton.isSensitive)
      type("ab", into: form.usernameEntry)
      XCTAssertEqual(form.statusLabel.text, "At least 3 characters")
      runMainLoop(for: .milliseconds(150))
      XCTAssertEqual(service.checksStarted, 0)
    }
  }

  func testAvailableNameAndGoodPasswordSignUp() {
    gtk {
      let (form, _) = makeForm()
      defer { form.window.destroy() }
      type("newton", into: form.usernameEntry)
      XCTAssertEqual(form.statusLabel.text, "…")
      waitUntil(form.statusLabel, shows: "Checking whether “newton” is free…")
      waitUntil(form.statusLabel, shows: "✓ “newton” is available")
      XCTAssertFalse(form.signUpButton.isSensitive, "no password yet")

      type("apple", into: form.passwordEntry)
      XCTAssertEqual(form.strengthLabel.text, "Too short: at least 8 characters")
      XCTAssertFalse(form.signUpButton.isSensitive)
      type("-1687", into: form.passwordEntry)
      XCTAssertEqual(form.strengthLabel.text, "Fair password")
      XCTAssertTrue(form.signUpButton.isSensitive)

      click(form.signUpButton)
      XCTAssertTrue(form.spinner.isActive)
      XCTAssertFalse(form.signUpButton.isSensitive)
      XCTAssertEqual(form.signUpButton.label, "Signing up…")
      XCTAssertFalse(form.usernameEntry.isSensitive)

      waitUntil(form.messageLabel, shows: "Welcome, newton! Your account is ready.")
      XCTAssertFalse(form.spinner.isActive)
      XCTAssertEqual(form.signUpButton.label, "Sign up")
      XCTAssertTrue(form.signUpButton.isSensitive)
      XCTAssertTrue(form.usernameEntry.isSensitive)
    }
  }

  func testTakenNameKeepsButtonDisabled() {
    gtk {
      let (form, _) = makeForm()
      defer { form.window.destroy() }
      type("Apple-1687", into: form.passwordEntry)
      type("alice", into: form.usernameEntry)
      waitUntil(form.statusLabel, shows: "✗ “alice” is taken")
      XCTAssertFalse(form.signUpButton.isSensitive)
    }
  }

  func testRefusedSignUpShowsTheError() {
    gtk {
      let (form, _) = makeForm()
      defer { form.window.destroy() }
      type("carol", into: form.usernameEntry)
      type("Apple-1687", into: form.passwordEntry)
      waitUntil(form.statusLabel, shows: "✓ “carol” is available")
      click(form.signUpButton)
      waitUntil(
        form.messageLabel,
        shows: "Sorry, “carol” was taken a moment ago. Please choose another name.")
      XCTAssertFalse(form.spinner.isActive)
      XCTAssertTrue(form.signUpButton.isSensitive, "the user may try again")
    }
  }

  func testEnterInPasswordSignsUp() {
    gtk {
      let (form, service) = makeForm()
      defer { form.window.destroy() }
      type("leibniz", into: form.usernameEntry)
      type("Apple-1687", into: form.passwordEntry)
      waitUntil(form.statusLabel, shows: "✓ “leibniz” is available")
      activate(form.passwordEntry)
      XCTAssertEqual(service.signUpsStarted, 1)
      waitUntil(form.messageLabel, shows: "Welcome, leibniz! Your account is ready.")
    }
  }

  func testTypingOnCancelsTheCheckInFlight() {
    gtk {
      let (form, service) = makeForm()
      defer { form.window.destroy() }
      type("newton", into: form.usernameEntry)
      waitUntil(form.statusLabel, shows: "Checking whether “newton” is free…")
      type("2", into: form.usernameEntry)
      XCTAssertEqual(form.statusLabel.text, "…")
      waitUntil(form.statusLabel, shows: "✓ “newton2” is available")
      XCTAssertEqual(service.checksStarted, 2)
      XCTAssertEqual(service.checksCancelled, 1)
    }
  }
}

/// A window on the main loop, with a short debounce and a quick server.
@MainActor
private func makeForm() -> (SignUpWindow, SimulatedAccountService) {
  let service = SimulatedAccountService(
    scheduler: MainLoopScheduler.main, latency: .milliseconds(150))
  let viewModel = SignUpViewModel(
    service: service, scheduler: MainLoopScheduler.main, debounce: .milliseconds(60))
  let form = SignUpWindow(viewModel: viewModel)
  form.window.showAll()
  runUntilIdle()
  return (form, service)
}

/// Iterates the main loop until `label` shows `text`.
@MainActor
private func waitUntil(
  _ label: Label, shows text: String, file: StaticString = #filePath, line: UInt = #line
) {
  runMainLoop(
    until: { label.text == text }, "expected “\(text)”, label shows “\(label.text)”",
    file: file, line: line)
}
