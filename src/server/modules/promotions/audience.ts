import type { PromotionAudience } from '@shared/contracts/promotions';

const stateAbbreviations: Record<string, string> = {
  alabama: 'al', alaska: 'ak', arizona: 'az', arkansas: 'ar', california: 'ca', colorado: 'co', connecticut: 'ct', delaware: 'de',
  florida: 'fl', georgia: 'ga', hawaii: 'hi', idaho: 'id', illinois: 'il', indiana: 'in', iowa: 'ia', kansas: 'ks', kentucky: 'ky',
  louisiana: 'la', maine: 'me', maryland: 'md', massachusetts: 'ma', michigan: 'mi', minnesota: 'mn', mississippi: 'ms', missouri: 'mo',
  montana: 'mt', nebraska: 'ne', nevada: 'nv', 'new hampshire': 'nh', 'new jersey': 'nj', 'new mexico': 'nm', 'new york': 'ny',
  'north carolina': 'nc', 'north dakota': 'nd', ohio: 'oh', oklahoma: 'ok', oregon: 'or', pennsylvania: 'pa', 'rhode island': 'ri',
  'south carolina': 'sc', 'south dakota': 'sd', tennessee: 'tn', texas: 'tx', utah: 'ut', vermont: 'vt', virginia: 'va',
  washington: 'wa', 'west virginia': 'wv', wisconsin: 'wi', wyoming: 'wy',
};

/** "Bozeman, Montana" -> ["bozeman", "mt"]: comma-separated parts, lower-cased, US state names as their codes. */
function locationParts(value: string): string[] {
  return value
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .map((part) => stateAbbreviations[part] ?? part);
}

/**
 * A target location matches when all of its parts appear in the pro staffer's location:
 * "MT" or "Montana" matches "Bozeman, MT"; "Bozeman, MT" matches "Bozeman, MT" but not "Helena, MT".
 */
export function locationMatches(target: string, viewerLocation: string | null): boolean {
  if (!viewerLocation) return false;
  const wanted = locationParts(target);
  const have = new Set(locationParts(viewerLocation));
  return wanted.length > 0 && wanted.every((part) => have.has(part));
}

export function audienceMatches(
  promotion: { targetAudience: PromotionAudience; targetSpecialties: string[]; targetLocation: string | null },
  viewer: { specialties: string[]; location: string | null },
): boolean {
  if (promotion.targetAudience === 'all_pro_staff') return true;
  if (promotion.targetAudience === 'specific_specialties') {
    const have = new Set(viewer.specialties.map((s) => s.trim().toLowerCase()));
    return promotion.targetSpecialties.some((s) => have.has(s.trim().toLowerCase()));
  }
  return promotion.targetLocation !== null && locationMatches(promotion.targetLocation, viewer.location);
}
