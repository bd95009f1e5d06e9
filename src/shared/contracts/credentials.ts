import { z } from 'zod';

// Verified credentials (issue 22 item 4, decision record 029): a pro staffer submits a licence or certificate with one
// document; an admin approves or rejects it; the verified badge is "at least one approved, unexpired credential".

export const credentialTypes = ['guide_license', 'outfitter_license', 'hunter_education', 'other'] as const;
export type CredentialType = (typeof credentialTypes)[number];
export const credentialTypeLabels: Record<CredentialType, string> = {
  guide_license: 'Guide licence',
  outfitter_license: 'Outfitter licence',
  hunter_education: 'Hunter education certificate',
  other: 'Other credential',
};

export const credentialStatuses = ['pending', 'approved', 'rejected', 'withdrawn', 'revoked', 'expired'] as const;
export type CredentialStatus = (typeof credentialStatuses)[number];
export const credentialStatusLabels: Record<CredentialStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked',
  expired: 'Expired',
};

/** One document per credential: PDF, JPEG or PNG, at most 10 MB (the upload limit of the app). */
export const CREDENTIAL_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const credentialDocumentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const CREDENTIAL_DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

const day = (what: string) => z.iso.date(`Enter the ${what} as YYYY-MM-DD`);

/**
 * The text fields of POST /api/credentials (sent as multipart/form-data with the document in the part "file").
 * The expiry date may be left empty only for a hunter education certificate, and is never before the issue date.
 */
export const credentialFields = z
  .object({
    type: z.enum(credentialTypes, 'Choose the type of credential'),
    issuingAuthority: z.string('Enter the issuing state or authority').trim().min(2, 'Enter the issuing state or authority').max(120, 'At most 120 characters'),
    number: z.string('Enter the licence or certificate number').trim().min(1, 'Enter the licence or certificate number').max(60, 'At most 60 characters'),
    issuedOn: day('issue date'),
    expiresOn: z
      .union([z.literal(''), day('expiry date')])
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((value, issue) => {
    if (!value.expiresOn && value.type !== 'hunter_education') {
      issue.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Enter the expiry date (only a hunter education certificate may have none)' });
    }
    if (value.expiresOn && value.expiresOn < value.issuedOn) {
      issue.addIssue({ code: 'custom', path: ['expiresOn'], message: 'The expiry date is before the issue date' });
    }
  });
export type CredentialFieldsInput = z.input<typeof credentialFields>;
export type CredentialFields = z.output<typeof credentialFields>;

/** A credential as its owner and admins see it (never shown to businesses or the public). */
export const credential = z.object({
  id: z.number(),
  proStaffId: z.number(),
  type: z.enum(credentialTypes),
  issuingAuthority: z.string(),
  number: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  status: z.enum(credentialStatuses),
  documentName: z.string(),
  documentType: z.string(),
  documentSize: z.number(),
  /** Where the owner or an admin downloads the document. */
  documentUrl: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type Credential = z.infer<typeof credential>;

/** A credential in the admin review queue, with who submitted it. */
export const queuedCredential = credential.extend({
  proStaffName: z.string(),
  proStaffEmail: z.string(),
  /** Whether the staffer already has the badge from another credential. */
  proStaffVerified: z.boolean(),
});
export type QueuedCredential = z.infer<typeof queuedCredential>;

export const credentialQueueQuery = z.object({
  status: z.enum(['pending', 'approved']).optional().default('pending'),
});

/** What anyone may see of a staffer's verified credentials: type and issuer, never the number or the document. */
export const publicCredential = z.object({
  type: z.enum(credentialTypes),
  issuingAuthority: z.string(),
  expiresOn: z.string().nullable(),
});
export type PublicCredential = z.infer<typeof publicCredential>;

const reason = z.string('Give a reason').trim().min(3, 'Give a reason the staffer can act on').max(500, 'At most 500 characters');
export const rejectCredentialBody = z.object({ reason });
export const revokeCredentialBody = z.object({ reason });
export type DecisionBody = z.infer<typeof rejectCredentialBody>;
