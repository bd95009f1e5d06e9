import type { IntegrationPlatform } from '@shared/contracts/discounts';
import { useSession } from '@client/features/auth';
import { usePlatforms } from './api';
import { API_KEY_PLACEHOLDER, BUSINESS_ID_PLACEHOLDER, PLATFORM_ID_PLACEHOLDER, WEBHOOK_SECRET_PLACEHOLDER, type SnippetContext } from './snippets';

export type SnippetSetup = {
  context: SnippetContext;
  /** True when the samples carry the signed-in business's real id. */
  personalised: boolean;
  platformIdFor(type: IntegrationPlatform['platformType']): number | string;
  hasPlatform(type: IntegrationPlatform['platformType']): boolean;
};

/** Real origin always; the business id and platform ids when a business with a profile is signed in. */
export function useSnippetContext(): SnippetSetup {
  const { user } = useSession();
  const businessId = user?.userType === 'business' ? user.businessId : null;
  const platforms = usePlatforms(businessId);
  const find = (type: IntegrationPlatform['platformType']) => platforms.data?.find((p) => p.platformType === type && p.isActive) ?? platforms.data?.find((p) => p.platformType === type);
  return {
    context: {
      origin: window.location.origin,
      businessId: businessId ?? BUSINESS_ID_PLACEHOLDER,
      apiKey: API_KEY_PLACEHOLDER,
      webhookSecret: WEBHOOK_SECRET_PLACEHOLDER,
    },
    personalised: businessId !== null,
    platformIdFor: (type) => find(type)?.id ?? PLATFORM_ID_PLACEHOLDER,
    hasPlatform: (type) => Boolean(find(type)),
  };
}
