/** Billing's SDL (the contract in the billing API brief): plans and prices, a team's billing, its lifecycle, codes and contact sales. */
export const billingTypeDefs = /* GraphQL */ `
  type SubscriptionPrice {
    id: ID!
    nickname: String!
    currency: String!
    "cents per seat per interval"
    unitAmount: Int!
    "month | year | lifetime"
    interval: String!
    isUnlimited: Boolean!
  }

  type SubscriptionPlan {
    "the plan key: free | trial | basic | unlimited | business"
    id: ID!
    productId: String!
    name: String!
    hasActiveSubscription: Boolean!
    description: String!
    "user (per seat) | team"
    payment: String!
    price: SubscriptionPrice!
    "current | upgrade | downgrade | trial | contact (business: contact sales) — what the button does"
    action: String!
    order: Int!
    "feature keys (shared), labels in the locales"
    features: [String!]!
    isCurrent: Boolean!
    "null here; setCheckout gives the checkout address"
    url: String
  }

  type BillingInvoice {
    id: ID!
    number: String!
    amount: Int!
    currency: String!
    state: String!
    createdAt: String!
    "receipt link (Stripe's hosted invoice, or the in-app receipt route)"
    ticket: String
  }

  type BillingCode {
    code: String!
    kind: String!
    amount: Int
    currency: String
    plan: String
    redeemedAt: String!
  }

  type Billing {
    team: ID!
    "the plan: free | trial | basic | unlimited | business"
    type: String!
    "active | trialing | cancelled (benefits until currentPeriodEnd) | stopped | past_due"
    state: String!
    "monthly | yearly | lifetime"
    period: String!
    currency: String!
    "cents per seat per period"
    price: Int!
    "cents per period (price × seats)"
    total: Int!
    seats: Int!
    "members (not guests) holding seats"
    seatsAssigned: Int!
    "seats − seatsAssigned, never negative; members beyond the seats get basic access"
    seatsAvailable: Int!
    currentPeriodEnd: String
    trialEnd: String
    trialUsed: Boolean!
    "credit to spend, cents, in creditCurrency (gbp for the PROMOTION credit)"
    credit: Int!
    creditCurrency: String!
    "lifetime deals held"
    lifetimes: Int!
    invoices: [BillingInvoice!]!
    codes: [BillingCode!]!
    "stripe | administrator: who changes the plan"
    managedBy: String!
    "the caller is an instance administrator (sets plans and seats when managedBy is administrator)"
    instanceAdministrator: Boolean!
  }

  type ContactSalesAnswer {
    ok: Boolean!
  }

  extend type Query {
    "Every plan with its price in the currency asked (usd when it is not usd, eur or gbp) and frequency (month, year, lifetime)."
    getTeamSubscriptions(team: ID, currency: String, frequency: String, payment: String): [SubscriptionPlan!]!
    getBilling(team: ID!): Billing!
  }

  extend type Mutation {
    "Redeems a promotion code for the caller's current team (team admin)."
    setCode(code: String!): Billing!
    "Contact sales: mailed to the sales address and kept; an empty message is refused."
    sendEmail(message: String!, name: String, email: String, company: String, seats: Int): ContactSalesAnswer!
    "The 15-day trial, once per team, for a team on the free plan (team admin)."
    startTrial(team: ID!): Billing!
    "Cancels the plan: it keeps its benefits until currentPeriodEnd (team admin)."
    cancelSubscription(team: ID!): Billing!
    "Continues a cancelled plan before it ends (team admin)."
    reactivateSubscription(team: ID!): Billing!
    "Instance administrator, without Stripe: plan, period, seats (1..10000), currency."
    setTeamPlan(team: ID!, plan: String!, period: String!, seats: Int!, currency: String): Billing!
    "Instance administrator: a promotion code (credit in cents, a plan for N days, or a lifetime deal), its expiry and uses."
    setPromotionCode(
      code: String!
      kind: String!
      amount: Int
      currency: String
      plan: String
      days: Int
      expiresAt: String
      maxUses: Int
    ): BillingCode!
  }
`;
