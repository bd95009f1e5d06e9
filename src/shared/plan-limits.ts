// How plan limits read to people: one wording for the server's refusals and the client's gates, so a limit
// never reads "1 job posts" or carries a raw path (the upgrade target travels as a link, see decision 016).
import { formatFileSize } from './format';
import type { PlanLimits } from './plans';

/** The limits counted per account (the two boolean flags are features, not counts). */
export type CountedLimit = Exclude<keyof PlanLimits, 'analytics' | 'featuredPlacement' | 'massMessageRecipients'>;

export const UPGRADE_URL = '/subscription';

const nouns: Record<Exclude<CountedLimit, 'fileStorageBytes'>, { one: string; many: string; none: string; window?: string }> = {
  jobPostsPerMonth: { one: 'job post', many: 'job posts', none: 'job posts', window: ' per month' },
  activeJobPostings: { one: 'active job posting', many: 'active job postings', none: 'job postings' },
  messagesPerMonth: { one: 'message', many: 'messages', none: 'messages', window: ' per month' },
  discountCodes: { one: 'active discount code', many: 'active discount codes', none: 'discount codes' },
  advertisements: { one: 'live advertisement', many: 'live advertisements', none: 'advertisements' },
  integrations: { one: 'active store integration', many: 'active store integrations', none: 'store integrations' },
  applicationsPerMonth: { one: 'job application', many: 'job applications', none: 'job applications', window: ' per month' },
  activeAgreements: { one: 'active pro staff agreement', many: 'active pro staff agreements', none: 'pro staff agreements' },
  activeCampaigns: { one: 'open or scheduled campaign', many: 'open or scheduled campaigns', none: 'campaigns' },
};

/** "Your Free plan allows 1 job post per month." / "Your Free plan does not include discount codes." */
export function limitMessage(planName: string, key: CountedLimit, limit: number): string {
  if (key === 'fileStorageBytes') {
    return limit === 0 ? `Your ${planName} plan does not include file sharing.` : `Your ${planName} plan includes ${formatFileSize(limit)} of file sharing.`;
  }
  const noun = nouns[key];
  if (limit === 0) return `Your ${planName} plan does not include ${noun.none}.`;
  return `Your ${planName} plan allows ${limit} ${limit === 1 ? noun.one : noun.many}${noun.window ?? ''}.`;
}
