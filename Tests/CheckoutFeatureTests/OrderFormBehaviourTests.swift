import CheckoutFeature
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: order form")
@MainActor
struct OrderFormBehaviourTests {
  @Test("CO-51 pristine at t=0")
  func co51() {
    let h = Harness().start()
    for status in [h.form.nameStatus, h.form.emailStatus, h.form.addressStatus] {
      #expect(h.value(status) == .pristine)
      #expect(h.value(status).text == "")
    }
    #expect(h.value(h.form.formValid) == false)
    #expect(h.value(h.form.placeOrderEnabled) == false)
    #expect(h.value(h.form.placeOrderHint) == "Add something to your cart")
  }

  @Test("CO-52 names")
  func co52() {
    for valid in ["Ana", "Zoë", "José Luis", "👩‍🔬👩‍🔬👩‍🔬", String(repeating: "a", count: 100)] {
      #expect(OrderFormRules.name(valid) == .valid, "\(valid)")
    }
    for short in ["Al", "  Al  ", "   "] {
      #expect(OrderFormRules.name(short) == .invalid("Name needs at least 3 characters"))
    }
    #expect(
      OrderFormRules.name(String(repeating: "a", count: 101))
        == .invalid("Name is too long (max 100)"))
    let h = Harness().start()
    h.form.setName("Zoë")
    #expect(h.value(h.form.nameStatus).text == "valid")
  }

  @Test("CO-53 emails")
  func co53() {
    for valid in ["ana@example.com", "a@b.c", " ana@example.com ", "zoë@exämple.de"] {
      #expect(OrderFormRules.email(valid) == .valid, "\(valid)")
    }
    for invalid in ["ana@example", "@b.c", "a b@c.d", "x@y.", ""] {
      #expect(
        OrderFormRules.email(invalid) == .invalid("Enter a valid email address"), "\(invalid)")
    }
    let long = String(repeating: "a", count: 243) + "@example.com"
    #expect(long.count == 255)
    #expect(OrderFormRules.email(long) == .invalid("Email is too long (max 254)"))
    #expect(
      OrderFormRules.email(String(repeating: "x", count: 255))
        == .invalid("Email is too long (max 254)"))
  }

  @Test("issue 42: one e-mail rule as a shop's: one @, a domain with a dot, no spaces")
  func shopEmails() {
    for valid in [
      "ana.lima@example.co.uk", "a@b.c", "ana+shop@mail-1.example.com", "ana@例え.jp",
    ] {
      #expect(OrderFormRules.email(valid) == .valid, "\(valid)")
    }
    for invalid in [
      "bob@ana@example.com", "ana @example.com", "ana@exa mple.com", "ana@example",
      "ana@.example.com", "ana@example..com", "ana@-example.com", "ana@example.com-",
      ".ana@example.com", "an..a@example.com", "ana@exam_ple.com", "ana\u{7}@example.com",
      String(repeating: "a", count: 65) + "@example.com",
    ] {
      #expect(
        OrderFormRules.email(invalid) == .invalid("Enter a valid email address"), "\(invalid)")
    }
    // The account takes the same rule (its form and its create button).
    let account = AccountHarness()
    account.model.setEmail("bob@ana@example.com")
    account.scheduler.settle()
    #expect(account.state.emailStatus == .invalid("Enter a valid email address"))
  }

  @Test("CO-54 addresses")
  func co54() {
    #expect(OrderFormRules.address("") == .invalid("Address is required"))
    #expect(OrderFormRules.address(" \t\n ") == .invalid("Address is required"))
    #expect(OrderFormRules.address("4 Quay Lane, Dunmore") == .valid)
    #expect(
      OrderFormRules.address(String(repeating: "a", count: 501))
        == .invalid("Address is too long (max 500)"))
  }

  @Test("CO-55 a field never returns to pristine")
  func co55() {
    let h = Harness().start()
    h.form.setName("Ana Lima")
    h.form.setName("")
    #expect(h.value(h.form.nameStatus) == .invalid("Name needs at least 3 characters"))
  }

  @Test("CO-56 enabling and the hint")
  func co56() {
    let h = Harness().start()
    h.fillForm()
    #expect(h.value(h.form.placeOrderHint) == "Add something to your cart")
    h.fill([("peas", 1)])
    #expect(h.value(h.form.placeOrderEnabled))
    #expect(h.value(h.form.placeOrderHint) == "Ready to order")
    h.form.setEmail("nope")
    #expect(h.value(h.form.placeOrderEnabled) == false)
    #expect(h.value(h.form.placeOrderHint) == "Complete your details")
  }

  @Test("CO-82 submitOrder refuses with the hint and saves nothing")
  func co82() {
    let h = Harness().start()
    let message = h.record(h.form.messages)
    #expect(h.form.submitOrder().immediateAnswer == .rejected("Add something to your cart"))
    h.fill([("peas", 1)])
    h.form.setName("Al")
    #expect(h.form.submitOrder().immediateAnswer == .rejected("Complete your details"))
    h.scheduler.settle()
    #expect(h.storage.savedDrafts.isEmpty)
    #expect(message.values.isEmpty)
    h.fillForm()
    let answer = h.form.submitOrder().record(on: h.scheduler)
    #expect(answer.values.isEmpty)  // not before the order is saved
    h.scheduler.settle()
    #expect(h.storage.savedDrafts.count == 1)
    #expect(answer.values == [.accepted] && answer.isFinished)
  }
}
