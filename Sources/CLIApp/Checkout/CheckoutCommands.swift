import ArgumentParser

/// `cli checkout`: the checkout app's grammar (the shop's commands, then the account's).
public struct CheckoutGrammar: AppGrammar {
  public static let configuration = grammar(
    "checkout",
    commands: [
      Catalog.self, Add.self, Remove.self, Find.self, Cart.self, Checkout.self, Currency.self,
      Cancel.self, Name.self, Email.self, Address.self, Order.self, OK.self, Orders.self,
    ] + accountCommands)
  @OptionGroup public var options: CLIOptions
  public init() {}
}

/// A checkout command: what it asks of the checkout command set.
protocol CheckoutCommand: AppCommand {
  @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome
}

extension CheckoutCommand {
  static var grammar: any AppGrammar.Type { CheckoutGrammar.self }
}

/// A checkout command that only sets a field or calls an input: its outcome is given by a
/// closure of the command set, so the command type is only its words.
protocol SimpleCheckoutCommand: CheckoutCommand {
  @MainActor static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome
  var text: [String] { get }
}

extension SimpleCheckoutCommand {
  @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
    Self.run(cli, text.joined(separator: " "))
  }
}

extension CheckoutGrammar {
  struct Catalog: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "catalog",
      abstract: "show the catalog; on the account screen: close it", aliases: ["back"])
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    var text: [String] { [] }
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome { cli.showCatalog() }
  }

  struct Add: CheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "add units of a product (qty defaults to 1)")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The product's number or name, then the quantity.") var product: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.changeQuantity(adding: true, product)
    }
  }

  struct Remove: CheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: "remove units of a product")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The product's number or name, then the quantity.") var product: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.changeQuantity(adding: false, product)
    }
  }

  struct Find: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "find",
      abstract: "filter the catalog by title (no text clears the filter)")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "Words of the title.") var text: [String] = []
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome { cli.find(text) }
  }

  struct Cart: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "cart", abstract: "show the cart and its total")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    var text: [String] { [] }
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome { cli.cart() }
  }

  struct Checkout: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "checkout", abstract: "go to the checkout screen")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    var text: [String] { [] }
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome {
      CommandOutcome(cli.session.catalog.checkout())
    }
  }

  struct Currency: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "currency", abstract: "list currencies, or switch to CODE")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "A currency code such as EUR.") var text: [String] = []
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome { cli.currency(text) }
  }

  struct Cancel: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "cancel", abstract: "close the currency list")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    var text: [String] { [] }
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome {
      cli.session.checkout.cancel()
      return CommandOutcome()
    }
  }

  struct Name: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "name", abstract: "set the name for the order")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The name.") var text: [String] = []
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome {
      cli.session.orderForm.setName(text)
      return CommandOutcome()
    }
  }

  struct Email: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "email",
      abstract: "set the order's email (on the account screen: the account's)")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The email address.") var text: [String] = []
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome { cli.email(text) }
  }

  struct Address: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "address", abstract: "set the delivery address")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The address.") var text: [String] = []
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome {
      cli.session.orderForm.setAddress(text)
      return CommandOutcome()
    }
  }

  struct Order: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "order", abstract: "place the order")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    var text: [String] { [] }
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome {
      CommandOutcome(later: cli.session.orderForm.submitOrder())
    }
  }

  struct OK: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "ok", abstract: "close the order confirmation")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    var text: [String] { [] }
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome {
      cli.session.orderForm.dismissConfirmation()
      return CommandOutcome()
    }
  }

  struct Orders: SimpleCheckoutCommand {
    static let configuration = CommandConfiguration(
      commandName: "orders", abstract: "show past orders")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    var text: [String] { [] }
    static func run(_ cli: CheckoutCLI, _ text: String) -> CommandOutcome { cli.orders() }
  }
}
