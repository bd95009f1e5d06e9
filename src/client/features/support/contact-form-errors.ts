/** What /contact?error=<code> shows after a native post (support/form-routes.ts): fixed texts, never the server's words. */
export const contactFormErrors: Record<string, string> = {
  'invalid-input': 'Please check the form: a name, a valid email, a subject and a message of at least 10 characters are needed.',
  'rate-limited': 'Too many messages from this network. Please try again in an hour.',
  'cross-site': 'The message could not be sent from that page. Please send it from this form.',
  failed: 'Something went wrong. Please try again.',
};
