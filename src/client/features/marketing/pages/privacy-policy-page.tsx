import { LEGAL_UPDATED } from '@shared/legal';
import { LegalDocument, type LegalSection } from '../components/legal-document';

const sections: LegalSection[] = [
  {
    title: 'Information We Collect',
    paragraphs: ['We collect the information you give us and the information created when you use HuntStaff.'],
    bullets: [
      'Account details: email address, password (stored only as a one-way hash), account type, and when you confirmed your email address.',
      'Consent records: the version of these terms you accepted at sign-up, when, and your confirmation that you are 18 or older.',
      'Security details: if you turn on two-factor sign-in, the authenticator key and one-way hashes of your recovery codes.',
      'Profile details: names, company details, location, specialties, experience, biography, photos, portfolio and social media links.',
      'Activity: job postings, applications, messages and attachments, reviews, commissions, advertisements, promotions and discount codes, campaigns, task proofs you submit (links, reports and photos) and season goals.',
      'Billing details: subscription plan and status. Card numbers are entered directly with our card payment processor and never reach our servers.',
      'Usage data: pages viewed, device and browser type, and IP address.',
    ],
  },
  {
    title: 'How We Use Your Information',
    paragraphs: ['We use your information to run the marketplace and keep it safe.'],
    bullets: [
      'Matching businesses and pro staff by specialty, location and audience.',
      'Delivering messages, notifications and application updates.',
      'Tracking commissions, rankings, promotions and discount code sales.',
      'Processing subscriptions and preventing fraud and abuse.',
      'Improving the service with aggregated analytics.',
    ],
  },
  {
    title: 'Discount Code Abuse Checks',
    paragraphs: [
      'When a connected store reports an order made with a pro staffer’s code, we check it for code abuse: whether the buyer’s email, phone or shipping address matches the pro staffer’s own (their account email, gear shipping addresses and any household addresses they added), whether the buyer came from a coupon site, whether the code is suddenly used far more than usual, whether the email domain is a disposable one, and whether the same buyer (card fingerprint, IP address or address) bought with several pro staffers’ codes.',
      'For these checks we store only keyed one-way hashes of the normalised values (for example of an email address with case, dots and plus tags removed), never the raw values; a household address is kept as its hash and a masked label such as “12 O… St, Boise US”. These hashes are deleted 180 days after the order. A flag records which check fired and non-personal evidence (such as the coupon site’s domain or a count); flags and the business’s decision are kept with the commission’s history. The pro staffer sees the flags on their own orders and the business’s reason when a commission is rejected.',
    ],
  },
  {
    title: 'How We Share Information',
    paragraphs: [
      'Public profile information is visible to other users. We do not sell personal information. We share data only with service providers who process it on our behalf under contract:',
    ],
    bullets: [
      'our card payment processor, for subscription billing;',
      'our email provider, for account and notification emails;',
      'our cloud hosting provider, which stores and runs the service;',
      'our analytics provider, which receives usage data.',
    ],
  },
  {
    title: 'Data Security',
    paragraphs: [
      'Passwords are hashed with a memory-hard algorithm, sessions use secure, HTTP-only cookies, and traffic is encrypted in transit. New accounts (and a changed address) confirm their email address before they can do anything that reaches other people or moves money: messaging, applying, posting jobs, discount codes and stores, agreements, campaigns, reviews, ads, payouts and subscriptions. You can add two-factor sign-in (a code from an authenticator app, with single-use recovery codes) on your profile page; business accounts and admins are asked to, and admin tools require it. No system is perfectly secure; tell us at once if you suspect unauthorised access to your account.',
    ],
  },
  {
    title: 'Your Rights',
    paragraphs: [
      'You may access, correct, export or delete your personal information, and object to or restrict certain processing. Most details can be changed on your profile page; for anything else write to us at the address below.',
      'Export: on your profile page, "Download My Data" gives you one ZIP archive: a machine-readable JSON file (data.json) with your account, profile, messages you sent and received, applications, commissions, reviews you wrote and received, discount codes, ads, promotions, subscriptions and payments, agreements, payouts, campaigns and their files, campaign tasks and the proofs you submitted with their photos, seasons and goals, credentials you submitted for verification, and your notifications and email settings; and, beside it, every file you uploaded or received in your conversations (your picture, message attachments, credential documents, proof photos and campaign files), so the archive stays useful after your account is gone. If your files add up to more than 25 MB, the archive is prepared in the background and a download link emailed to you instead (you can also ask for that directly); the link works for 7 days and only for you, signed in.',
      'Deletion: on your profile page, after entering your password, you can delete your account. You are signed out everywhere, and 14 days later your account is erased; signing in before then cancels the deletion. Your profile, campaigns and their files, the texts and photos of task proofs you submitted, seasons and goals, credentials and their documents, reviews written by or about you, ads, promotions, store connections and sign-in details are erased, and your email address is removed. What the law requires us to keep is kept without your name or contact details: messages you exchanged with businesses or pro staff, commissions, and subscription payment records. Your agreements with businesses or pro staff end ("Account closed"), the other side is told, and both keep their history, which then shows you as "Deleted user", as do the other people you dealt with; the IP address recorded when you accepted an agreement is erased.',
    ],
  },
  {
    title: 'Data Retention',
    paragraphs: ['We keep information only as long as needed:'],
    bullets: [
      'account data until you delete your account (erased 14 days after you ask), or 3 years after your last activity;',
      'business communication records (messages) for 7 years, to meet legal and tax obligations, without your name once you delete your account;',
      'commission and payment records as long as tax law requires, without your name once you delete your account;',
      'credential documents you submit for verification are seen only by you and our reviewers (never by businesses or the public, who see only the credential type and issuer of an approved one), and are kept until you delete your account;',
      'notifications you have read are deleted after 1 year; your notifications and email settings are erased with your account;',
      'usage data is anonymised after 2 years.',
    ],
  },
  {
    title: 'International Data Transfers',
    paragraphs: [
      'We are based in the United States and may process data there and in other countries. Where the law requires it, transfers rely on appropriate safeguards such as standard contractual clauses.',
    ],
  },
  {
    title: "Children's Privacy",
    paragraphs: ['HuntStaff is not intended for anyone under 18; everyone who signs up confirms being 18 or older. We do not knowingly collect data from children under 18 and delete it if we learn we have.'],
  },
  {
    title: 'Third-Party Links',
    paragraphs: ['Profiles, ads and promotions may link to other websites. Their privacy practices are their own; read their policies before sharing information with them.'],
  },
  {
    title: 'Changes to This Policy',
    paragraphs: ['We may update this policy. We will post the new version here with a new date and, for material changes, notify you by email or in the app.'],
  },
  {
    title: 'Contact Us',
    paragraphs: ['Questions about privacy: privacy@huntstaff.example.com, or HuntStaff, Attn: Privacy, Wilmington, Delaware, USA.'],
  },
  {
    title: 'Regional Privacy Rights',
    paragraphs: [
      'California residents: under the CCPA/CPRA you may request to know, delete and correct personal information and to opt out of its sale or sharing; we do not sell personal information and will not discriminate against you for exercising these rights.',
      'Residents of the European Economic Area and the UK: under the GDPR you have the rights above plus data portability and the right to complain to your supervisory authority. Our legal bases are contract, legitimate interests, consent and legal obligation.',
    ],
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      dateLabel={`Last updated: ${LEGAL_UPDATED}`}
      intro="This policy explains what information HuntStaff collects, how we use and share it, and the choices you have."
      sections={sections}
    />
  );
}
