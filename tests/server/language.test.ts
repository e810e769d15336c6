import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from '../../src/domain/language';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, signInByEmail } from '../helpers/auth';
import { testEngines } from '../helpers/db';

describe('reading Accept-Language', () => {
  it('takes the most preferred language Moa speaks', () => {
    expect(languageFromAcceptLanguage('ko-KR,ko;q=0.9,en-US;q=0.8')).toBe('ko');
    expect(languageFromAcceptLanguage('en-US,en;q=0.9,ko;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('ja;q=1, ko;q=0.5, en;q=0.7')).toBe('en');
    expect(languageFromAcceptLanguage('fr, de;q=0.5')).toBeNull();
    expect(languageFromAcceptLanguage('ko;q=0, en')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });
});

interface Outbox {
  messages: Array<{ subject: string; text: string }>;
}

describe.each(testEngines())('messages and mails in the investor’s language on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const outbox = async (email: string) =>
    ((await t.app.inject({ url: `/api/v1/dev/outbox?email=${encodeURIComponent(email)}` })).json() as Outbox).messages;
  const requestCode = (email: string, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/code',
      payload: { email },
      headers: language ? { 'accept-language': language } : {},
    });

  it('answers a signed-out error in the requested language, with the same code', async () => {
    const korean = await t.app.inject({ url: '/api/v1/users/me', headers: { 'accept-language': 'ko-KR,ko;q=0.9' } });
    expect(korean.statusCode).toBe(401);
    expect(korean.json()).toEqual({
      errors: [{ code: 'UNAUTHORIZED', message: '로그인이 필요합니다. 다시 로그인해 주세요.' }],
    });
    const english = await t.app.inject({ url: '/api/v1/users/me', headers: { 'accept-language': 'en-US' } });
    expect(english.json()).toEqual({ errors: [{ code: 'UNAUTHORIZED', message: 'Sign in to continue.' }] });
    const unknown = await t.app.inject({ url: '/api/v1/users/me', headers: { 'accept-language': 'fr' } });
    expect((unknown.json() as { errors: Array<{ message: string }> }).errors[0]?.message).toBe('Sign in to continue.');
  });

  it('says which field was refused and why in the requested language, through the shared schema', async () => {
    const send = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/code',
        payload: { email: 'not an address' },
        headers: { 'accept-language': language },
      });
    const korean = await send('ko-KR');
    expect(korean.statusCode).toBe(400);
    expect(korean.json()).toEqual({
      errors: [{ code: 'VALIDATION_FAILED', message: 'body.email: 올바른 이메일 주소를 입력해 주세요.' }],
    });
    const english = await send('en');
    expect(english.json()).toEqual({
      errors: [{ code: 'VALIDATION_FAILED', message: 'body.email: Enter a valid email address.' }],
    });
    // A message of the validation library itself (no key of ours) is passed on as it is.
    const unknownField = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/code',
      payload: { email: 'hana@example.com', role: 'ADMIN' },
      headers: { 'accept-language': 'ko' },
    });
    expect(unknownField.statusCode).toBe(400);
    const message = (unknownField.json() as { errors: Array<{ message: string }> }).errors[0]!.message;
    expect(message).toMatch(/^body: /);
    expect(message).not.toMatch(/validation\./);
  });

  it('answers an unknown API address in the requested language', async () => {
    const korean = await t.app.inject({ url: '/api/v1/no-such-thing', headers: { 'accept-language': 'ko' } });
    expect(korean.statusCode).toBe(404);
    expect(korean.json()).toEqual({ errors: [{ code: 'NOT_FOUND', message: '요청하신 내용을 찾을 수 없습니다.' }] });
    const english = await t.app.inject({ url: '/api/v1/no-such-thing' });
    expect((english.json() as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('NOT_FOUND');
  });

  it('mails the sign-in code in Korean to a Korean reader and in English otherwise', async () => {
    expect((await requestCode('hana@example.com', 'ko')).statusCode).toBe(200);
    const [korean] = await outbox('hana@example.com');
    expect(korean?.subject).toMatch(/^\[Moa\] 로그인 인증 코드 \d{6}$/);
    expect(korean?.text).toMatch(/Moa 로그인 인증 코드는 \d{6} 입니다\./);
    expect(korean?.text).toContain('10분 안에');

    expect((await requestCode('james@example.com')).statusCode).toBe(200);
    const [english] = await outbox('james@example.com');
    expect(english?.subject).toBe('Your Moa sign-in code');
    expect(english?.text).toMatch(/Your Moa sign-in code is \d{6}\./);
  });

  it('keeps the investor’s chosen language and answers in it even without Accept-Language', async () => {
    const token = await signInByEmail(t.app, 'minji@example.com');
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/language',
      payload: { language: 'fr' },
      headers: bearer(token),
    });
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json() as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('VALIDATION_FAILED');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/language',
      payload: { language: 'ko' },
      headers: bearer(token),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'ko' });

    // The stored choice wins over the request's header for a signed-in investor.
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/names',
      payload: { name: 'Minji' },
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [{ code: 'OTP_REQUIRED', message: '먼저 2단계 인증을 완료해 주세요.' }] });

    // And the next sign-in code follows it, whatever the browser asks.
    expect((await requestCode('minji@example.com', 'en-US')).statusCode).toBe(200);
    const [mail] = await outbox('minji@example.com');
    expect(mail?.subject).toMatch(/^\[Moa\] 로그인 인증 코드/);

    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/language',
      payload: { language: 'en' },
      headers: bearer(token),
    });
    expect(back.statusCode).toBe(200);
    expect((await requestCode('minji@example.com', 'ko')).statusCode).toBe(200);
    expect((await outbox('minji@example.com'))[0]?.subject).toBe('Your Moa sign-in code');
  });

  it('writes the contact receipt in the sender’s language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: '김서연', email: 'seoyeon@example.com', topic: 'payments', message: '입금 확인 부탁드립니다.' },
      headers: { 'accept-language': 'ko-KR' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [receipt] = await outbox('seoyeon@example.com');
    expect(receipt?.subject).toBe('[Moa] 문의가 접수되었습니다');
    expect(receipt?.text).toContain('‘결제’ 관련 문의');
  });
});
