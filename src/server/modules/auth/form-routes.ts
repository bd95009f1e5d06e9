import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginBody, registerBody } from '@shared/contracts/auth';
import { loginTwoFactorBody } from '@shared/contracts/account';
import { noContent } from '@shared/contracts/common';
import { readSessionToken, setSessionCookie } from '@server/lib/auth';
import { AppError, retryAfterOf } from '@server/lib/errors';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { apiTags } from '@server/lib/routes/openapi';
import type { Config } from '@server/config';
import { isFromOurSite } from './form-origin';
import * as service from './service';

/**
 * The sign-in and sign-up forms as the browser posts them before the app has started (decision record 034): the
 * prerendered /auth form posts here (method=post, form-encoded), and the answer is a 303 to the dashboard, or back
 * to the form with an error code. Once the app has started it takes the same form over and uses the JSON routes.
 * Same services as the JSON routes, so the same validation and throttles; a two-factor challenge travels in an
 * httpOnly cookie, never in the address. The address only ever carries an error code: no email, no password.
 */

export const FORM_LOGIN_URL = '/api/auth/login/form';
export const FORM_REGISTER_URL = '/api/auth/register/form';
export const FORM_TWO_FACTOR_URL = '/api/auth/login/two-factor/form';

/** Holds the challenge token between the two posts; sent to the two-factor form route alone. */
const challengeCookie = (config: Config) => (config.cookieSecure ? '__Secure-hs_2fa_challenge' : 'hs_2fa_challenge');

/**
 * Tells the app, once it starts on the page the redirect leads to, that a session began without it: it keeps the
 * signed-in user in local storage only when it signs in itself, and asks the server for the user otherwise only when
 * it holds one (features/auth/session.tsx). Not a secret: it says "ask", the httpOnly session cookie is the proof.
 */
export const SIGNED_IN_BY_FORM_COOKIE = 'hs_signed_in_by_form';

function startSession(reply: FastifyReply, config: Config, session: { token: string; expiresAt: Date }) {
  setSessionCookie(reply, config, session.token, session.expiresAt);
  reply.setCookie(SIGNED_IN_BY_FORM_COOKIE, '1', { path: '/', sameSite: 'lax', secure: config.cookieSecure, maxAge: 5 * 60 });
}

/** A form post is small: two fields, or five at sign-up. */
const FORM_BODY_LIMIT = 8 * 1024;

// Every field optional and loosely bounded: a browser's post always gets a redirect back to the form, whatever was
// typed; the contracts of the JSON routes then decide, exactly as for the app.
const field = z.string().max(1000).optional();
const loginForm = z.object({ email: field, password: field });
const registerForm = z.object({ email: field, password: field, accountType: field, ageConfirmed: field, termsAccepted: field });
const twoFactorForm = z.object({ code: field });

/** What a ticked box sends ("on" unless it has a value); an unticked one sends nothing. */
const ticked = (value: string | undefined) => value !== undefined && value !== '';

/** The error code the form shows (features/auth/auth-form-errors.ts): never the server's text, so a link cannot put words on our page. */
function errorCode(error: AppError): string {
  switch (error.code) {
    case 'UNAUTHENTICATED':
      return 'invalid';
    case 'RATE_LIMITED':
      return 'rate-limited';
    case 'CONFLICT':
      return 'taken';
    case 'VALIDATION':
      return 'invalid-input';
    default:
      return 'failed';
  }
}

/** Runs a form post: refused cross-site posts and the services' refusals go back to `back` with a code; anything else (the database down) is the app's usual error. */
async function formPost(request: FastifyRequest, reply: FastifyReply, back: string, handle: () => Promise<string>) {
  const separator = back.includes('?') ? '&' : '?';
  if (!isFromOurSite(request)) return reply.redirect(`${back}${separator}error=cross-site`, 303);
  try {
    return reply.redirect(await handle(), 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const retry = retryAfterOf(error);
    if (retry) reply.header('Retry-After', String(retry));
    return reply.redirect(`${back}${separator}error=${errorCode(error)}`, 303);
  }
}

/** The contract's verdict on the converted form, as the JSON route would give it. */
function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('VALIDATION', 'The form is not filled in correctly');
  return result.data;
}

const dashboardPath = (userType: string) => (userType === 'pro_staff' ? '/pro-staff-dashboard' : '/business-dashboard');

export const authFormRoutes = moduleRoutes(apiTags.auth, (app, ctx) => {
  // Form-encoded bodies on these routes only (this plugin is encapsulated); every other route stays JSON-only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const formResponses = { 303: noContent.describe('See Other: to the dashboard, the two-factor step, or back to the form with ?error=<code>') };

  app.post(
    FORM_LOGIN_URL,
    { schema: { summary: 'Sign in from the HTML form (application/x-www-form-urlencoded; answers with a redirect)', body: loginForm, response: formResponses } },
    async (request, reply) =>
      formPost(request, reply, '/auth', async () => {
        const input = parsed(loginBody, { email: request.body.email ?? '', password: request.body.password ?? '' });
        const result = await service.login(ctx, input, request.ip, readSessionToken(request, ctx.config));
        if ('twoFactorRequired' in result) {
          reply.setCookie(challengeCookie(ctx.config), result.challengeToken, {
            path: FORM_TWO_FACTOR_URL,
            httpOnly: true,
            sameSite: 'strict',
            secure: ctx.config.cookieSecure,
            expires: new Date(result.expiresAt),
          });
          return '/auth?step=two-factor';
        }
        startSession(reply, ctx.config, result);
        return dashboardPath(result.user.userType);
      }),
  );

  app.post(
    FORM_REGISTER_URL,
    { schema: { summary: 'Create an account from the HTML form (application/x-www-form-urlencoded; answers with a redirect)', body: registerForm, response: formResponses } },
    async (request, reply) => {
      const type = request.body.accountType === 'pro_staff' ? 'pro_staff' : 'business';
      return formPost(request, reply, `/auth?mode=signup&type=${type}`, async () => {
        const { email = '', password = '', accountType, ageConfirmed, termsAccepted } = request.body;
        const input = parsed(registerBody, { email, password, userType: accountType, ageConfirmed: ticked(ageConfirmed), termsAccepted: ticked(termsAccepted) });
        const session = await service.register(ctx, input, request.ip, readSessionToken(request, ctx.config));
        startSession(reply, ctx.config, session);
        return dashboardPath(session.user.userType);
      });
    },
  );

  app.post(
    FORM_TWO_FACTOR_URL,
    { schema: { summary: 'Finish a two-factor sign-in from the HTML form (the challenge is in a cookie; answers with a redirect)', body: twoFactorForm, response: formResponses } },
    async (request, reply) => {
      const challengeToken = request.cookies[challengeCookie(ctx.config)] ?? '';
      return formPost(request, reply, '/auth?step=two-factor', async () => {
        // Without a challenge (its cookie expired, or none was started) there is nothing to finish: back to the password.
        if (!challengeToken) return '/auth?error=expired';
        const input = parsed(loginTwoFactorBody, { challengeToken, code: request.body.code ?? '' });
        const clearChallenge = () => reply.clearCookie(challengeCookie(ctx.config), { path: FORM_TWO_FACTOR_URL, httpOnly: true, sameSite: 'strict', secure: ctx.config.cookieSecure });
        let session;
        try {
          session = await service.loginTwoFactor(ctx, input, readSessionToken(request, ctx.config));
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) throw error;
          // An expired challenge cannot be finished: it is dropped and the form asks for the password again.
          clearChallenge();
          return '/auth?error=expired';
        }
        clearChallenge();
        startSession(reply, ctx.config, session);
        return dashboardPath(session.user.userType);
      });
    },
  );
});
