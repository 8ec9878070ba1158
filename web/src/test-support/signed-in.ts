import type { MemberInfo } from '@ledger/contracts';
import { HttpResponse, http } from 'msw';
import { memberInfo, tokenAnswer } from './fixtures.ts';
import { fakeToken } from './render-app.tsx';

/** A signed-in session: refresh answers `token`, GET /member/me `memberInfo(member)`, and no OTPs. */
export function signedInHandlers(member: Partial<MemberInfo> = {}, token = fakeToken()) {
  return [
    http.post('/api/v1/auth/token/refresh', () => HttpResponse.json(tokenAnswer(token))),
    http.get('/api/v1/member/me', () => HttpResponse.json({ member_info: memberInfo(member) })),
    http.get('/api/v1/otp', () => HttpResponse.json({ data: [] })),
  ];
}
