/** Specialties offered by mass messaging and profile editing (decision record 010 §9, 15 entries). */
export const proStaffSpecialties = [
  'Bow Hunting', 'Rifle Hunting', 'Shotgun Hunting', 'Muzzleloader', 'Duck Hunting', 'Turkey Hunting',
  'Deer Hunting', 'Elk Hunting', 'Bear Hunting', 'Predator Hunting', 'Upland Game', 'Small Game',
  'Fishing Guide', 'Outdoor Photography', 'Hunting Education',
] as const;

/** Specialties offered when targeting a promotion (decision record 010 §9, 12 entries). */
export const promotionSpecialties = [
  'Bow Hunting', 'Rifle Hunting', 'Waterfowl', 'Big Game', 'Upland Birds', 'Turkey Hunting',
  'Predator Hunting', 'Hunting Guide', 'Outfitter Services', 'Wildlife Photography', 'Fishing Guide', 'Safari Guide',
] as const;

export const socialPlatformKeys = ['instagram', 'facebook', 'youtube', 'twitter', 'tiktok', 'linkedin', 'website'] as const;
export type SocialPlatformKey = (typeof socialPlatformKeys)[number];

/** Platforms offered by the tag search filter (plus 'all'). */
export const tagSearchPlatforms = ['instagram', 'twitter', 'facebook', 'tiktok', 'youtube'] as const;
