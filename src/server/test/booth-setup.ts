import type { BoothEventFields } from '@shared/contracts/booths';
import type { SignedIn } from './factories';

// What the event booth tests share: a valid event form and its creation.

/** A one-day booth at the Denver show, 09:00–17:00 Mountain time, at Shopify location 655441491. */
export const boothForm = (overrides: Partial<BoothEventFields> = {}): BoothEventFields => ({
  name: 'Denver Sportsman Expo', place: 'Colorado Convention Center, hall B', timeZone: 'America/Denver', locationIds: ['655441491'],
  splitRule: 'equal', commissionRateBps: 1000, days: [{ date: '2027-01-15', windows: [{ from: '09:00', to: '17:00' }] }], staff: [], ...overrides,
});

export async function createBooth(business: SignedIn, overrides: Partial<BoothEventFields> = {}): Promise<{ id: number } & Record<string, unknown>> {
  const res = await business.client.post('/api/booth-events', boothForm(overrides));
  if (res.status !== 201) throw new Error(`booth: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
