// The single source of truth for plans: prices, copy, feature map and the limits the server enforces.
// `null` in a limit means unlimited.

export type UserType = 'business' | 'pro_staff';
export type BusinessTier = 'free' | 'startup' | 'professional' | 'enterprise';
export type ProStaffTier = 'free' | 'pro' | 'elite';
export type Tier = BusinessTier | ProStaffTier;

export const businessTiers = ['free', 'startup', 'professional', 'enterprise'] as const;
export const proStaffTiers = ['free', 'pro', 'elite'] as const;
export const allTiers = ['free', 'startup', 'professional', 'enterprise', 'pro', 'elite'] as const;

export type PlanLimits = {
  /** Job postings created per calendar month (UTC). */
  jobPostsPerMonth: number | null;
  /** Job postings active at the same time. */
  activeJobPostings: number | null;
  /** Direct messages sent per calendar month (UTC). */
  messagesPerMonth: number | null;
  /** Recipients of one mass message; 0 means mass messaging is not included. */
  massMessageRecipients: number | null;
  discountCodes: number | null;
  advertisements: number | null;
  integrations: number | null;
  /** Total attachment storage in bytes. */
  fileStorageBytes: number | null;
  /** Job applications per calendar month (UTC), pro staff only. */
  applicationsPerMonth: number | null;
  /**
   * Pro staff agreements a business has at once: live ones plus open first offers (decision record 028). Free
   * allows one, paid plans are unlimited; pro staff plans do not offer agreements, so theirs is unlimited too.
   */
  activeAgreements: number | null;
  /**
   * Campaigns a business has open or scheduled at once (decision record 031). Free allows one, paid plans are
   * unlimited; pro staff do not run campaigns, so theirs is unlimited too.
   */
  activeCampaigns: number | null;
  analytics: boolean;
  featuredPlacement: boolean;
};

export type FeatureKey =
  | 'jobPostings' | 'messaging' | 'proStaffSearch' | 'profileViews' | 'applications' | 'support'
  | 'analytics' | 'discountCodes' | 'advertisements' | 'commissions' | 'rankings' | 'massMessaging'
  | 'socialSearch' | 'fileSharing' | 'reviews' | 'integrations' | 'priority' | 'dedicated';

export type Plan = {
  id: Tier;
  userType: UserType;
  name: string;
  /** Monthly price in cents. */
  priceCents: number;
  price: string;
  period: string;
  description: string;
  features: string[];
  featureMap: Partial<Record<FeatureKey, string>>;
  popular: boolean;
  limits: PlanLimits;
};

const MB = 1024 * 1024;
const unlimitedExtras = { analytics: true, featuredPlacement: false } as const;

export const featureGroups: { title: string; keys: FeatureKey[] }[] = [
  { title: 'Core Features', keys: ['jobPostings', 'messaging', 'proStaffSearch', 'profileViews', 'applications', 'support'] },
  { title: 'Marketing and Sales', keys: ['discountCodes', 'advertisements', 'commissions', 'rankings'] },
  { title: 'Analytics and Insights', keys: ['analytics', 'reviews', 'socialSearch'] },
  { title: 'Communication and Collaboration', keys: ['massMessaging', 'fileSharing', 'integrations'] },
  { title: 'Enterprise Features', keys: ['priority', 'dedicated'] },
];

export const featureLabels: Record<FeatureKey, string> = {
  jobPostings: 'Job postings',
  messaging: 'Messaging',
  proStaffSearch: 'Pro staff search',
  profileViews: 'Profile views',
  applications: 'Applications',
  support: 'Support',
  analytics: 'Analytics',
  discountCodes: 'Discount codes',
  advertisements: 'Advertisements',
  commissions: 'Commission tracking',
  rankings: 'Rankings',
  massMessaging: 'Mass messaging',
  socialSearch: 'Social media search',
  fileSharing: 'File sharing',
  reviews: 'Reviews',
  integrations: 'Store integrations',
  priority: 'Priority placement',
  dedicated: 'Dedicated account manager',
};

export const plans: Plan[] = [
  {
    id: 'free', userType: 'business', name: 'Free', priceCents: 0, price: '$0', period: 'forever',
    description: 'Try the marketplace and post your first job.',
    features: ['1 job post per month', 'View-only pro staff browsing', '5 messages per month', 'Community support'],
    featureMap: {
      jobPostings: '1 per month', messaging: '5 messages per month', proStaffSearch: 'View only', profileViews: 'Basic',
      applications: 'Receive applications', support: 'Community', analytics: 'Not included', discountCodes: 'Not included',
      advertisements: 'Not included', commissions: 'Basic tracking', rankings: 'View only', massMessaging: 'Not included',
      socialSearch: 'Not included', fileSharing: 'Not included', reviews: 'Receive reviews', integrations: 'Not available',
      priority: 'Not available', dedicated: 'Not available',
    },
    popular: false,
    limits: {
      jobPostsPerMonth: 1, activeJobPostings: null, messagesPerMonth: 5, massMessageRecipients: 0, discountCodes: 0,
      advertisements: 0, integrations: 0, fileStorageBytes: 0, applicationsPerMonth: null, activeAgreements: 1, activeCampaigns: 1, analytics: false, featuredPlacement: false,
    },
  },
  {
    id: 'startup', userType: 'business', name: 'Startup', priceCents: 4900, price: '$49', period: 'per month',
    description: 'For small outfitters building their first pro staff team.',
    features: ['5 active job postings', '100 messages per month', '10 discount codes', '3 advertisements',
      'Mass messaging up to 50 recipients', '100MB file sharing', '2 store integrations', 'Email support'],
    featureMap: {
      jobPostings: '5 active', messaging: '100 messages per month', proStaffSearch: 'Full search', profileViews: 'Full profiles',
      applications: 'Unlimited', support: 'Email', analytics: 'Basic analytics', discountCodes: '10 codes',
      advertisements: '3 ads', commissions: 'Full tracking', rankings: 'Monthly rankings', massMessaging: 'Up to 50 recipients',
      socialSearch: 'Included', fileSharing: '100MB', reviews: 'Receive and respond', integrations: '2 integrations',
      priority: 'Not available', dedicated: 'Not available',
    },
    popular: false,
    limits: {
      jobPostsPerMonth: null, activeJobPostings: 5, messagesPerMonth: 100, massMessageRecipients: 50, discountCodes: 10,
      advertisements: 3, integrations: 2, fileStorageBytes: 100 * MB, applicationsPerMonth: null, activeAgreements: null, activeCampaigns: null, ...unlimitedExtras,
    },
  },
  {
    id: 'professional', userType: 'business', name: 'Professional', priceCents: 14900, price: '$149', period: 'per month',
    description: 'For growing brands running programs across regions.',
    features: ['15 active job postings', '500 messages per month', '50 discount codes', '10 advertisements',
      'Mass messaging up to 200 recipients', '1GB file sharing', '10 store integrations', 'Advanced analytics', 'Priority support'],
    featureMap: {
      jobPostings: '15 active', messaging: '500 messages per month', proStaffSearch: 'Advanced filters', profileViews: 'Full profiles',
      applications: 'Unlimited', support: 'Priority email', analytics: 'Advanced analytics', discountCodes: '50 codes',
      advertisements: '10 ads', commissions: 'Full tracking', rankings: 'Monthly rankings', massMessaging: 'Up to 200 recipients',
      socialSearch: 'Included', fileSharing: '1GB', reviews: 'Receive and respond', integrations: '10 integrations',
      priority: 'Included', dedicated: 'Not available',
    },
    popular: true,
    limits: {
      jobPostsPerMonth: null, activeJobPostings: 15, messagesPerMonth: 500, massMessageRecipients: 200, discountCodes: 50,
      advertisements: 10, integrations: 10, fileStorageBytes: 1024 * MB, applicationsPerMonth: null, activeAgreements: null, activeCampaigns: null, ...unlimitedExtras,
    },
  },
  {
    id: 'enterprise', userType: 'business', name: 'Enterprise', priceCents: 39900, price: '$399', period: 'per month',
    description: 'For national brands that need scale, API access and a dedicated team.',
    features: ['Unlimited job postings', 'Unlimited messaging', 'Unlimited discount codes', 'Unlimited advertisements',
      'Mass messaging to unlimited recipients', '10GB file sharing', 'Unlimited integrations', 'API access',
      'Custom branding', 'Dedicated account manager', '24/7 email support'],
    featureMap: {
      jobPostings: 'Unlimited', messaging: 'Unlimited', proStaffSearch: 'Advanced filters', profileViews: 'Full profiles',
      applications: 'Unlimited', support: '24/7 email', analytics: 'Custom reports', discountCodes: 'Unlimited',
      advertisements: 'Unlimited', commissions: 'Full tracking', rankings: 'Monthly rankings', massMessaging: 'Unlimited recipients',
      socialSearch: 'Included', fileSharing: '10GB', reviews: 'Receive and respond', integrations: 'Unlimited',
      priority: 'Included', dedicated: 'Dedicated account manager',
    },
    popular: false,
    limits: {
      jobPostsPerMonth: null, activeJobPostings: null, messagesPerMonth: null, massMessageRecipients: null, discountCodes: null,
      advertisements: null, integrations: null, fileStorageBytes: 10 * 1024 * MB, applicationsPerMonth: null, activeAgreements: null, activeCampaigns: null, ...unlimitedExtras,
    },
  },
  {
    id: 'free', userType: 'pro_staff', name: 'Free', priceCents: 0, price: '$0', period: 'forever',
    description: 'Build your profile and start applying.',
    features: ['Public profile and portfolio', 'Apply to 3 jobs per month', '10 messages per month', 'Receive reviews'],
    featureMap: {},
    popular: false,
    limits: {
      jobPostsPerMonth: 0, activeJobPostings: 0, messagesPerMonth: 10, massMessageRecipients: 0, discountCodes: 0,
      advertisements: 0, integrations: 0, fileStorageBytes: 25 * MB, applicationsPerMonth: 3, activeAgreements: null, activeCampaigns: null, analytics: false, featuredPlacement: false,
    },
  },
  {
    id: 'pro', userType: 'pro_staff', name: 'Pro', priceCents: 1900, price: '$19', period: 'per month',
    description: 'For active pro staffers who want every opportunity.',
    features: ['Unlimited job applications', 'Unlimited messaging', 'Profile analytics', 'Priority in search results'],
    featureMap: {},
    popular: true,
    limits: {
      jobPostsPerMonth: 0, activeJobPostings: 0, messagesPerMonth: null, massMessageRecipients: 0, discountCodes: 0,
      advertisements: 3, integrations: 0, fileStorageBytes: 1024 * MB, applicationsPerMonth: null, activeAgreements: null, activeCampaigns: null, analytics: true, featuredPlacement: false,
    },
  },
  {
    id: 'elite', userType: 'pro_staff', name: 'Elite', priceCents: 4900, price: '$49', period: 'per month',
    description: 'Featured placement and coaching for top pro staff.',
    features: ['Everything in Pro', 'Featured placement', 'One-on-one coaching', 'Unlimited messaging'],
    featureMap: {},
    popular: false,
    limits: {
      jobPostsPerMonth: 0, activeJobPostings: 0, messagesPerMonth: null, massMessageRecipients: 0, discountCodes: 0,
      advertisements: 10, integrations: 0, fileStorageBytes: 10 * 1024 * MB, applicationsPerMonth: null, activeAgreements: null, activeCampaigns: null, analytics: true, featuredPlacement: true,
    },
  },
];

export function plansFor(userType: UserType): Plan[] {
  return plans.filter((plan) => plan.userType === userType);
}

/** The plan a user is on; an unknown tier for the user's type falls back to that type's free plan. */
export function planFor(userType: UserType, tier: string | null | undefined): Plan {
  const forType = plansFor(userType);
  return forType.find((plan) => plan.id === tier) ?? forType[0];
}

export function isTierValidFor(userType: UserType, tier: string): boolean {
  return plansFor(userType).some((plan) => plan.id === tier);
}

/** 'unlimited' or the number, for limit messages. */
export function describeLimit(limit: number | null): string {
  return limit === null ? 'unlimited' : String(limit);
}
