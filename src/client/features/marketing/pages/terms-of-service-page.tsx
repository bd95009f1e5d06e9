import { LEGAL_UPDATED } from '@shared/legal';
import { LegalDocument, type LegalSection } from '../components/legal-document';

const sections: LegalSection[] = [
  { title: 'Acceptance of Terms', paragraphs: ['By creating an account you accept these Terms and our Privacy Policy; sign-up asks you to confirm it, and we record which version you accepted and when. By using HuntStaff without an account you agree to them too. If you do not agree, do not use the service.'] },
  { title: 'Description of Service', paragraphs: ['HuntStaff is a marketplace connecting hunting businesses (outfitters, retailers and hunting operations) with professional hunting staff. It offers profiles, job postings, messaging, commission tracking, rankings, reviews, advertisements, promotions, discount codes and store integrations. Payment terms between businesses and pro staff are negotiated directly between them; HuntStaff is not a party to those agreements.'] },
  {
    title: 'User Accounts',
    paragraphs: [
      'You must be at least 18 years old to use HuntStaff, and you confirm it when you sign up. You are responsible for the accuracy of your account information, for keeping your password confidential and for all activity under your account.',
      'You must confirm your email address from the link we send before you can do anything that reaches other people or moves money (messaging, applying to or posting jobs, discount codes and stores, agreements, campaigns, reviews, ads, payouts and subscriptions); a changed address must be confirmed again. You may turn on two-factor sign-in on your profile page; admin accounts need it to use the admin tools.',
    ],
  },
  {
    title: 'Prohibited Conduct',
    paragraphs: ['You agree not to:'],
    bullets: [
      'post false, misleading or infringing content, or impersonate anyone;',
      'promote illegal hunting, poaching or any activity that violates wildlife laws;',
      'harass, spam or mass-message users outside the tools and limits provided;',
      'scrape, reverse engineer or interfere with the service or its security;',
      'manipulate reviews, rankings, clicks or impressions.',
    ],
  },
  { title: 'Content and License', paragraphs: ['You keep ownership of the content you post. You grant HuntStaff a worldwide, non-exclusive, royalty-free license to host, display and distribute it to operate and promote the service. You confirm you have the rights to everything you upload.'] },
  { title: 'Privacy', paragraphs: ['Our Privacy Policy explains how we collect and use personal information and forms part of these Terms.'] },
  {
    title: 'Subscriptions and Payments',
    paragraphs: ['Paid plans are billed monthly by card through our payment processor.'],
    bullets: [
      'Fees are charged in advance at the start of each billing period.',
      'Fees are non-refundable except where the law requires otherwise.',
      'Subscriptions renew automatically until cancelled.',
      'You can cancel any time in your subscription settings; access continues until the end of the paid period.',
    ],
  },
  { title: 'Disclaimers', paragraphs: ['The service is provided "as is" and "as available". We do not vet every user, guarantee any engagement, sale or payment, or warrant that the service will be uninterrupted or error-free.'] },
  { title: 'Indemnification', paragraphs: ['You agree to defend and indemnify HuntStaff against claims arising from your content, your use of the service, your agreements with other users or your breach of these Terms.'] },
  { title: 'Termination', paragraphs: ['You may delete your account at any time from your profile page (cancel a paid subscription first). The account is erased 14 days later unless you sign in before then, as our Privacy Policy describes, including the records we keep without your name. We may suspend or terminate accounts that break these Terms or put other users at risk. Sections that by their nature should survive termination will survive.'] },
  { title: 'Dispute Resolution', paragraphs: ['These Terms are governed by the laws of the State of Delaware. Disputes will be resolved by binding individual arbitration, not in court, and you waive any right to participate in a class action or class-wide arbitration. Either party may bring qualifying claims in small claims court.'] },
  { title: 'Changes to Terms', paragraphs: ['We may change these Terms. We will post the new version with a new effective date and notify you of material changes; continuing to use the service means you accept them.'] },
  { title: 'Miscellaneous', paragraphs: ['These Terms are the entire agreement between you and HuntStaff about the service. If a provision is unenforceable the rest remains in effect. Our failure to enforce a right is not a waiver. You may not assign these Terms without our consent.'] },
];

export default function TermsOfServicePage() {
  return (
    <>
      <LegalDocument
        title="Terms of Service"
        dateLabel={`Effective date: ${LEGAL_UPDATED}`}
        intro="These Terms govern your use of HuntStaff. Please read them carefully."
        sections={sections}
      />
      <section aria-labelledby="terms-contact" className="mx-auto max-w-3xl px-4 pb-10 sm:px-6">
        <h2 id="terms-contact" className="text-xl font-semibold">Contact</h2>
        <p className="mt-3 text-bark-900">Questions about these Terms: legal@huntstaff.example.com, or HuntStaff, Attn: Legal, Wilmington, Delaware, USA.</p>
      </section>
    </>
  );
}
