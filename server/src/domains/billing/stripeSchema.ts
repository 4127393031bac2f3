/** Stripe's part of the billing contract (issue 20): checkout and the customer portal. */
export const stripeTypeDefs = /* GraphQL */ `
  type CheckoutAnswer {
    "Where to send the browser (Stripe Checkout or the customer portal)."
    url: String!
  }

  extend type Mutation {
    "Team admin: a Stripe Checkout Session for a paid plan; type is the period (monthly, yearly or lifetime), currency usd, eur or gbp (else usd). Without Stripe: PAYMENTS_NOT_CONFIGURED."
    setCheckout(plan: String!, type: String!, team: ID!, currency: String): CheckoutAnswer!
    "Team admin: a Stripe customer-portal session for the team's customer (payment method, invoices, cancel)."
    manageSubscriptions(team: ID!): CheckoutAnswer!
  }
`;
