/// A weak reference to an object still being initialised, filled in once it is: how work
/// built in `init` (an `Action`'s closure) reaches its owner without an implicitly unwrapped
/// property or an unowned capture. Until filled in, and after the owner is gone, `value` is nil.
public final class WeakOwner<Owner: AnyObject> {
  /// The owner, once it has finished initialising and while it lives.
  public weak var value: Owner?

  /// Empty until the owner fills it in at the end of its `init`.
  public init() {}
}
