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

extension CheckoutGrammar {
  struct Catalog: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "catalog",
      abstract: "show the catalog; on the account screen: close it", aliases: ["back"])
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome { cli.showCatalog() }
  }

  struct Add: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "add units of a product (qty defaults to 1)")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The product's number or name, then the quantity.") var product: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.changeQuantity(adding: true, product)
    }
  }

  struct Remove: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: "remove units of a product")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The product's number or name, then the quantity.") var product: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.changeQuantity(adding: false, product)
    }
  }

  struct Find: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "find",
      abstract: "filter the catalog by title (no text clears the filter)")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "Words of the title.") var text: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.find(text.joined(separator: " "))
    }
  }

  struct Cart: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "cart", abstract: "show the cart and its total")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome { cli.cart() }
  }

  struct Checkout: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "checkout", abstract: "go to the checkout screen")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      CommandOutcome(cli.session.catalog.send(.checkout))
    }
  }

  struct Currency: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "currency", abstract: "list currencies, or switch to CODE")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "A currency code such as EUR.") var text: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.currency(text.joined(separator: " "))
    }
  }

  struct Cancel: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "cancel", abstract: "close the currency list")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.session.checkout.send(.cancel)
      return CommandOutcome()
    }
  }

  struct Name: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "name", abstract: "set the name for the order")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The name.") var text: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.session.orderForm.send(.setName(text: text.joined(separator: " ")))
      return CommandOutcome()
    }
  }

  struct Email: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "email",
      abstract: "set the order's email (on the account screen: the account's)")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The email address.") var text: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.email(text.joined(separator: " "))
    }
  }

  struct Address: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "address", abstract: "set the delivery address")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The address.") var text: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.session.orderForm.send(.setAddress(text: text.joined(separator: " ")))
      return CommandOutcome()
    }
  }

  struct Order: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "order", abstract: "place the order")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      CommandOutcome(later: cli.session.orderForm.send(.submitOrder))
    }
  }

  struct OK: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "ok", abstract: "close the order confirmation")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.session.orderForm.send(.dismissConfirmation)
      return CommandOutcome()
    }
  }

  struct Orders: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "orders", abstract: "show past orders")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome { cli.orders() }
  }
}
