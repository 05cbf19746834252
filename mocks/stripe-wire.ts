import type Stripe from 'stripe'

/**
 * A Stripe object as its JSON crosses the wire, from the SDK's generated type: decimal fields are
 * strings (the SDK turns some into `Stripe.Decimal` only after parsing), and each enum is closed
 * to its listed values (the SDK leaves every enum open with `string & {}` so that new values
 * Stripe adds do not break callers; a stand-in should only answer values it knows).
 */
export type Wire<T> = T extends Stripe.Decimal
  ? string
  : IsOpenString<T> extends true
    ? never
    : T extends readonly (infer Item)[]
      ? Wire<Item>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T

/** True only for the SDK's `string & Record<never, never>` member of an open enum. */
type IsOpenString<T> =
  (<G>() => G extends T ? 1 : 2) extends <G>() => G extends string & Record<never, never> ? 1 : 2
    ? true
    : false
