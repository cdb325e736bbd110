import type { Router } from 'express';
import { route, type RouteResponse } from '../../http/access';
import { HttpError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { getUser } from '../../domain/identity/user-store';
import { clientIp } from './client-ip';
import type { SessionAnswer } from '../../contract/answers';
import { loginWithPassword } from './login';
import { requestOtp, verifyOtp } from './otp';
import { signInTurnsHere } from './sign-in-turns';
import { countEvent, REGISTRATIONS_PER_IP, withRetryAfter } from './rate-limit';
import { register, REGISTERED, TOO_MANY_REGISTRATIONS } from './register';
import { loginBody, logoutBody, otpRequestBody, otpVerifyBody, registerBody } from './schemas';
import {
  clearSessionCookie,
  endAllSessions,
  endSession,
  sessionToken,
  setSessionCookie,
} from '../../domain/identity/sessions';

function signedIn(res: RouteResponse<'POST /auth/login'>, answer: SessionAnswer): void {
  setSessionCookie(res, answer.token);
  res.json(answer);
}

export function registerAccountRoutes(router: Router): void {
  route(router, 'POST /auth/login', async (req, res) => {
    const { email, password } = parseBody(loginBody, req);
    try {
      signedIn(
        res,
        await signInTurnsHere.take(() => loginWithPassword(email, password, clientIp(req))),
      );
    } catch (err) {
      throw withRetryAfter(res, err);
    }
  });

  route(router, 'POST /auth/register', async (req, res) => {
    const input = parseBody(registerBody, req);
    try {
      await countEvent([{ limit: REGISTRATIONS_PER_IP, key: clientIp(req) }], {
        refuseAtLimit: TOO_MANY_REGISTRATIONS,
      });
    } catch (err) {
      throw withRetryAfter(res, err);
    }
    await register(input);
    res.status(201).json({ message: REGISTERED });
  });

  route(router, 'POST /auth/otp/request', async (req, res) => {
    const { identifier } = parseBody(otpRequestBody, req);
    try {
      res.json(await requestOtp(identifier, clientIp(req)));
    } catch (err) {
      throw withRetryAfter(res, err);
    }
  });

  route(router, 'POST /auth/otp/verify', async (req, res) => {
    const { identifier, code } = parseBody(otpVerifyBody, req);
    signedIn(res, await signInTurnsHere.take(() => verifyOtp(identifier, code, clientIp(req))));
  });

  // Public: signing out always works, even with a token that is no longer good.
  route(router, 'POST /auth/logout', async (req, res) => {
    const { everywhere } = parseBody(logoutBody, req);
    const token = sessionToken(req);
    if (token) await endSession(token);
    if (everywhere && req.session) await endAllSessions(req.session.uid);
    clearSessionCookie(res);
    res.json({ message: 'Logged out' });
  });

  route(router, 'GET /auth/me', async (req, res) => {
    const session = req.session!;
    const user = await getUser(session.uid);
    if (!user) throw new HttpError(401, 'Sign in required');
    res.json({ user, role: session.role, permissions: session.permissions });
  });
}
