// The real window under Xvfb: typing, the debounced check, the button, success and error.
import CGtk
import GtkReactive
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
      XCTAssertEqual(accessibleName(of: form.usernameEntry), "User name")
      XCTAssertEqual(accessibleName(of: form.passwordEntry), "Password")
      XCTAssertEqual(accessibleName(of: form.statusLabel), "User name status")
      XCTAssertEqual(accessibleName(of: form.strengthLabel), "Password strength")
      XCTAssertEqual(accessibleName(of: form.signUpButton), "Sign up")
      XCTAssertEqual(accessibleName(of: form.spinner), "Signing up")
      XCTAssertEqual(accessibleName(of: form.messageLabel), "Sign-up result")
    }
  }

  func testLocalRuleIsShownAtOnce() {
    gtk {
      let (form, service) = makeForm()
      defer { form.window.destroy() }
      XCTAssertEqual(form.statusLabel.text, "Choose a user name")
      XCTAssertFalse(form.signUpButton.isSensitive)
      form.usernameEntry.type("ab")
      XCTAssertEqual(form.statusLabel.text, "At least 3 characters")
      MainLoop.iterate(for: .milliseconds(150))
      XCTAssertEqual(service.checksStarted, 0)
    }
  }

  func testAvailableNameAndGoodPasswordSignUp() {
    gtk {
      let (form, _) = makeForm()
      defer { form.window.destroy() }
      form.usernameEntry.type("newton")
      XCTAssertEqual(form.statusLabel.text, "…")
      waitUntil(form.statusLabel, shows: "Checking whether “newton” is free…")
      waitUntil(form.statusLabel, shows: "✓ “newton” is available")
      XCTAssertFalse(form.signUpButton.isSensitive, "no password yet")

      form.passwordEntry.type("apple")
      XCTAssertEqual(form.strengthLabel.text, "Too short: at least 8 characters")
      XCTAssertFalse(form.signUpButton.isSensitive)
      form.passwordEntry.type("-1687")
      XCTAssertEqual(form.strengthLabel.text, "Fair password")
      XCTAssertTrue(form.signUpButton.isSensitive)

      form.signUpButton.click()
      XCTAssertTrue(form.spinner.isSpinning)
      XCTAssertFalse(form.signUpButton.isSensitive)
      XCTAssertEqual(form.signUpButton.label, "Signing up…")
      XCTAssertFalse(form.usernameEntry.isSensitive)

      waitUntil(form.messageLabel, shows: "Welcome, newton! Your account is ready.")
      XCTAssertFalse(form.spinner.isSpinning)
      XCTAssertEqual(form.signUpButton.label, "Sign up")
      XCTAssertTrue(form.signUpButton.isSensitive)
      XCTAssertTrue(form.usernameEntry.isSensitive)
    }
  }

  func testTakenNameKeepsButtonDisabled() {
    gtk {
      let (form, _) = makeForm()
      defer { form.window.destroy() }
      form.passwordEntry.type("Apple-1687")
      form.usernameEntry.type("alice")
      waitUntil(form.statusLabel, shows: "✗ “alice” is taken")
      XCTAssertFalse(form.signUpButton.isSensitive)
    }
  }

  func testRefusedSignUpShowsTheError() {
    gtk {
      let (form, _) = makeForm()
      defer { form.window.destroy() }
      form.usernameEntry.type("carol")
      form.passwordEntry.type("Apple-1687")
      waitUntil(form.statusLabel, shows: "✓ “carol” is available")
      form.signUpButton.click()
      waitUntil(
        form.messageLabel,
        shows: "Sorry, “carol” was taken a moment ago. Please choose another name.")
      XCTAssertFalse(form.spinner.isSpinning)
      XCTAssertTrue(form.signUpButton.isSensitive, "the user may try again")
    }
  }

  func testEnterInPasswordSignsUp() {
    gtk {
      let (form, service) = makeForm()
      defer { form.window.destroy() }
      form.usernameEntry.type("leibniz")
      form.passwordEntry.type("Apple-1687")
      waitUntil(form.statusLabel, shows: "✓ “leibniz” is available")
      gtk_widget_activate(form.passwordEntry.pointer(as: GtkWidget.self))
      XCTAssertEqual(service.signUpsStarted, 1)
      waitUntil(form.messageLabel, shows: "Welcome, leibniz! Your account is ready.")
    }
  }

  func testTypingOnCancelsTheCheckInFlight() {
    gtk {
      let (form, service) = makeForm()
      defer { form.window.destroy() }
      form.usernameEntry.type("newton")
      waitUntil(form.statusLabel, shows: "Checking whether “newton” is free…")
      form.usernameEntry.type("2")
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
  MainLoop.drain()
  return (form, service)
}

/// Iterates the main loop until `label` shows `text`.
@MainActor
private func waitUntil(
  _ label: Label, shows text: String, file: StaticString = #filePath, line: UInt = #line
) {
  let shown = MainLoop.iterate(until: { label.text == text }, timeout: .seconds(5))
  XCTAssertTrue(
    shown, "expected “\(text)”, label shows “\(label.text)”", file: file, line: line)
}
