// Generated members that take a radio group's `GSList` (which GTK adopts as the group's
// own list) as the Swift array a `group` gives: the group of its first member.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class RadioGroupMembersTests: GtkTestCase {
  func testRadioButtonsJoinTheGroupTheirArrayNamesAndOneIsActiveAtATime() {
    gtk {
      let first = RadioButton(group: [], label: "First")
      let second = RadioButton(group: first.group, label: "Second")
      let third = RadioButton(group: second.group, mnemonic: "_Third")
      let members = Set([first, second, third].map(\.pointer))
      for button in [first, second, third] {
        XCTAssertEqual(Set(button.group.map(\.pointer)), members)
      }
      third.isActive = true
      XCTAssertEqual([first, second, third].map(\.isActive), [false, false, true])
      first.isActive = true
      XCTAssertEqual([first, second, third].map(\.isActive), [true, false, false])
    }
  }

  func testSettingAGroupMovesAButtonAndAnEmptyOneLeavesItAlone() {
    gtk {
      let first = RadioButton(group: [], label: "First")
      let loner = RadioButton(group: [], label: "Loner")
      loner.group = first.group
      XCTAssertEqual(Set(first.group.map(\.pointer)), Set([first.pointer, loner.pointer]))
      loner.group = []
      XCTAssertEqual(first.group.map(\.pointer), [first.pointer])
      XCTAssertEqual(loner.group.map(\.pointer), [loner.pointer])
      XCTAssertTrue(first.isActive, "alone in its group again, it is the active one")
      XCTAssertTrue(loner.isActive)
    }
  }

  func testRadioMenuItemsAndToolButtonsTakeTheirGroupsToo() {
    gtk {
      let one = RadioMenuItem(group: [], label: "One")
      let two = RadioMenuItem(group: one.group, mnemonic: "_Two")
      XCTAssertEqual(Set(two.group.map(\.pointer)), Set([one.pointer, two.pointer]))
      two.isActive = true
      XCTAssertFalse(one.isActive)

      let left = RadioToolButton(group: [])
      let right = RadioToolButton(group: left.group)
      XCTAssertEqual(left.group.count, 2, "the radio buttons inside both tool buttons")
      right.isActive = true
      XCTAssertFalse(left.isActive)
      let alone = RadioToolButton(group: [])
      alone.group = left.group
      XCTAssertEqual(right.group.count, 3)
    }
  }
}
