// The list's logic on virtual time: adding, counts, filter, debounced search, clearing.
import Reactive
import ReactiveTesting
import Testing
import TodoModel

/// Answers confirmations when the test says so, and remembers what was asked.
private final class Asker {
  private(set) var questions: [Question] = []
  private let answers = PublishSubject<Bool, Never>()

  func confirm(_ question: Question) -> Signal<Bool, Never> {
    questions.append(question)
    return answers.signal
  }

  /// The user's answer to the open question.
  func answer(_ confirmed: Bool) { answers.send(confirmed) }
}

/// A list on a `TestScheduler` where one tick is 100 ms: the search waits 3 ticks for
/// typing to pause.
private final class List {
  let scheduler = TestScheduler(tickDuration: .milliseconds(100))
  let asker = Asker()
  let viewModel: TodoViewModel

  init(_ titles: [String] = [], done: Set<String> = []) {
    let asker = asker
    viewModel = TodoViewModel(
      scheduler: scheduler, searchDebounce: .milliseconds(300), confirm: asker.confirm)
    for title in titles { add(title) }
    for item in viewModel.items.value where done.contains(item.title) {
      viewModel.setDone(true, for: item.id)
    }
  }

  func add(_ title: String) {
    viewModel.newTitle.value = title
    viewModel.add.execute()
  }

  func item(_ title: String) -> TodoItem { viewModel.items.value.first { $0.title == title }! }

  var visibleTitles: [String] { viewModel.visibleItems.value.map(\.title) }
}

/// Runs `body` with a fresh list, then checks that releasing it freed every library
/// object it made.
private func withList(
  _ titles: [String] = [], done: Set<String> = [], _ body: (List) -> Void
) {
  expectNoLeaks {
    let scheduler: TestScheduler
    do {
      let list = List(titles, done: done)
      scheduler = list.scheduler
      body(list)
    }
    // Releasing the list cancelled its timers; a TestScheduler drops cancelled actions
    // only when its clock reaches them.
    scheduler.run()
  }
}

// Each test counts its own library objects (`expectNoLeaks`), so the tests may run in
// parallel.
@Suite("TodoViewModel")
struct TodoViewModelTests {
  @Test("starts empty: nothing shown, nothing to add or clear")
  func startsEmpty() {
    withList { list in
      let viewModel = list.viewModel
      #expect(viewModel.visibleItems.value.isEmpty)
      #expect(viewModel.remainingText.value == "0 items left")
      #expect(viewModel.placeholder.value == "Nothing to do. Add a to-do above.")
      #expect(viewModel.add.isEnabled.value == false)
      #expect(viewModel.clearDone.isEnabled.value == false)
    }
  }

  @Test("adding trims the title, empties the field and shows the entry")
  func adding() {
    withList { list in
      let viewModel = list.viewModel
      viewModel.newTitle.value = "   "
      #expect(viewModel.add.isEnabled.value == false, "white space is no title")
      viewModel.newTitle.value = "  Buy milk "
      #expect(viewModel.add.isEnabled.value)
      var added: [TodoItem] = []
      viewModel.add.execute().subscribe(next: { added.append($0) })
      #expect(added.map(\.title) == ["Buy milk"])
      #expect(viewModel.newTitle.value == "")
      #expect(viewModel.add.isEnabled.value == false)
      #expect(list.visibleTitles == ["Buy milk"])
      #expect(viewModel.items.value.first?.isDone == false)
      #expect(viewModel.placeholder.value == "")
    }
  }

  @Test("every entry gets its own id, even with the same title")
  func distinctIDs() {
    withList(["Call Ada", "Call Ada"]) { list in
      let ids = list.viewModel.items.value.map(\.id)
      #expect(Set(ids).count == 2)
    }
  }

  @Test(
    "the count says how many are left, singular or plural",
    arguments: [
      (0, "0 items left"), (1, "1 item left"), (2, "2 items left"), (21, "21 items left"),
    ])
  func remainingText(count: Int, text: String) {
    #expect(TodoViewModel.remainingText(count) == text)
  }

  @Test("checking entries off changes the count and enables clearing")
  func checkingOff() {
    withList(["Buy milk", "Write report", "Water plants"]) { list in
      let viewModel = list.viewModel
      #expect(viewModel.remainingText.value == "3 items left")
      viewModel.setDone(true, for: list.item("Buy milk").id)
      #expect(viewModel.remainingText.value == "2 items left")
      #expect(viewModel.clearDone.isEnabled.value)
      viewModel.setDone(true, for: list.item("Water plants").id)
      #expect(viewModel.remainingText.value == "1 item left")
      viewModel.setDone(false, for: list.item("Buy milk").id)
      viewModel.setDone(false, for: list.item("Water plants").id)
      #expect(viewModel.remainingText.value == "3 items left")
      #expect(viewModel.clearDone.isEnabled.value == false)
    }
  }

  @Test(
    "the filter shows all, the active or the done entries",
    arguments: [
      (TodoFilter.all, ["Buy milk", "Write report", "Water plants"]),
      (.active, ["Write report"]),
      (.done, ["Buy milk", "Water plants"]),
    ])
  func filtering(filter: TodoFilter, titles: [String]) {
    withList(["Buy milk", "Write report", "Water plants"], done: ["Buy milk", "Water plants"]) {
      list in
      list.viewModel.filter.value = filter
      #expect(list.visibleTitles == titles)
    }
  }

  @Test("an empty filtered list says why")
  func placeholders() {
    withList(["Buy milk"]) { list in
      let viewModel = list.viewModel
      viewModel.filter.value = .done
      #expect(viewModel.placeholder.value == "Nothing done yet.")
      viewModel.setDone(true, for: list.item("Buy milk").id)
      viewModel.filter.value = .active
      #expect(viewModel.placeholder.value == "All done!")
      #expect(list.visibleTitles.isEmpty)
    }
  }

  @Test("a checked entry leaves the Active list at once")
  func activeListFollowsChecks() {
    withList(["Buy milk", "Write report"]) { list in
      list.viewModel.filter.value = .active
      list.viewModel.setDone(true, for: list.item("Buy milk").id)
      #expect(list.visibleTitles == ["Write report"])
    }
  }

  @Test("the search waits for typing to pause, then filters by title, ignoring case")
  func debouncedSearch() {
    withList(["Buy milk", "Write report", "Mill flour"]) { list in
      let viewModel = list.viewModel
      let shown = list.scheduler.createObserver() as TestableObserver<[TodoItem], Never>
      let recording = viewModel.visibleItems.signal.subscribe(shown.observer)
      defer { recording.dispose() }
      for (tick, text) in ["m", "mi", "mil", "MILL"].enumerated() {
        list.scheduler.advance(to: tick)
        viewModel.searchText.value = text
      }
      list.scheduler.advance(to: 5)
      #expect(viewModel.appliedSearch.value == "", "typing has not paused yet")
      #expect(list.visibleTitles.count == 3)
      list.scheduler.advance(to: 6)
      #expect(viewModel.appliedSearch.value == "MILL")
      #expect(list.visibleTitles == ["Mill flour"])
      #expect(shown.events.map(\.time) == [0, 6], "one update, after the pause")

      viewModel.searchText.value = "  milk "
      list.scheduler.advance(by: 3)
      #expect(list.visibleTitles == ["Buy milk"])
      viewModel.searchText.value = "tea"
      list.scheduler.advance(by: 3)
      #expect(list.visibleTitles.isEmpty)
      #expect(viewModel.placeholder.value == "No to-do matches “tea”.")
      viewModel.searchText.value = ""
      list.scheduler.advance(by: 3)
      #expect(list.visibleTitles.count == 3)
    }
  }

  @Test("search and filter combine")
  func searchAndFilter() {
    withList(["Buy milk", "Buy bread"], done: ["Buy bread"]) { list in
      list.viewModel.searchText.value = "buy"
      list.scheduler.advance(by: 3)
      list.viewModel.filter.value = .done
      #expect(list.visibleTitles == ["Buy bread"])
    }
  }

  @Test("removing an entry")
  func removing() {
    withList(["Buy milk", "Write report"]) { list in
      list.viewModel.remove(list.item("Buy milk").id)
      #expect(list.visibleTitles == ["Write report"])
      #expect(list.viewModel.remainingText.value == "1 item left")
    }
  }

  @Test("clearing asks first, naming how many; the command is busy until answered")
  func clearingAsks() {
    withList(["Buy milk", "Write report", "Water plants"], done: ["Buy milk", "Water plants"]) {
      list in
      let command = list.viewModel.clearDone
      var cleared: [Int] = []
      command.execute().subscribe(next: { cleared.append($0) })
      #expect(list.asker.questions == [.clearing(2)])
      #expect(list.asker.questions.first?.message == "Clear 2 done items?")
      #expect(command.isExecuting.value)
      #expect(command.isEnabled.value == false, "a second Clear waits for the answer")
      #expect(list.visibleTitles.count == 3, "nothing is removed before the answer")

      list.asker.answer(true)
      #expect(cleared == [2])
      #expect(list.visibleTitles == ["Write report"])
      #expect(command.isExecuting.value == false)
      #expect(command.isEnabled.value == false, "nothing is done any more")
    }
  }

  @Test("cancelling keeps every entry")
  func clearingCancelled() {
    withList(["Buy milk"], done: ["Buy milk"]) { list in
      let command = list.viewModel.clearDone
      command.execute()
      list.asker.answer(false)
      #expect(list.visibleTitles == ["Buy milk"])
      #expect(command.isExecuting.value == false)
      #expect(command.isEnabled.value)
    }
  }

  @Test("the question for one entry is singular")
  func singularQuestion() {
    let question = Question.clearing(1)
    #expect(question.message == "Clear 1 done item?")
    #expect(question.detail == "It will be removed from the list for good.")
    #expect(Question.clearing(3).detail == "They will be removed from the list for good.")
    #expect(question.confirmLabel == "_Clear")
  }

  @Test("with nothing done, clearing is disabled and asks nothing")
  func clearingDisabled() {
    withList(["Buy milk"]) { list in
      var failure: CommandError<Never>?
      list.viewModel.clearDone.execute().subscribe(error: { failure = $0 })
      #expect(failure == .disabled)
      #expect(list.asker.questions.isEmpty)
    }
  }

  @Test("the font size stays within the allowed sizes")
  func fontSizeRange() {
    let scheduler = TestScheduler()
    let small = TodoViewModel(scheduler: scheduler, fontSize: 2, confirm: { _ in .just(false) })
    let large = TodoViewModel(scheduler: scheduler, fontSize: 99, confirm: { _ in .just(false) })
    #expect(small.fontSize.value == 8)
    #expect(large.fontSize.value == 24)
  }
}
