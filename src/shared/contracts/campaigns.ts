import { z } from 'zod';
import { dbIdParam } from './common';

// Campaigns (issue 23 item 1, decision record 031): a business's brief for its pro staff, open between two dates,
// for the whole roster or selected rostered staffers, with a content library of files and links.

export const campaignStatuses = ['scheduled', 'open', 'closed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignStatusLabels: Record<CampaignStatus, string> = { scheduled: 'Scheduled', open: 'Open', closed: 'Closed' };

export const campaignAudiences = ['roster', 'selected'] as const;
export type CampaignAudience = (typeof campaignAudiences)[number];
export const campaignAudienceLabels: Record<CampaignAudience, string> = { roster: 'Whole roster', selected: 'Selected pro staff' };

/** A file asset: PDF, JPEG, PNG, GIF or WebP judged by its bytes, at most 10 MB (the app's upload limit). */
export const CAMPAIGN_ASSET_MAX_BYTES = 10 * 1024 * 1024;
export const campaignAssetTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const CAMPAIGN_ASSET_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif,.webp,application/pdf,image/jpeg,image/png,image/gif,image/webp';
/** Assets in one campaign's library. */
export const MAX_CAMPAIGN_ASSETS = 50;
/** Staffers selected for one campaign. */
export const MAX_CAMPAIGN_MEMBERS = 500;

const day = (what: string) => z.iso.date(`Enter the ${what} as YYYY-MM-DD`);

/** The campaign form (create and edit): closes after it opens; "selected" needs at least one staffer. */
export const campaignFields = z
  .object({
    title: z.string('Enter a title').trim().min(3, 'Enter a title of at least 3 characters').max(120, 'At most 120 characters'),
    brief: z.string('Enter the brief').trim().min(1, 'Enter the brief').max(5000, 'At most 5000 characters'),
    opensOn: day('opening date'),
    closesOn: day('closing date'),
    audience: z.enum(campaignAudiences, 'Choose who the campaign is for'),
    memberIds: z.array(z.number().int().positive()).max(MAX_CAMPAIGN_MEMBERS, `At most ${MAX_CAMPAIGN_MEMBERS} pro staff`).default([]),
  })
  .superRefine((value, issue) => {
    if (value.closesOn <= value.opensOn) issue.addIssue({ code: 'custom', path: ['closesOn'], message: 'The campaign must close after it opens' });
    if (value.audience === 'selected' && value.memberIds.length === 0) {
      issue.addIssue({ code: 'custom', path: ['memberIds'], message: 'Choose at least one pro staffer from your roster' });
    }
  });
export type CampaignFieldsInput = z.input<typeof campaignFields>;
export type CampaignFields = z.output<typeof campaignFields>;
export const createCampaignBody = campaignFields;
export const updateCampaignBody = campaignFields;

export const campaignAsset = z.object({
  id: z.number(),
  kind: z.enum(['file', 'link']),
  name: z.string(),
  usageNotes: z.string(),
  /** A link asset's https address, or where a file asset downloads. */
  url: z.string(),
  fileName: z.string().nullable(),
  fileType: z.string().nullable(),
  fileSize: z.number().nullable(),
  createdAt: z.string(),
});
export type CampaignAsset = z.infer<typeof campaignAsset>;

export const campaignMember = z.object({ proStaffId: z.number(), name: z.string() });

export const campaign = z.object({
  id: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  title: z.string(),
  brief: z.string(),
  opensOn: z.string(),
  closesOn: z.string(),
  status: z.enum(campaignStatuses),
  audience: z.enum(campaignAudiences),
  /** The selected staffers (the owning business only; empty for a staffer and for a roster campaign). */
  members: z.array(campaignMember),
  assetCount: z.number(),
  announcedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

export const campaignDetail = campaign.extend({ assets: z.array(campaignAsset) });
export type CampaignDetail = z.infer<typeof campaignDetail>;

const assetText = {
  name: z.string('Enter a name').trim().min(1, 'Enter a name').max(120, 'At most 120 characters'),
  usageNotes: z.string().trim().max(2000, 'At most 2000 characters').default(''),
};
/** A link asset: an https address. */
export const linkAssetBody = z.object({
  ...assetText,
  url: z.url({ protocol: /^https$/, error: 'Enter an https:// address' }).max(2000, 'At most 2000 characters'),
});
export type LinkAssetBody = z.input<typeof linkAssetBody>;
export type LinkAsset = z.output<typeof linkAssetBody>;
/** The text fields of a file asset (multipart/form-data, with the file in the part "file"). */
export const fileAssetFields = z.object(assetText);
export type FileAssetFields = z.output<typeof fileAssetFields>;

export const campaignAssetParams = z.object({ id: dbIdParam, assetId: dbIdParam });
