import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import TokenSignIn from './TokenSignIn.svelte';

const text = { title: '导播登录', label: '令牌', submit: '进入' };
const draw = (error: string | null): string =>
  render(TokenSignIn, { props: { text, error, onToken: () => undefined } }).body;

describe('TokenSignIn', () => {
  it('asks for the token in a password field, in the page language', () => {
    const html = draw(null);
    expect(html).toMatch(/<h1[^>]*>导播登录<\/h1>/);
    expect(html).toContain('<span>令牌</span>');
    expect(html).toMatch(/<input type="password"[^>]*data-testid="token-input"/);
    expect(html).toMatch(/<button type="submit"[^>]*>进入<\/button>/);
  });

  it('says why the last token was refused, and nothing when none was', () => {
    expect(draw(null)).not.toContain('token-error');
    expect(draw('令牌无效')).toMatch(/data-testid="token-error"[^>]*>令牌无效</);
  });
});
