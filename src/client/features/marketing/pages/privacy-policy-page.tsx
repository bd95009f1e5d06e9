import { LegalDocument, type LegalSection } from '../components/legal-document';

const sections: LegalSection[] = [
  {
    title: 'Information We Collect',
    paragraphs: ['We collect the information you give us and the information created when you use HuntStaff.'],
    bullets: [
      'Account details: email address, password (stored only as a one-way hash) and account type.',
      'Profile details: names, company details, location, specialties, experience, biography, photos, portfolio and social media links.',
      'Activity: job postings, applications, messages and attachments, reviews, commissions, advertisements, promotions and discount codes.',
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
      'Passwords are hashed with a memory-hard algorithm, sessions use secure, HTTP-only cookies, and traffic is encrypted in transit. No system is perfectly secure; tell us at once if you suspect unauthorised access to your account.',
    ],
  },
  {
    title: 'Your Rights',
    paragraphs: [
      'You may access, correct, export or delete your personal information, and object to or restrict certain processing. Most details can be changed on your profile page; for anything else write to us at the address below.',
    ],
  },
  {
    title: 'Data Retention',
    paragraphs: ['We keep information only as long as needed:'],
    bullets: [
      'account data until you delete your account, or 3 years after your last activity;',
      'business communication records for 7 years, to meet legal and tax obligations;',
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
    paragraphs: ['HuntStaff is not intended for anyone under 18. We do not knowingly collect data from children under 18 and delete it if we learn we have.'],
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
      dateLabel="Last updated: January 5, 2025"
      intro="This policy explains what information HuntStaff collects, how we use and share it, and the choices you have."
      sections={sections}
    />
  );
}
