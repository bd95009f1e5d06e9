import type { CatalogUpdate, FulfilmentUpdate, StorePlatform } from './types';

/** Placeholder until the platform parsers land (replaced on merge). */
export function parseFulfilment(_platform: StorePlatform, _topic: string, _body: unknown): FulfilmentUpdate | null {
  return null;
}

export function parseCatalogUpdate(_platform: StorePlatform, _topic: string, _body: unknown): CatalogUpdate | null {
  return null;
}
