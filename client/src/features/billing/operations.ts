/** Plans and billing (SPEC §3 Subscription plan and Billing, §7 "Billing"), typed from the schema. */
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphqlDocument';

export const subscriptionPlanFragment = graphql(`
  fragment SubscriptionPlanCard on SubscriptionPlan {
    id
    productId
    name
    description
    payment
    price {
      id
      nickname
      currency
      unitAmount
      interval
      isUnlimited
    }
    action
    order
    features
    isCurrent
    hasActiveSubscription
  }
`);

export type SubscriptionPlan = ResultOf<typeof subscriptionPlanFragment>;

/** SPEC §7: the pricing query (also the delayed start-up preload, with frequency year and payment user). */
export const getTeamSubscriptionsDocument = graphql(
  `
    query GetTeamSubscriptions($team: ID, $currency: String, $frequency: String, $payment: String) {
      getTeamSubscriptions(team: $team, currency: $currency, frequency: $frequency, payment: $payment) {
        ...SubscriptionPlanCard
      }
    }
  `,
  [subscriptionPlanFragment],
);

/** A promotion code as the billing section lists it, and as making one answers. */
export const billingCodeFragment = graphql(`
  fragment BillingCode on BillingCode {
    code
    kind
    amount
    currency
    plan
    redeemedAt
  }
`);

export const billingFragment = graphql(
  `
    fragment BillingDetail on Billing {
      team
      type
      state
      period
      currency
      price
      total
      seats
      seatsAssigned
      seatsAvailable
      currentPeriodEnd
      trialEnd
      trialUsed
      credit
      creditCurrency
      lifetimes
      invoices {
        id
        number
        amount
        currency
        state
        createdAt
        ticket
      }
      codes {
        ...BillingCode
      }
      managedBy
      instanceAdministrator
    }
  `,
  [billingCodeFragment],
);

export type Billing = ResultOf<typeof billingFragment>;
export type BillingInvoice = Billing['invoices'][number];

export const getBillingDocument = graphql('query GetBilling($team: ID!) { getBilling(team: $team) { ...BillingDetail } }', [
  billingFragment,
]);

export const startTrialDocument = graphql('mutation StartTrial($team: ID!) { startTrial(team: $team) { ...BillingDetail } }', [
  billingFragment,
]);

export const cancelSubscriptionDocument = graphql(
  'mutation CancelSubscription($team: ID!) { cancelSubscription(team: $team) { ...BillingDetail } }',
  [billingFragment],
);

export const reactivateSubscriptionDocument = graphql(
  'mutation ReactivateSubscription($team: ID!) { reactivateSubscription(team: $team) { ...BillingDetail } }',
  [billingFragment],
);

export const setCodeDocument = graphql('mutation SetCode($code: String!) { setCode(code: $code) { ...BillingDetail } }', [billingFragment]);

export const setTeamPlanDocument = graphql(
  `
    mutation SetTeamPlan($team: ID!, $plan: String!, $period: String!, $seats: Int!, $currency: String) {
      setTeamPlan(team: $team, plan: $plan, period: $period, seats: $seats, currency: $currency) {
        ...BillingDetail
      }
    }
  `,
  [billingFragment],
);

export const setPromotionCodeDocument = graphql(
  `
    mutation SetPromotionCode(
      $code: String!
      $kind: String!
      $amount: Int
      $currency: String
      $plan: String
      $days: Int
      $expiresAt: String
      $maxUses: Int
    ) {
      setPromotionCode(
        code: $code
        kind: $kind
        amount: $amount
        currency: $currency
        plan: $plan
        days: $days
        expiresAt: $expiresAt
        maxUses: $maxUses
      ) {
        ...BillingCode
      }
    }
  `,
  [billingCodeFragment],
);

export type PromotionCodeInput = VariablesOf<typeof setPromotionCodeDocument>;

/** Stripe Checkout for a plan and period (type); without Stripe the server answers PAYMENTS_NOT_CONFIGURED. */
export const setCheckoutDocument = graphql(`
  mutation SetCheckout($plan: String!, $type: String!, $team: ID!, $currency: String) {
    setCheckout(plan: $plan, type: $type, team: $team, currency: $currency) {
      url
    }
  }
`);

/** Stripe's customer portal for the team's subscription. */
export const manageSubscriptionsDocument = graphql('mutation ManageSubscriptions($team: ID!) { manageSubscriptions(team: $team) { url } }');

/** SPEC §7 contact sales: mailed to the instance's sales address and kept. */
export const sendEmailDocument = graphql(`
  mutation SendEmail($message: String!, $name: String, $email: String, $company: String, $seats: Int) {
    sendEmail(message: $message, name: $name, email: $email, company: $company, seats: $seats) {
      ok
    }
  }
`);
